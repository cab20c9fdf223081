/** Pending uploads: time left, one warning shortly before the archive drops a file, and what a transaction attaches. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JsonValue } from '../../core/jsonValue';
import { attachedFileIds, PendingUploadList, timeLeft, uploadLifetimeMs, warnBeforeMs } from '../../client/archive/pendingUploads';

describe('pending uploads', () => {
  it('lists uploads soonest-to-go first and forgets them when they expire', () => {
    let now = 1_000_000;
    const list = new PendingUploadList(() => now);
    list.add('sandbox', '11', 'a.pdf');
    now += 60_000;
    list.add('sandbox', '12', 'b.pdf');
    assert.deepEqual(
      list.list().map((u) => u.id),
      ['11', '12'],
    );
    now += uploadLifetimeMs - 60_000;
    assert.deepEqual(
      list.list().map((u) => u.id),
      ['12'],
    );
  });

  it('warns once per upload, shortly before it is dropped', () => {
    let now = 0;
    const list = new PendingUploadList(() => now);
    list.add('prod', '7', 'brev.pdf');
    assert.deepEqual(list.dueWarnings(), []);
    assert.equal(list.nextChangeAt(), uploadLifetimeMs - warnBeforeMs);
    now = uploadLifetimeMs - warnBeforeMs;
    assert.deepEqual(
      list.dueWarnings().map((u) => u.fileName),
      ['brev.pdf'],
    );
    assert.deepEqual(list.dueWarnings(), []);
    assert.equal(list.nextChangeAt(), uploadLifetimeMs);
  });

  it('keeps environments apart and forgets what a transaction attached', () => {
    const list = new PendingUploadList(() => 0);
    list.add('a', '1', 'x');
    list.add('b', '1', 'y');
    const body: JsonValue = { actions: [{ action: 'save', type: 'Dokumentversjon', id: 'v', fields: { referanseDokumentfil: '1', variantformat: 'P' } }, { action: 'save', type: 'Dokument', id: 'd', fields: {} }] };
    assert.deepEqual(attachedFileIds(body), ['1']);
    assert.equal(list.remove('a', attachedFileIds(body)), true);
    assert.deepEqual(
      list.list().map((u) => u.environment),
      ['b'],
    );
    assert.deepEqual(attachedFileIds({ actions: 'no' }), []);
    assert.deepEqual(attachedFileIds(null), []);
  });

  it('says the time left in minutes, then seconds', () => {
    assert.equal(timeLeft(52 * 60_000), '52 min left');
    assert.equal(timeLeft(40_000), '40 s left');
    assert.equal(timeLeft(0), 'expired');
  });
});
