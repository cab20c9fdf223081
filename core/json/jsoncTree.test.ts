import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseTree, type Node, type ParseError, type ParseOptions } from 'jsonc-parser';
import { parseJsoncTree } from './jsoncTree';

const numRuns = Number(process.env.NOARKQ_PROPERTY_RUNS ?? 400);

/** A node as plain data: every own key kept (so a key present on one side only shows), parent
 * links checked for identity on the way and replaced by a marker. */
function plain(node: Node, parent: Node | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node).sort()) {
    const value = (node as unknown as Record<string, unknown>)[key];
    if (key === 'parent') {
      assert.equal(value, parent, `parent of the ${node.type} at ${node.offset} is not the node that holds it`);
      out.parent = true;
    } else if (key === 'children') {
      out.children = (value as Node[]).map((child) => plain(child, node));
    } else {
      out[key] = value;
    }
  }
  return out;
}

function assertSameAsParseTree(text: string, options?: ParseOptions): void {
  const theirErrors: ParseError[] = [];
  const ourErrors: ParseError[] = [];
  const theirs = parseTree(text, theirErrors, options);
  const ours = parseJsoncTree(text, ourErrors, options);
  assert.deepEqual(ourErrors, theirErrors, `errors differ for ${JSON.stringify(text)}`);
  assert.deepStrictEqual(ours && plain(ours, undefined), theirs && plain(theirs, undefined), `trees differ for ${JSON.stringify(text)}`);
}

const optionsArb: fc.Arbitrary<ParseOptions | undefined> = fc.option(
  fc.record({ allowTrailingComma: fc.boolean(), disallowComments: fc.boolean(), allowEmptyContent: fc.boolean() }, { requiredKeys: [] }),
  { nil: undefined },
);

/** Whitespace and comments that JSONC allows between tokens. */
const gap = fc.constantFrom('', '', '', ' ', '\n  ', '\r\n', '\t', ' /* c */ ', '// line\n', '/**/');

/** A JSON text of a random value, spaced and commented, sometimes with trailing commas. */
const jsoncText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => JSON.stringify(s)),
      fc.constantFrom('"action"', '"type"', '"Journalpost"', '"save"', '"jp-1"', '"Søknad om byggetillatelse"', '"a\\u00e9\\n\\"q\\""'),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
      fc.integer().map(String),
      fc.constantFrom('true', 'false', 'null', '0', '-0', '1.5e+3', '2E-2'),
    ),
    fc.tuple(fc.array(fc.tuple(gap, tie('value'), gap), { maxLength: 5 }), fc.boolean()).map(
      ([items, trailing]) => `[${items.map(([a, v, b]) => a + v + b).join(',')}${trailing && items.length ? ',' : ''}]`,
    ),
    fc.tuple(
      fc.array(fc.tuple(gap, fc.constantFrom('"action"', '"type"', '"id"', '"fields"', '"x"', '"action"', '""', '"__proto__"'), gap, tie('value'), gap), { maxLength: 5 }),
      fc.boolean(),
    ).map(([props, trailing]) => `{${props.map(([a, k, b, v, c]) => `${a}${k}${b}:${v}${c}`).join(',')}${trailing && props.length ? ',' : ''}}`),
  ),
})).value;

/** Fragments that break JSON in every way the scanner and parser know. */
const fragment = fc.constantFrom(
  '{', '}', '[', ']', ',', ':', '"k"', '"v"', '""', '"open', '"bad \\x escape"', '"bad \\u12g"', '"tab\there"', '"line\nbreak"',
  '1', '-', '-1', '1.', '1e', '1e+', '0.5e+3', '01', 'true', 'false', 'null', 'tru', 'nul', 'undefined', 'NaN',
  '/* c */', '// c\n', '/* open', '/', '*/', ' ', '\n', '\r\n', '\r', '\t', '@', 'é', '\u2028', '\\', "'s'",
);
const tokenSoup = fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(''));

