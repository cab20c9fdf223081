/**
 * fast-check generators for `.noarkq` text: documents assembled from plausible pieces (real type,
 * field and reference names mixed with misspelt ones), then mutated at the character level, so the
 * parsers and checkers see both nearly-right and badly broken input.
 */
import fc from 'fast-check';

const types = ['Saksmappe', 'Journalpost', 'AbstraktMappe', 'AbstraktRegistrering', 'Arkiv', 'Klasse', 'Dokument', 'NasjonalIdentifikator', 'Saksmape', 'Foo'];
const fields = ['tittel', 'saksaar', 'sakssekvensnummer', 'opprettetDato', 'registreringsDato', 'journalposttype', 'id', 'klasseIdent', 'eksterntSystem', 'eksternID', 'virksomhetsspesifikkeMetadata', 'titel', 'moetedato'];
const refs = ['refMappe', 'refEksternId', 'refSekundaerKlasse', 'refPrimaerKlasse', 'refArkivdel', 'refKlassifikasjonssystem', 'refDokument', 'refDokumentversjon', 'refFoo'];
const params = ['@year', '@seq', '@title', '@sys', '@from', '@to', '@x1', '@bad_name', '@', '@nullParam'];
const aliases = ['#k1', '#k2', '#series', '#bad_a', '#'];
const literals = ['2024', '"text"', "'x'", 'true', 'abc', '-1', '1.5'];

const name = (pool: string[]) => fc.constantFrom(...pool);

const pathArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.option(name(aliases), { nil: undefined }), fc.array(name(refs), { maxLength: 2 }), name(fields))
    .map(([alias, chain, field]) => [alias, ...chain, field].filter((x) => x !== undefined).join('.')),
  // A path that ends on a reference (only comparable with a null parameter).
  name(refs),
);

const operandArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: name(params) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('[', '{'), name(params), name(params), fc.constantFrom(']', '}')).map(([o, a, b, c]) => `${o}${a}:${b}${c}`) },
  { weight: 1, arbitrary: name(literals) },
);

const comparisonArb = fc
  .tuple(pathArb, fc.constantFrom('=', '!=', '%=', '==', ''), operandArb, fc.constantFrom(' ', '', '  '))
  .map(([p, op, v, ws]) => `${p}${ws}${op}${ws}${v}`);

export const expressionArb: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparisonArb,
    // The same to-many path twice under && (rule 6).
    fc.tuple(name(params), name(params)).map(([a, b]) => `refEksternId.eksternID = ${a} && refEksternId.eksternID = ${b}`),
    fc.tuple(tie('expr'), fc.constantFrom(' && ', ' || ', '&&', ' & ', ' '), tie('expr')).map(([a, op, b]) => `${a}${op}${b}`),
    tie('expr').map((e) => `(${e})`),
  ),
})).expr;

const jsonLiteralArb = fc.oneof(
  fc.integer({ min: -5, max: 3000 }).map(String),
  fc.constantFrom('"2024-01-31"', '"text"', 'true', 'null', '"*"', '"%abc%"', '{{findCase.results[0].id}}', '"unterminated', 'bare'),
);

const variableLineArb = fc.tuple(name(params), jsonLiteralArb).map(([p, v]) => `${p} = ${v}`);
const commentArb = fc.constantFrom('# a comment', '// another', '#', '   # indented');

