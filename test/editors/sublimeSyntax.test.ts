/**
 * The TextMate grammar in the property-list form Sublime Text reads (editors/sublime/
 * noarkq.tmLanguage, written by editors/sublime/generate.mjs): it is syntaxes/noarkq.tmLanguage.json
 * as it is now, and the TextMate engine VS Code uses, reading each form, colours every example the
 * same.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, Registry, parseRawGrammar, type IGrammar } from 'vscode-textmate';
import { repositoryRoot } from './editorHarness';

const require = createRequire(import.meta.url);
const jsonPath = join(repositoryRoot, 'syntaxes', 'noarkq.tmLanguage.json');
const plistPath = join(repositoryRoot, 'editors', 'sublime', 'noarkq.tmLanguage');

test('the Sublime grammar is the TextMate grammar of syntaxes/ as it is now', async () => {
  // plist is published as an ES module only.
  const { parse } = await import('plist');
  const { $schema: _schema, ...json } = JSON.parse(readFileSync(jsonPath, 'utf8')) as Record<string, unknown>;
  assert.deepEqual(parse(readFileSync(plistPath, 'utf8')), json, 'editors/sublime/noarkq.tmLanguage is out of date: run node editors/sublime/generate.mjs');
});

let wasmLoaded: Promise<void> | undefined;

async function grammarFrom(path: string): Promise<IGrammar> {
  wasmLoaded ??= (async () => {
    const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  })();
  await wasmLoaded;
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner: (sources) => new oniguruma.OnigScanner(sources), createOnigString: (s) => new oniguruma.OnigString(s) }),
    // The file's name tells the engine which form it is (`.json`, or a property list).
    loadGrammar: async (scopeName) => (scopeName === 'source.noarkq' ? parseRawGrammar(readFileSync(path, 'utf8'), path) : null),
  });
  const grammar = await registry.loadGrammar('source.noarkq');
  assert.ok(grammar, `${path} loads`);
  return grammar;
}

function tokens(grammar: IGrammar, text: string): string[] {
  let state = INITIAL;
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) out.push(`${line.slice(t.startIndex, t.endIndex)} ${t.scopes.join(' ')}`);
    state = r.ruleStack;
  }
  return out;
}

test('read as a property list, the grammar colours every example as the JSON form does', async () => {
  const fromJson = await grammarFrom(jsonPath);
  const fromPlist = await grammarFrom(plistPath);
  for (const example of ['broken.noarkq', 'integration-flow.noarkq', 'tests/register-entry.noarkq']) {
    const text = readFileSync(join(repositoryRoot, 'examples', example), 'utf8');
    const expected = tokens(fromJson, text);
    assert.ok(expected.some((t) => t.includes('keyword.control.request.noarkq')));
    assert.deepEqual(tokens(fromPlist, text), expected, example);
  }
});
