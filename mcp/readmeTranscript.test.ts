/**
 * The README's transcript of an agent fixing a broken file shows what `check` answers today: the
 * same diagnostics, at the same places, with the same fixes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { noarkModel } from '../core/schema';
import { checkTool } from './modelTools';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('### An agent fixes a broken file'));

describe("the README's agent transcript", () => {
  it('shows the diagnostics and fixes check gives for the broken file, and no problem once fixed', () => {
    const broken = /The file the agent wrote:\n\n```noarkq\n([\s\S]*?)```/.exec(section)?.[1];
    assert.ok(broken, 'the transcript shows the broken file');
    const shown = /noarkq answers:\n\n```text\n[\s\S]*?\n(\{[\s\S]*?\n\})\n```/.exec(section)?.[1];
    assert.ok(shown, 'the transcript shows the answer');
    const answer = checkTool(noarkModel, { text: broken }, process.cwd());
    assert.deepEqual(JSON.parse(shown), answer.json);

    const fixed = broken.replace('### findCase\n', '### findCase\n@year = 2024\n').replace('saksar = 2024', 'saksaar = @year');
    assert.match(checkTool(noarkModel, { text: fixed }, process.cwd()).summary, /no problems/);
  });
});
