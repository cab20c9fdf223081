import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { noarkModel } from '../core/schema';
import { ArchiveAccess } from './archiveAccess';
import { defaultCaps } from './resultCaps';
import { runTool } from './runTool';

/** An archive that must not be reached: the write safety decides before any connection. */
const unreachable = new ArchiveAccess(async () => {
  throw new Error('the archive was contacted');
});

const context = { access: unreachable, model: noarkModel, caps: defaultCaps, cwd: process.cwd(), allowWrites: false };

describe('run on a read-only server', () => {
  it('refuses a reading block that needs a write first, before connecting', async () => {
    const text = [
      '### register',
      'TRANSACTION',
      '{ "actions": [ { "action": "save", "type": "Arkiv", "id": "a", "fields": { "tittel": "A" } } ] }',
      '',
      '### readBack',
      '@id = {{register.saved.a.id}}',
      'QUERY Arkiv',
      'WHERE id = @id',
      '',
    ].join('\n');
    const answer = await runTool(context, { text, blocks: ['readBack'] });
    assert.equal(answer.isError, true);
    assert.match(answer.summary, /block `register` changes the archive/);
  });

  it('refuses a download (a file written on this machine) and a writing HTTP request', async () => {
    for (const request of ['DOWNLOAD 123', 'DELETE code-lists/journalposttype/Z', 'PUT bsm-registry/group/g\n{ "groupName": "G" }']) {
      const answer = await runTool(context, { text: `### w\n${request}\n` });
      assert.equal(answer.isError, true, request);
      assert.match(answer.summary, /without --allow-writes/, request);
    }
  });

  it('names a block that is not in the file', async () => {
    const answer = await runTool(context, { text: '### q\nQUERY Arkiv\n', blocks: ['nope'] });
    assert.equal(answer.isError, true);
    assert.match(answer.summary, /No block is named "nope"; the file has q/);
  });
});