const queryBlockArb = fc
  .tuple(
    name(types),
    fc.option(fc.oneof(expressionArb, fc.constant('')), { nil: undefined }),
    fc.array(fc.tuple(name(aliases), fc.oneof(name(refs), fc.tuple(name(aliases), name(refs)).map(([a, r]) => `${a}.${r}`))), { maxLength: 2 }),
    fc.option(fc.tuple(name([...fields, ...refs]), fc.constantFrom('', ' ASC', ' DESC', ' sideways')), { nil: undefined }),
    fc.option(fc.constantFrom('10', '600', '-1', 'x', ''), { nil: undefined }),
    fc.option(fc.constantFrom('0', '-5', 'ten'), { nil: undefined }),
    fc.option(fc.constantFrom('true', 'false', 'yes', ''), { nil: undefined }),
  )
  .map(([type, where, joins, sort, limit, offset, publicUse]) => {
    const lines = [`QUERY ${type}`];
    if (where !== undefined) lines.push(`WHERE ${where}`.trimEnd());
    for (const [a, p] of joins) lines.push(`JOIN ${a} = ${p}`);
    if (sort) lines.push(`SORT ${sort[0]}${sort[1]}`);
    if (limit !== undefined) lines.push(`LIMIT ${limit}`);
    if (offset !== undefined) lines.push(`OFFSET ${offset}`);
    if (publicUse !== undefined) lines.push(`PUBLICUSE ${publicUse}`);
    return lines.join('\n');
  });

const transactionBlockArb = fc.constantFrom(
  'TRANSACTION\n{ "actions": [ { "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tittel": "T" } } ] }',
  'TRANSACTION\n[ { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{findCase.results[0].id}}" }, ]',
  'TRANSACTION\n{ "actions": [ // comment\n { "action": "save" ',
  'TRANSACTION',
);

const otherBlockArb = fc.constantFrom(
  'UPLOAD ./files/application.pdf',
  'UPLOAD ./a b.pdf AS Søknad om byggetillatelse.pdf',
  'UPLOAD',
  'DOWNLOAD {{letter.id}} TO ./out.pdf',
  'DOWNLOAD',
  'GET code-lists?type=Journalpost',
  'POST full-text/search\n{ "doctype": "Tekst", "query": "byggesak" }',
  'PUT bsm-registry/group/case-data\n{ "groupName": "Case data" }',
  'DELETE code-lists/journalposttype/Z',
  'POST nowhere/at/all',
  'GET /rms/api/public/noark5/v1/code-lists',
  'UPLOAD "./unclosed.pdf',
  'QEURY Saksmappe',
  'FETCH something',
);

const blockNameArb = fc.constantFrom('findCase', 'register', 'letter', 'attach', 'findCase', '1bad', '', 'a-b_c', 'name with description');

/** EXPECT and RETRY lines, well-formed and not (they follow the request, or stray before it). */
const expectationLineArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('status', 'time', 'header content-type', 'results[0].fields.tittel', 'results[*].id', 'results.length', 'saved.jp.id', 'hasMore', 'results[', 'results[0].', 'id'),
      fc.constantFrom(' = ', ' != ', ' < ', ' >= ', ' %= ', ' ~ ', ' == ', ' exists', ' absent', ' ', ''),
      fc.constantFrom('200', '"B"', '@year', '{{findCase.results[0].id}}', '/^a(b/i', '/x/', '"2024-01-31"', 'bare', '', 'true'),
    )
    .map(([subject, op, value]) => `EXPECT ${subject}${op}${/exists|absent/.test(op) ? '' : value}`.trimEnd()),
  fc.constantFrom('RETRY 3 EVERY 1s', 'RETRY 20', 'RETRY', 'RETRY x EVERY', 'RETRY 2 EVERY 500ms', 'expect', 'EXPECT'),
);

const blockArb = fc
  .tuple(
    blockNameArb,
    fc.array(fc.oneof(variableLineArb, commentArb), { maxLength: 3 }),
    fc.oneof(queryBlockArb, transactionBlockArb, otherBlockArb),
    fc.array(expectationLineArb, { maxLength: 3 }),
  )
  .map(([n, pre, request, expectations]) => [`### ${n}`.trimEnd(), ...pre, request, ...expectations].join('\n'));

