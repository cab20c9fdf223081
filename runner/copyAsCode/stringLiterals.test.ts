/**
 * Each language's string literal, read back by a decoder written from that language's own rules,
 * gives the text it was made from: for awkward strings (quotes, backslashes, line breaks, æøå,
 * `$`, `{`, `\u` followed by hex digits, control characters) and for any string fast-check makes.
 * test/codegen/stringLiterals.test.ts has the real interpreters read the same literals.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { csharpString } from './csharpCode';
import { javaString } from './javaCode';
import { phpString } from './phpCode';
import { pythonString } from './pythonCode';
import { shellString } from './curlCode';
import { typescriptString } from './typescriptCode';
import { awkwardStrings } from '../../test/codegen/awkwardStrings';

const numRuns = Number(process.env.NOARKQ_PROPERTY_RUNS ?? 300);

/** Texts as a UTF-8 source file can hold them: no lone surrogates. */
const text = fc.string({ unit: fc.oneof(fc.constantFrom('\\', "'", '"', '$', '{', '}', '\n', '\r', '\t', '\0', 'u', '0', 'æ', 'ø', 'å', '\u2028', '\u0085', '😀'), fc.string({ unit: 'binary', maxLength: 1 })) }).filter((s) => !/[\uD800-\uDFFF]/u.test(s));

function decodeShell(literal: string): string {
  let out = '';
  let i = 0;
  while (i < literal.length) {
    if (literal[i] === "'") {
      const end = literal.indexOf("'", i + 1);
      assert.ok(end > i, `unclosed quote in ${literal}`);
      out += literal.slice(i + 1, end);
      i = end + 1;
    } else if (literal.startsWith("\\'", i)) {
      out += "'";
      i += 2;
    } else assert.fail(`unquoted ${JSON.stringify(literal[i])} in ${literal}`);
  }
  return out;
}

function decodePhp(literal: string): string {
  assert.ok(literal.startsWith("'") && literal.endsWith("'"));
  const inner = literal.slice(1, -1);
  let out = '';
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '\\' && (inner[i + 1] === '\\' || inner[i + 1] === "'")) out += inner[++i];
    else {
      assert.notEqual(inner[i], "'", `an unescaped quote ends the literal early: ${literal}`);
      out += inner[i];
    }
  }
  return out;
}

/** Escapes shared by Python, Java and C#: `simple` maps the letter after `\`. */
function decodeEscapes(inner: string, read: (inner: string, at: number) => { text: string; length: number } | undefined, language: string): string {
  let out = '';
  for (let i = 0; i < inner.length; ) {
    const ch = inner[i];
    assert.ok(ch !== '\n' && ch !== '\r', `${language}: a raw line break in a literal`);
    assert.ok(ch !== '"', `${language}: an unescaped quote`);
    if (ch !== '\\') {
      out += ch;
      i++;
      continue;
    }
    const escape = read(inner, i + 1);
    assert.ok(escape, `${language}: unknown escape at ${i} in ${inner}`);
    out += escape.text;
    i += 1 + escape.length;
  }
  return out;
}

const simple: Record<string, string> = { '\\': '\\', '"': '"', n: '\n', r: '\r', t: '\t' };

function decodePython(literal: string): string {
  return decodeEscapes(
    literal.slice(1, -1),
    (s, at) => {
      if (s[at] in simple) return { text: simple[s[at]], length: 1 };
      const hex = s[at] === 'x' ? 2 : s[at] === 'u' ? 4 : 0;
      if (hex && /^[0-9a-f]+$/i.test(s.slice(at + 1, at + 1 + hex))) return { text: String.fromCharCode(parseInt(s.slice(at + 1, at + 1 + hex), 16)), length: 1 + hex };
      return undefined;
    },
    'Python',
  );
}

function decodeCsharp(literal: string): string {
  return decodeEscapes(
    literal.slice(1, -1),
    (s, at) => {
      if (s[at] in simple) return { text: simple[s[at]], length: 1 };
      if (s[at] === 'u' && /^[0-9a-f]{4}$/i.test(s.slice(at + 1, at + 5))) return { text: String.fromCharCode(parseInt(s.slice(at + 1, at + 5), 16)), length: 5 };
      return undefined;
    },
    'C#',
  );
}

/** javac first turns every `\uXXXX` preceded by an even number of backslashes into its character (JLS §3.3), then reads escapes (§3.10.7). */
function decodeJava(literal: string): string {
  const unicode = literal.replace(/(\\*)\\u+([0-9a-fA-F]{4})/g, (whole: string, before: string, hex: string) => (before.length % 2 === 0 ? before + String.fromCharCode(parseInt(hex, 16)) : whole));
  return decodeEscapes(
    unicode.slice(1, -1),
    (s, at) => {
      if (s[at] in simple) return { text: simple[s[at]], length: 1 };
      const octal = /^[0-3][0-7]{2}/.exec(s.slice(at));
      if (octal) return { text: String.fromCharCode(parseInt(octal[0], 8)), length: 3 };
      return undefined;
    },
    'Java',
  );
}

const languages: [string, (text: string) => string, (literal: string) => string][] = [
  ['shell', shellString, decodeShell],
  ['PHP', phpString, decodePhp],
  ['Python', pythonString, decodePython],
  ['Java', javaString, decodeJava],
  ['C#', csharpString, decodeCsharp],
  // JavaScript's own parser reads the TypeScript literal.
  ['TypeScript', typescriptString, (literal) => new Function(`return ${literal};`)() as string],
];

for (const [language, write, read] of languages) {
  test(`${language} string literals read back as the awkward strings they were made from`, () => {
    for (const awkward of awkwardStrings) assert.equal(read(write(awkward)), awkward, `${language}: ${JSON.stringify(awkward)} as ${write(awkward)}`);
  });

  test(`property: ${language} string literals read back as any text`, () => {
    fc.assert(
      fc.property(text, (s) => read(write(s)) === s),
      { numRuns },
    );
  });
}

test('the decoders are strict: a literal with an escape left out reads differently or fails', () => {
  // javac reads this \u000a as a line break inside the literal, a compile error.
  assert.throws(() => decodeJava('"\\u000a"'));
  assert.throws(() => decodeJava('"a\nb"'));
  assert.throws(() => decodePython('"a"b"'));
  assert.throws(() => decodePhp("'it's'"));
  assert.throws(() => decodeShell("'it's'"));
});
