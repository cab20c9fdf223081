/**
 * The TextMate grammar in the property-list form Sublime Text reads (editors/sublime/
 * noarkq.tmLanguage, written by editors/sublime/generate.mjs): it is syntaxes/noarkq.tmLanguage.json
 * as it is now, and the TextMate engine VS Code uses, reading each form, colours every example the
 * same.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { IGrammar } from 'vscode-textmate';
import { loadTextMateGrammar, tokenize } from '../textMateGrammar';
import { repositoryRoot } from './editorHarness';

const jsonPath = join(repositoryRoot, 'syntaxes', 'noarkq.tmLanguage.json');
const plistPath = join(repositoryRoot, 'editors', 'sublime', 'noarkq.tmLanguage');

test('the Sublime grammar is the TextMate grammar of syntaxes/ as it is now', async () => {
  // plist is published as an ES module only.
  const { parse } = await import('plist');
  const { $schema: _schema, ...json } = JSON.parse(readFileSync(jsonPath, 'utf8')) as Record<string, unknown>;
  assert.deepEqual(parse(readFileSync(plistPath, 'utf8')), json, 'editors/sublime/noarkq.tmLanguage is out of date: run node editors/sublime/generate.mjs');
});

/** Each token as its text and scopes, for comparing two tokenizations. */
function tokens(grammar: IGrammar, text: string): string[] {
  return tokenize(grammar, text).map(([token, scopes]) => `${token} ${scopes.join(' ')}`);
}

test('read as a property list, the grammar colours every example as the JSON form does', async () => {
  const fromJson = await loadTextMateGrammar(jsonPath);
  const fromPlist = await loadTextMateGrammar(plistPath);
  for (const example of ['broken.noarkq', 'integration-flow.noarkq', 'tests/register-entry.noarkq']) {
    const text = readFileSync(join(repositoryRoot, 'examples', example), 'utf8');
    const expected = tokens(fromJson, text);
    assert.ok(expected.some((t) => t.includes('keyword.control.request.noarkq')));
    assert.deepEqual(tokens(fromPlist, text), expected, example);
  }
});
