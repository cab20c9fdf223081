import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { noarkModel } from '../../core/schema';
import { logEntityOf, logPanelKey, logPanelTitle, logRefusal } from './entityLogs';

describe('the entity a log command is given', () => {
  test('a tree node, an EntityRef, or (type, id)', () => {
    const node = { entity: { type: 'Saksmappe', id: '41', label: '2024/17 Byggesak' }, contextValue: 'entity.Saksmappe' };
    assert.deepEqual(logEntityOf(noarkModel, 'change', node, [node]), { ok: true, entity: { type: 'Saksmappe', id: '41', label: '2024/17 Byggesak' } });
    assert.deepEqual(logEntityOf(noarkModel, 'access', { type: 'Journalpost', id: 7 }, undefined), { ok: true, entity: { type: 'Journalpost', id: '7' } });
    assert.deepEqual(logEntityOf(noarkModel, 'download', 'Dokumentversjon', '9'), { ok: true, entity: { type: 'Dokumentversjon', id: '9' } });
    assert.deepEqual(logEntityOf(noarkModel, 'change', 'Saksmappe', '0d7c1c7e-4f7a-4a33-9d64-2f5d4c1e9b10'), { ok: true, entity: { type: 'Saksmappe', id: '0d7c1c7e-4f7a-4a33-9d64-2f5d4c1e9b10' } });
  });

  test('anything else is refused, naming the command and the problem', () => {
    const error = (arg: unknown, second?: unknown) => {
      const checked = logEntityOf(noarkModel, 'change', arg, second);
      assert.equal(checked.ok, false);
      return (checked as { error: string }).error;
    };
    assert.match(error({ type: 'Saksmappe' }), /^noarkq\.showChangeLog: the argument is not an archive entity/);
    assert.match(error(42), /not an archive entity/);
    assert.match(error('Sak', '1'), /^noarkq\.showChangeLog: "Sak" is not an entity type of the archive/);
    assert.match(error('Saksmappe', '1 OR 1=1'), /"1 OR 1=1" is not an id of the archive/);
    assert.match(error({ entity: { type: '<script>x</script>', id: '1' } }), /is not an entity type/);
  });

  test('what is refused before sending, and the panel it goes to', () => {
    assert.match(logRefusal(noarkModel, 'change', { type: 'Dokumentversjon', id: '1' }) ?? '', /keeps no change log for Dokumentversjon/);
    assert.equal(logRefusal(noarkModel, 'change', { type: 'Saksmappe', id: '1' }), undefined);
    assert.equal(logRefusal(noarkModel, 'change', { type: 'AbstraktRegistrering', id: '1' }), undefined);
    assert.match(logRefusal(noarkModel, 'download', { type: 'Dokument', id: '1' }) ?? '', /Only a Dokumentversjon has a download log/);
    assert.equal(logRefusal(noarkModel, 'access', { type: 'Korrespondansepart', id: '1' }), undefined);
    assert.equal(logPanelKey('access', { type: 'Saksmappe', id: '41' }), 'noarkq.log:access:Saksmappe:41');
    assert.equal(logPanelTitle('change', { type: 'Saksmappe', id: '41', label: '2024/17' }), 'Change log of Saksmappe 2024/17');
    assert.equal(logPanelTitle('download', { type: 'Dokumentversjon', id: '9' }), 'Download log of Dokumentversjon 9');
  });
});
