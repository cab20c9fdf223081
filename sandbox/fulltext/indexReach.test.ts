import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { noarkModel } from '../../core/schema';
import { addReach, emptyReach, type ChangeRow } from './indexReach';

function row(entityId: number, entityType: string, revisionType: string, extra: Partial<ChangeRow> = {}): ChangeRow {
  return {
    entity_id: String(entityId),
    entity_type: entityType,
    revision_type: revisionType,
    modified_field: null,
    new_value: null,
    removed_value: null,
    previous_parent: null,
    current_parent: null,
    ...extra,
  };
}

function reachOf(...rows: ChangeRow[]) {
  const r = addReach(emptyReach(), rows, noarkModel);
  return {
    own: [...r.own.values()].map((s) => `${s.doctype}:${s.id}`).sort(),
    named: [...r.named].sort((a, b) => a - b),
    shownIn: Object.fromEntries([...r.shownIn].map(([group, ids]) => [group, [...ids].sort((a, b) => a - b)])),
  };
}

describe('indexReach', () => {
  it('a CREATE reaches only the new entity own entry, and nothing for types without one', () => {
    assert.deepEqual(reachOf(row(10, 'Saksmappe', 'CREATE'), row(11, 'Dokumentversjon', 'CREATE'), row(12, 'Klasse', 'CREATE')), {
      own: ['Mappe:10', 'Tekst:11'],
      named: [],
      shownIn: {},
    });
  });

  it('linking a new case file to its series and class reaches the case file, not the series or class', () => {
    const r = reachOf(
      row(20, 'Saksmappe', 'LINK', { modified_field: 'refArkivdel', new_value: { refArkivdel: '3' } }),
      row(20, 'Saksmappe', 'LINK', { modified_field: 'refPrimaerKlasse', new_value: { refPrimaerKlasse: '5' } }),
    );
    assert.deepEqual(r.named, [20]);
  });

  it('the same link made from the parent side reaches the child', () => {
    assert.deepEqual(reachOf(row(20, 'Saksmappe', 'LINK', { modified_field: 'refRegistrering', new_value: { refRegistrering: '21' } })).named, [21]);
  });

  it('a correspondence party linked or unlinked reaches its registry entry too, from either side', () => {
    assert.deepEqual(reachOf(row(30, 'Korrespondansepart', 'LINK', { modified_field: 'refRegistrering', new_value: { refRegistrering: '21' } })).named, [21, 30]);
    assert.deepEqual(reachOf(row(21, 'Journalpost', 'UNLINK', { modified_field: 'refKorrespondansepart', removed_value: { refKorrespondansepart: '30' } })).named, [21, 30]);
  });

  it('a document linked to its registry entry reaches the document only', () => {
    assert.deepEqual(reachOf(row(40, 'Dokument', 'LINK', { modified_field: 'refRegistrering', new_value: { refRegistrering: '21' } })).named, [40]);
  });

  it('a link the index does not follow (secondary class) reaches nothing beyond the own entry', () => {
    const r = reachOf(row(20, 'Saksmappe', 'LINK', { modified_field: 'refSekundaerKlasse', new_value: { refSekundaerKlasse: '6' } }));
    assert.deepEqual(r, { own: ['Mappe:20'], named: [], shownIn: {} });
  });

  it('a MOVE reaches the moved entity, not its old and new parents', () => {
    const r = reachOf(row(21, 'Journalpost', 'MOVE', { modified_field: 'refMappe', previous_parent: { type: 'Saksmappe', id: '20' }, current_parent: { type: 'Saksmappe', id: '22' } }));
    assert.deepEqual(r.named, [21]);
  });

  it('an UPDATE reaches the entries that show the entity texts: below a case file, but only its own entry for a series', () => {
    assert.deepEqual(reachOf(row(20, 'Saksmappe', 'UPDATE')).shownIn, { 'Tekst,Korrespondansepart,Registrering': [20] });
    assert.deepEqual(reachOf(row(30, 'Korrespondansepart', 'UPDATE')).shownIn, { 'Tekst,Korrespondansepart,Registrering': [30] });
    assert.deepEqual(reachOf(row(40, 'Dokument', 'UPDATE')).shownIn, { Tekst: [40] });
    assert.deepEqual(reachOf(row(3, 'Arkivdel', 'UPDATE')), { own: ['Arkivdel:3'], named: [], shownIn: {} });
    assert.deepEqual(reachOf(row(5, 'Klasse', 'UPDATE')), { own: [], named: [], shownIn: {} });
  });

  it('a DELETE reaches every entry naming the entity', () => {
    assert.deepEqual(reachOf(row(30, 'Korrespondansepart', 'DELETE')), { own: ['Korrespondansepart:30'], named: [30], shownIn: {} });
  });
});
