/**
 * The TextMate engine VS Code uses (vscode-textmate with vscode-oniguruma), for tests that
 * tokenize `.noarkq` text with the grammar of `syntaxes/` or a form of it written for another
 * editor.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, Registry, parseRawGrammar, type IGrammar } from 'vscode-textmate';

const require = createRequire(import.meta.url);
let wasmLoaded: Promise<void> | undefined;

/** The `source.noarkq` grammar in the file at `path`, JSON or a property list (told by its name). */
export async function loadTextMateGrammar(path: string): Promise<IGrammar> {
  wasmLoaded ??= (async () => {
    const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  })();
  await wasmLoaded;
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner: (sources) => new oniguruma.OnigScanner(sources), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scopeName) => (scopeName === 'source.noarkq' ? parseRawGrammar(readFileSync(path, 'utf8'), path) : null),
  });
  const grammar = await registry.loadGrammar('source.noarkq');
  assert.ok(grammar, `${path} loads`);
  return grammar;
}

/** Every token of `text`, line by line, with its scopes (innermost last). */
export function tokenize(grammar: IGrammar, text: string): Array<[string, string[]]> {
  let state = INITIAL;
  const out: Array<[string, string[]]> = [];
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) out.push([line.slice(t.startIndex, t.endIndex), t.scopes]);
    state = r.ruleStack;
  }
  return out;
}
