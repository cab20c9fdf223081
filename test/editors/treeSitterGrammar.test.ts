/**
 * The tree-sitter grammar of `.noarkq` (editors/tree-sitter-noarkq) and the queries that Zed, Helix
 * and tree-sitter's own tools colour with: every example and fixture file of the repository parses
 * without an error and into the blocks the language server sees; the constructs of the format parse
 * into the nodes the queries name; each query compiles against the grammar and captures what it is
 * meant to; and src/ was generated from grammar.js as it is now.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import Parser from 'tree-sitter';
import { parseDocument } from '../../core/document/documentParser';
import { repositoryRoot } from './editorHarness';
import { grammarFolder, noarkqLanguage, parserFor } from './treeSitterBuild';

function noarkqFiles(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    if (name === 'node_modules' || name === '.git' || name === 'dist') continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) noarkqFiles(path, out);
    else if (name.endsWith('.noarkq')) out.push(path);
  }
  return out;
}

const files = [...noarkqFiles(join(repositoryRoot, 'examples')), ...noarkqFiles(join(repositoryRoot, 'test'))];
const broken = join(repositoryRoot, 'examples', 'broken.noarkq');

function errorsIn(node: Parser.SyntaxNode): string[] {
  const found: string[] = [];
  const visit = (n: Parser.SyntaxNode): void => {
    if (n.type === 'ERROR' || n.isMissing) found.push(`${n.isMissing ? 'missing' : 'error'} at ${n.startPosition.row + 1}:${n.startPosition.column + 1}`);
    else if (n.hasError) for (const child of n.children) visit(child);
  };
  visit(node);
  return found;
}

const kindOfRequest: Record<string, string> = { query: 'query', transaction: 'transaction', http_request: 'http', upload: 'upload', download: 'download' };

/** Each block's name and request kind as the grammar parses them. */
function grammarBlocks(tree: Parser.Tree): { name: string | undefined; kind: string }[] {
  return tree.rootNode.namedChildren
    .filter((n) => n.type === 'block')
    .map((block) => {
      const request = block.namedChildren.find((n) => n.type in kindOfRequest);
      return { name: block.namedChildren[0].childForFieldName('name')?.text, kind: request ? kindOfRequest[request.type] : 'unknown' };
    });
}

test('every .noarkq file of the repository parses without an error, except the broken example', () => {
  assert.ok(files.length > 100, `found only ${files.length} files`);
  const parser = parserFor();
  const failed = files
    .filter((f) => f !== broken)
    .map((f) => ({ file: relative(repositoryRoot, f), errors: errorsIn(parser.parse(readFileSync(f, 'utf8')).rootNode) }))
    .filter((r) => r.errors.length > 0);
  assert.deepEqual(failed, []);
});

test('the grammar sees the blocks and requests the language server sees, in every file', () => {
  const parser = parserFor();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const fromServer = parseDocument(text).blocks.map((b) => ({ name: b.parsed.name?.text, kind: b.parsed.request?.kind ?? 'unknown' }));
    const fromGrammar = grammarBlocks(parser.parse(text));
    const where = relative(repositoryRoot, file);
    assert.deepEqual(fromGrammar.map((b) => b.name), fromServer.map((b) => b.name), `${where}: block names`);
    // The broken example's requests are broken on purpose (a misspelt keyword, a body without its
    // request line): only its blocks are compared there.
    if (file !== broken) assert.deepEqual(fromGrammar.map((b) => b.kind), fromServer.map((b) => b.kind), `${where}: request kinds`);
  }
});