export const documentArb: fc.Arbitrary<string> = fc
  .tuple(fc.array(fc.oneof(variableLineArb, commentArb), { maxLength: 3 }), fc.array(blockArb, { maxLength: 6 }), fc.constantFrom('\n', '\r\n'))
  .map(([preamble, blocks, eol]) => [...preamble, ...blocks].join('\n').replace(/\n/g, eol));

export type Mutation =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'duplicate'; at: number; length: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('###', '\n', '{{', '}}', '@', '#', '"', '(', ')', '[', '{', '&&', '\u0000', '\uD800', 'QUERY ', '\r')) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
);

export function applyMutation(text: string, m: Mutation): string {
  const at = text.length === 0 ? 0 : m.at % (text.length + 1);
  switch (m.kind) {
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.length);
    case 'duplicate':
      return text.slice(0, at + m.length) + text.slice(at, at + m.length) + text.slice(at + m.length);
  }
}

/** A generated document and a few character-level mutations of it. */
export const mutatedDocumentArb: fc.Arbitrary<string> = fc
  .tuple(documentArb, fc.array(mutationArb, { maxLength: 4 }))
  .map(([doc, mutations]) => mutations.reduce(applyMutation, doc));

/** Either a well-formed-ish document, a mutated one, or arbitrary text. */
export const anyDocumentArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: documentArb },
  { weight: 5, arbitrary: mutatedDocumentArb },
  { weight: 1, arbitrary: fc.string({ maxLength: 200, unit: 'binary' }) },
);

/** A query expression, possibly mutated. */
export const anyExpressionArb: fc.Arbitrary<string> = fc.oneof(
  expressionArb,
  fc.tuple(expressionArb, fc.array(mutationArb, { maxLength: 3 })).map(([e, ms]) => ms.reduce(applyMutation, e)),
  fc.string({ maxLength: 80 }),
);

/** A generated document repeated up to 40 times, then mutated: dozens of blocks, many sharing a
 * name, so that work which grows with the square of the blocks or of the diagnostics shows. */
export const repeatedDocumentArb: fc.Arbitrary<string> = fc
  .tuple(documentArb, fc.integer({ min: 2, max: 40 }), fc.array(mutationArb, { maxLength: 3 }))
  .map(([doc, times, mutations]) => mutations.reduce(applyMutation, Array.from({ length: times }, () => doc).join('\n')));

/** One edit: delete `remove` characters at `at` (wrapped into the text) and insert `text`. */
export interface DocumentEdit {
  at: number;
  remove: number;
  text: string;
}

/** Pieces that make, break and retarget blocks and references, so that edits move, rename and
 * re-type the blocks other blocks read. */
const editPieces: readonly string[] = [
  '',
  '\n',
  ' ',
  '###',
  '\n### letter\nUPLOAD ./a.pdf\n',
  '\n### findCase\nQUERY Dokument\n',
  '\n### dl\nDOWNLOAD 1\n',
  '\nDOWNLOAD {{findCase.results[0].id}}\n',
  '{{letter.id}}',
  '{{findCase.results[0].id}}',
  '{{findCase.results[0].idd}}',
  '{{register.saved.jp.id}}',
  '{{dl}}',
  '{{caseId}}',
  '\n@caseId = {{findCase.results[0].id}}\n',
  'findCase',
  'tittel',
  '.id',
  '[0]',
  '"',
  '{',
  'Journalpost',
];

export const documentEditArb: fc.Arbitrary<DocumentEdit> = fc.record({
  at: fc.nat(),
  remove: fc.integer({ min: 0, max: 30 }),
  text: fc.oneof(fc.constantFrom(...editPieces), fc.string({ maxLength: 3 })),
});

/** Where `edit` starts in a text of `length` characters. */
export function editStart(length: number, edit: DocumentEdit): number {
  return length === 0 ? 0 : edit.at % (length + 1);
}

export function applyDocumentEdit(text: string, edit: DocumentEdit): string {
  const at = editStart(text.length, edit);
  return text.slice(0, at) + edit.text + text.slice(at + edit.remove);
}
