/**
 * The real interpreters read each language's string literals: one program per language holds the
 * awkward strings and a few hundred that fast-check makes, as literals, and prints each one's UTF-8
 * bytes in hex, which must be the bytes of the string it was made from. (TypeScript's literal is
 * read by JavaScript's own parser in runner/copyAsCode/stringLiterals.test.ts; C# has no
 * interpreter here, and its literals pass `mcs --parse` in copyAsCode.test.ts.)
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { javaString } from '../../runner/copyAsCode/javaCode';
import { phpString } from '../../runner/copyAsCode/phpCode';
import { pythonString } from '../../runner/copyAsCode/pythonCode';
import { shellString } from '../../runner/copyAsCode/curlCode';
import { awkwardStrings } from './awkwardStrings';
import { requireToolchain, run, toolchains, type Toolchain } from './toolchains';

/** Strings a UTF-8 source file can hold (no lone surrogates), awkward characters made likely. */
const generated = fc.sample(
  fc.string({ unit: fc.oneof(fc.constantFrom('\\', "'", '"', '$', '{', '}', '\n', '\r', '\t', 'u', '0', 'x', 'æ', 'ø', 'å', '\u2028', '\u0085', '😀', '\u0001'), fc.string({ unit: 'binary', maxLength: 1 })) }).filter(
    (s) => !/[\uD800-\uDFFF]/u.test(s),
  ),
  { numRuns: 300, seed: 23 },
);

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

describe('string literals read by the real interpreters', () => {
  const dir = mkdtempSync(join(tmpdir(), 'noarkq-literals-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const languages: { name: string; toolchain: Toolchain | undefined; strings: readonly string[]; program: (literals: string[]) => { file: string; text: string }; command: (file: string) => [string, string[]] }[] = [
    {
      name: 'Python',
      toolchain: toolchains.python,
      strings: [...awkwardStrings, ...generated],
      program: (literals) => ({ file: 'literals.py', text: `values = [\n${literals.map((l) => `    ${l},`).join('\n')}\n]\nfor value in values:\n    print(value.encode("utf-8").hex())\n` }),
      command: (file) => ['python3', [file]],
    },
    {
      name: 'PHP',
      toolchain: toolchains.php,
      strings: [...awkwardStrings, ...generated],
      program: (literals) => ({ file: 'literals.php', text: `<?php\n$values = [\n${literals.map((l) => `    ${l},`).join('\n')}\n];\nforeach ($values as $value) {\n    echo bin2hex($value), "\\n";\n}\n` }),
      command: (file) => ['php', [file]],
    },
    {
      name: 'Java',
      toolchain: toolchains.java,
      strings: [...awkwardStrings, ...generated],
      program: (literals) => ({
        file: 'Literals.java',
        text: [
          'import java.nio.charset.StandardCharsets;',
          'public class Literals {',
          '    public static void main(String[] args) {',
          '        String[] values = {',
          ...literals.map((l) => `            ${l},`),
          '        };',
          '        for (String value : values) {',
          '            StringBuilder out = new StringBuilder();',
          '            for (byte b : value.getBytes(StandardCharsets.UTF_8)) out.append(String.format("%02x", b));',
          '            System.out.println(out);',
          '        }',
          '    }',
          '}',
          '',
        ].join('\n'),
      }),
      command: (file) => ['java', [file]],
    },
    {
      // A shell word cannot hold a NUL byte at all: no code puts one on curl's command line.
      name: 'the shell',
      toolchain: undefined,
      strings: [...awkwardStrings, ...generated].filter((s) => !s.includes('\0')),
      program: (literals) => ({ file: 'literals.sh', text: `${literals.map((l) => `printf '%s' ${l} | od -An -v -tx1 | tr -d ' \\n'; echo`).join('\n')}\n` }),
      command: (file) => ['sh', [file]],
    },
  ];
  const writers: Record<string, (text: string) => string> = { Python: pythonString, PHP: phpString, Java: javaString, 'the shell': shellString };

  for (const language of languages) {
    it(`${language.name} reads every literal as the string it was made from`, async (t) => {
      if (language.toolchain && !requireToolchain(t, language.toolchain)) return;
      const { file, text } = language.program(language.strings.map(writers[language.name]));
      writeFileSync(join(dir, file), text);
      const [command, args] = language.command(join(dir, file));
      const ran = await run(command, args, { cwd: dir });
      assert.equal(ran.status, 0, ran.stderr);
      const printed = ran.stdout.split('\n').slice(0, -1);
      assert.equal(printed.length, language.strings.length);
      language.strings.forEach((s, i) => assert.equal(printed[i], hex(s), `${JSON.stringify(s)} as ${writers[language.name](s)}`));
    });
  }
});