/** A valid text with characters deleted, inserted or replaced. */
const mutated = fc
  .tuple(
    jsoncText,
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('delete', 'insert', 'replace'), fc.constantFrom(...'{}[],:"/*\n\\ -1ae'.split(''), '/*', '//', '"x')), { minLength: 1, maxLength: 6 }),
  )
  .map(([text, edits]) => {
    let out = text;
    for (const [at, kind, ch] of edits) {
      const i = out.length === 0 ? 0 : at % (out.length + 1);
      if (kind === 'delete') out = out.slice(0, i) + out.slice(i + 1);
      else if (kind === 'insert') out = out.slice(0, i) + ch + out.slice(i);
      else out = out.slice(0, i) + ch + out.slice(i + 1);
    }
    return out;
  });

test('same tree and errors as parseTree on valid JSONC', () => {
  fc.assert(fc.property(jsoncText, optionsArb, (text, options) => assertSameAsParseTree(text, options)), { numRuns });
});

test('same tree and errors as parseTree on mutated JSONC', () => {
  fc.assert(fc.property(mutated, optionsArb, (text, options) => assertSameAsParseTree(text, options)), { numRuns });
});

test('same tree and errors as parseTree on token soup', () => {
  fc.assert(fc.property(tokenSoup, optionsArb, (text, options) => assertSameAsParseTree(text, options)), { numRuns });
});

test('same tree and errors as parseTree on hand-picked broken bodies', () => {
  const cases = [
    '', '   ', '// only a comment', '{', '[', '}', ']', '{"a"}', '{"a":}', '{"a" 1}', '{"a":1,}', '[1,]', '[,1]', '{,"a":1}',
    '{"a":1 "b":2}', '[1 2]', '{"a": [1, {"b": }], "c": 3', '{"a": /* open', '{"a": "open\n}', '{1: 2}', '{"a":1}}', '[1]]',
    '{"a": tru}', '{"a": -}', '{"a": 1.}', '{"a": "\\u00"}', '{"actions": [{"action": "save",, "id": "x"}]}', '"just a string"',
    '{"a":{"b":{"c":', '{"a" , "b": 1}', '{"a": 1, : 2}', '[{]', '{[}', '{"a":1}/* trailing */', '{"a":1} 2',
  ];
  for (const text of cases) {
    for (const options of [undefined, { allowTrailingComma: true }, { disallowComments: true }, { allowEmptyContent: true }]) {
      assertSameAsParseTree(text, options);
    }
  }
});

test('property names shared through the name cache keep their own text', () => {
  // The interning cache is small: many distinct keys of equal length and ends must still come
  // out as written.
  const keys = Array.from({ length: 2000 }, (_, i) => `k${String(i).padStart(4, '0')}k`);
  const text = `{${keys.map((k, i) => `"${k}": "${keys[(i * 7) % keys.length]}"`).join(',')}}`;
  const tree = parseJsoncTree(text)!;
  assert.deepEqual(tree.children!.map((p) => p.children![0].value), keys);
  assert.deepEqual(tree.children!.map((p) => p.children![1].value), keys.map((_, i) => keys[(i * 7) % keys.length]));
  assertSameAsParseTree(text);
});

test('text nested thousands deep: whatever parseTree parses, this parses the same', () => {
  // Where the stack runs out depends on the engine's state; past parseTree's limit this parser
  // may throw the same RangeError or (optimised, with smaller frames) still succeed.
  const depthOf = (root: Node | undefined): number => {
    let depth = 0;
    for (let node = root; node?.children?.length; node = node.children[node.children.length - 1]) depth++;
    return depth;
  };
  for (const depth of [100, 1_000, 2_500, 100_000]) {
    for (const open of ['[', '{"a":']) {
      const text = open.repeat(depth);
      const theirErrors: ParseError[] = [];
      const ourErrors: ParseError[] = [];
      let theirs: Node | undefined;
      try {
        theirs = parseTree(text, theirErrors);
      } catch (error) {
        assert.ok(error instanceof RangeError);
        assert.throws(() => parseJsoncTree(text, ourErrors), RangeError);
        continue;
      }
      const ours = parseJsoncTree(text, ourErrors);
      assert.equal(depthOf(ours), depthOf(theirs), `${open} x ${depth}`);
      assert.deepEqual(ourErrors, theirErrors, `${open} x ${depth}: errors`);
    }
  }
});