test("the broken example's errors stay on its broken lines", () => {
  const text = readFileSync(broken, 'utf8');
  const lines = text.split('\n');
  const errors = errorsIn(parserFor().parse(text).rootNode);
  assert.ok(errors.length > 0);
  for (const error of errors) {
    const line = lines[Number(/at (\d+):/.exec(error)?.[1]) - 1];
    assert.doesNotMatch(line, /^###/, `${error} is on a block header: ${line}`);
  }
});

const sample = [
  '@year = 2024',
  '@t = "Bygg {{x}} \\"q\\""',
  '',
  '### findCase Find it',
  'query Saksmappe',
  'WHERE (saksaar = @year &&',
  '  tittel %= @t)',
  '  || #k1.klasseIdent = [@a:@b}',
  'JOIN #k1 = refSekundaerKlasse',
  'SORT saksaar DESC, tittel',
  'LIMIT 10',
  'OFFSET @off',
  'PUBLICUSE true',
  'EXPECT results[*].fields.saksaar = @year',
  '',
  '### search',
  'POST full-text/search?x={{findCase.results[0].id}}',
  '{ "query": "{{findCase.results[0].id}}" }',
  '# a comment',
  'RETRY 20 EVERY 500ms',
  'EXPECT header Content-Type ~ /json/i',
  'EXPECT total exists',
  '',
  '### up',
  'UPLOAD ./files/a.pdf AS Søknad om løyve.pdf',
  '',
  '### down',
  'DOWNLOAD {{up.id}} TO ./out/a.pdf',
  'EXPECT status = 200',
].join('\n');

test('the constructs of the format parse into the nodes the queries name', () => {
  const tree = parserFor().parse(sample);
  assert.equal(
    tree.rootNode.toString(),
    [
      '(source_file',
      ' (variable name: (variable_name) value: (number))',
      ' (variable name: (variable_name) value: (string (string_content) (reference path: (reference_path root: (reference_name))) (string_content) (escape_sequence) (string_content) (escape_sequence)))',
      ' (block (block_header name: (block_name) description: (description))',
      '  (query type: (type_name)',
      '   (where_clause (binary_expression',
      '    left: (parenthesized_expression (binary_expression left: (comparison field: (field_path (field_name)) value: (parameter)) right: (comparison field: (field_path (field_name)) value: (parameter))))',
      '    right: (comparison field: (field_path (alias) (field_name)) value: (range (parameter) (parameter)))))',
      '   (join_clause alias: (alias) path: (field_path (field_name)))',
      '   (sort_clause (sort_key (field_path (field_name))) (sort_key (field_path (field_name))))',
      '   (limit_clause (number)) (offset_clause (parameter)) (public_use_clause (boolean)))',
      '  (expectation subject: (response_path (field_name) (field_name) (field_name)) operator: (expect_operator) value: (parameter)))',
      ' (block (block_header name: (block_name))',
      '  (http_request target: (target (reference path: (reference_path root: (reference_name) (field_name) (number) (field_name)))) (body (body_line) (comment)))',
      '  (retry count: (number) interval: (duration))',
      '  (expectation subject: (subject_keyword) header: (header_name) operator: (expect_operator) value: (regex))',
      '  (expectation subject: (response_path (field_name))))',
      ' (block (block_header name: (block_name)) (upload path: (file_path) name: (file_name)))',
      ' (block (block_header name: (block_name))',
      '  (download id: (reference path: (reference_path root: (reference_name) (field_name))) path: (file_path))',
      '  (expectation subject: (subject_keyword) operator: (expect_operator) value: (number))))',
    ]
      .join('')
      .replace(/\s+/g, ' ')
      .replace(/\( /g, '(')
      .replace(/ \)/g, ')'),
  );
});

test('a last line without a newline, CRLF line ends and keywords in any case parse as usual', () => {
  const parser = parserFor();
  for (const text of ['### a\nquery Saksmappe\nwhere tittel = @t', '### a\r\nQUERY Saksmappe\r\nWHERE tittel = @t\r\n', '### a\nQuery Saksmappe\nWhere tittel = @t\n']) {
    const tree = parser.parse(text);
    assert.deepEqual(errorsIn(tree.rootNode), [], JSON.stringify(text));
    const where = tree.rootNode.descendantsOfType('where_clause')[0];
    assert.equal(where.text.trimEnd(), text.split(/\r?\n/)[2], JSON.stringify(text));
  }
  const body = parser.parse('### x\r\nTRANSACTION\r\n[]\r\n').rootNode.descendantsOfType('body_line')[0];
  assert.equal(body.text, '[]', 'a body line ends before its carriage return');
});

/** The capture names a query gives the text `token` at its `occurrence`-th appearance in `text`. */
function capturesAt(query: Parser.Query, tree: Parser.Tree, text: string, token: string, occurrence = 0): string[] {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = text.indexOf(token, at + 1);
  assert.ok(at >= 0, `${token} is not in the sample`);
  return query
    .captures(tree.rootNode)
    .filter((c) => c.node.startIndex === at && c.node.endIndex === at + token.length)
    .map((c) => c.name);
}

const highlightFiles = {
  'tree-sitter': join(grammarFolder, 'queries', 'highlights.scm'),
  helix: join(repositoryRoot, 'editors', 'helix', 'highlights.scm'),
  zed: join(repositoryRoot, 'editors', 'zed', 'languages', 'noarkq', 'highlights.scm'),
};

/** What each editor's highlights call a few tokens of the sample: [token, occurrence, tree-sitter, helix, zed]. */
const expectedCaptures: [string, number, string, string, string][] = [
  ['query', 0, 'keyword', 'keyword.control', 'keyword'],
  ['WHERE', 0, 'keyword', 'keyword', 'keyword'],
  ['findCase', 0, 'markup.heading', 'markup.heading', 'title'],
  ['Saksmappe', 0, 'type', 'type', 'type'],
  ['saksaar', 0, 'property', 'variable.other.member', 'property'],
  ['@year', 1, 'variable.parameter', 'variable.parameter', 'variable.special'],
  ['@year', 0, 'variable', 'variable', 'variable'],
  ['#k1', 0, 'label', 'label', 'label'],
  ['%=', 0, 'operator', 'operator', 'operator'],
  ['2024', 0, 'number', 'constant.numeric', 'number'],
  ['true', 0, 'boolean', 'constant.builtin.boolean', 'boolean'],
  ['# a comment', 0, 'comment', 'comment', 'comment'],
  ['/json/i', 0, 'string.regexp', 'string.regexp', 'string.regex'],
  ['500ms', 0, 'number', 'constant.numeric', 'number'],
  ['./files/a.pdf', 0, 'string.special.path', 'string.special.path', 'string.special'],
];

for (const [editor, file] of Object.entries(highlightFiles)) {
  test(`the ${editor} highlights compile against the grammar and colour the format's tokens`, () => {
    const query = new Parser.Query(noarkqLanguage(), readFileSync(file, 'utf8'));
    const tree = parserFor().parse(sample);
    const column = editor === 'tree-sitter' ? 2 : editor === 'helix' ? 3 : 4;
    for (const row of expectedCaptures) {
      const [token, occurrence] = row;
      assert.ok(capturesAt(query, tree, sample, token, occurrence).includes(row[column] as string), `${editor}: ${token} (#${occurrence}) is ${JSON.stringify(capturesAt(query, tree, sample, token, occurrence))}, not ${row[column]}`);
    }
  });
}

test('the injections give every JSON body line to the JSON grammar, as one combined text', () => {
  for (const file of [join(grammarFolder, 'queries', 'injections.scm'), join(repositoryRoot, 'editors', 'helix', 'injections.scm'), join(repositoryRoot, 'editors', 'zed', 'languages', 'noarkq', 'injections.scm')]) {
    const query = new Parser.Query(noarkqLanguage(), readFileSync(file, 'utf8'));
    const text = readFileSync(join(repositoryRoot, 'examples', 'integration-flow.noarkq'), 'utf8');
    const tree = parserFor().parse(text);
    const matches = query.matches(tree.rootNode);
    const injected = matches.flatMap((m) => m.captures.filter((c) => c.name === 'injection.content').map((c) => c.node.text));
    assert.equal(injected.join('\n').replace(/\s/g, ''), tree.rootNode.descendantsOfType('body').map((b) => b.namedChildren.filter((n) => n.type === 'body_line').map((n) => n.text).join('')).join('').replace(/\s/g, ''));
    assert.ok(injected.length > 10);
    // `#set!` properties are on each match at run time; tree-sitter's typings leave them out.
    const properties = (m: Parser.QueryMatch) => (m as Parser.QueryMatch & { setProperties?: Record<string, string | null> }).setProperties ?? {};
    assert.ok(matches.every((m) => properties(m)['injection.language'] === 'json' && 'injection.combined' in properties(m)), file);
  }
});

test("Zed's overrides name the scopes its config.toml's brackets refer to", () => {
  const zed = join(repositoryRoot, 'editors', 'zed', 'languages', 'noarkq');
  const source = readFileSync(join(zed, 'overrides.scm'), 'utf8');
  const overrides = new Parser.Query(noarkqLanguage(), source);
  const scopes = new Set([...source.replace(/;.*$/gm, '').matchAll(/@([\w.]+)/g)].map((m) => m[1].replace(/\.inclusive$/, '')));
  const notIn = [...readFileSync(join(zed, 'config.toml'), 'utf8').matchAll(/not_in = (\[[^\]]*\])/g)].flatMap((m) => JSON.parse(m[1]) as string[]);
  assert.ok(notIn.length > 0);
  for (const scope of notIn) assert.ok(scopes.has(scope), `${scope} is not a scope of overrides.scm`);
  const tree = parserFor().parse(sample);
  assert.ok(overrides.captures(tree.rootNode).some((c) => c.name === 'string' && c.node.text.startsWith('"Bygg')));
});

