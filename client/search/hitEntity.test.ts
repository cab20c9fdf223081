import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hitEntity } from './hitEntity';

/** A Tekst hit's ids with the keys, order and arrays of a response recorded from a real archive
 * (as in test/fixtures/wire/full-text-response-tekst.json). */
const tekstHit = {
  'AbstraktRegistrering.id': ['5120482'],
  'Arkivdel.id': ['5120001'],
  'Dokumentversjon.id': ['5120490'],
  'Klasse.id': ['5120007'],
  'Korrespondansepart.id': ['5120486'],
  'Dokument.id': ['5120489'],
  'AbstraktMappe.id': ['5120477'],
};

describe('hitEntity', () => {
  test('a Tekst hit is its document version, whatever else it names', () => {
    assert.deepEqual(hitEntity('Tekst', tekstHit), { type: 'Dokumentversjon', id: '5120490' });
    assert.deepEqual(hitEntity(undefined, tekstHit), { type: 'Dokumentversjon', id: '5120490' }, 'Tekst is the default collection');
  });

  test('a registry entry hit is the entry, not one of the parties it lists', () => {
    const ids = { 'AbstraktRegistrering.id': ['41'], 'Korrespondansepart.id': ['43', '44', '45'], 'AbstraktMappe.id': ['40'], 'Arkivdel.id': ['2'], 'Klasse.id': ['7'] };
    assert.deepEqual(hitEntity('Registrering', ids), { type: 'AbstraktRegistrering', id: '41' });
  });

  test('a party hit is the party the archive names first, not its entry or the other parties', () => {
    const ids = { 'Korrespondansepart.id': ['44', '43', '45'], 'AbstraktRegistrering.id': ['41'], 'AbstraktMappe.id': ['40'] };
    assert.deepEqual(hitEntity('Korrespondansepart', ids), { type: 'Korrespondansepart', id: '44' });
  });

  test('folders and series', () => {
    assert.deepEqual(hitEntity('Mappe', { 'AbstraktMappe.id': ['40'], 'Arkivdel.id': ['2'], 'Klasse.id': ['7'] }), { type: 'AbstraktMappe', id: '40' });
    assert.deepEqual(hitEntity('Arkivdel', { 'Arkivdel.id': ['2'] }), { type: 'Arkivdel', id: '2' });
  });

  test('without its subject the hit reveals the nearest entity above it', () => {
    assert.deepEqual(hitEntity('Tekst', { 'Dokument.id': ['9'], 'AbstraktMappe.id': ['40'] }), { type: 'Dokument', id: '9' });
    assert.deepEqual(hitEntity('Registrering', { 'Korrespondansepart.id': ['43'], 'AbstraktMappe.id': ['40'] }), { type: 'AbstraktMappe', id: '40' });
  });

  test('numbers are taken as ids; anything else is no entity', () => {
    assert.deepEqual(hitEntity('Mappe', { 'AbstraktMappe.id': [40] }), { type: 'AbstraktMappe', id: '40' });
    assert.deepEqual(hitEntity('Mappe', { 'AbstraktMappe.id': '40' }), { type: 'AbstraktMappe', id: '40' });
    for (const ids of [undefined, null, [], 'x', {}, { 'AbstraktMappe.id': [] }, { 'AbstraktMappe.id': ['<img src=x onerror=alert(1)>'] }, { 'AbstraktMappe.id': [-1] }, { 'Saksmappe.id': ['40'] }]) {
      assert.equal(hitEntity('Mappe', ids), undefined, JSON.stringify(ids));
    }
  });

  test('an unknown collection is read as Tekst', () => {
    assert.deepEqual(hitEntity('Noe', tekstHit), { type: 'Dokumentversjon', id: '5120490' });
  });
});