test("Zed's outline lists each block by its name, and its brackets pair", () => {
  const zed = join(repositoryRoot, 'editors', 'zed', 'languages', 'noarkq');
  const tree = parserFor().parse(sample);
  const outline = new Parser.Query(noarkqLanguage(), readFileSync(join(zed, 'outline.scm'), 'utf8'));
  assert.deepEqual(outline.captures(tree.rootNode).filter((c) => c.name === 'name').map((c) => c.node.text), ['findCase', 'search', 'up', 'down']);
  const brackets = new Parser.Query(noarkqLanguage(), readFileSync(join(zed, 'brackets.scm'), 'utf8'));
  const pairs = brackets.matches(tree.rootNode).map((m) => m.captures.map((c) => c.node.text).join(''));
  assert.ok(pairs.includes('()') && pairs.includes('{{}}') && pairs.includes('[]'), JSON.stringify(pairs));
});

test('src/ was generated from grammar.js as it is now', () => {
  const recorded = readFileSync(join(grammarFolder, 'src', 'grammar.js.sha256'), 'utf8').trim();
  const actual = createHash('sha256').update(readFileSync(join(grammarFolder, 'grammar.js'))).digest('hex');
  assert.equal(actual, recorded, 'grammar.js changed after src/ was generated: run `node editors/tree-sitter-noarkq/generate.mjs` (see its README)');
});

test('an edit parsed incrementally gives the tree a fresh parse gives, for random edits of the examples', () => {
  const texts = [readFileSync(join(repositoryRoot, 'examples', 'integration-flow.noarkq'), 'utf8'), readFileSync(broken, 'utf8')];
  const pieces = ['\n', '###', ' ', '{{', '}}', '"', '&&', '\n  || ', 'QUERY ', 'WHERE ', '@x = ', '#', '// c', 'EXPECT status = 200', '{ "a": 1 }', 'æø🙂', '\r\n', ''];
  const parser = parserFor();
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: texts.length - 1 }),
      fc.array(fc.tuple(fc.nat(), fc.nat({ max: 40 }), fc.constantFrom(...pieces)), { minLength: 1, maxLength: 8 }),
      (which, edits) => {
        let text = texts[which];
        let tree = parser.parse(text);
        for (const [at, length, inserted] of edits) {
          const start = at % (text.length + 1);
          const end = Math.min(text.length, start + length);
          const next = text.slice(0, start) + inserted + text.slice(end);
          tree.edit({
            startIndex: start,
            oldEndIndex: end,
            newEndIndex: start + inserted.length,
            startPosition: pointAt(text, start),
            oldEndPosition: pointAt(text, end),
            newEndPosition: pointAt(next, start + inserted.length),
          });
          text = next;
          tree = parser.parse(text, tree);
        }
        assert.equal(tree.rootNode.toString(), parser.parse(text).rootNode.toString());
      },
    ),
    { numRuns: 300 },
  );
});

/** Row and column (in UTF-16 code units, as tree-sitter's Node binding counts them) of `index`. */
function pointAt(text: string, index: number): Parser.Point {
  const before = text.slice(0, index);
  const row = before.split('\n').length - 1;
  return { row, column: index - (before.lastIndexOf('\n') + 1) };
}
