import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hitEntity } from './hitEntity';

/** A hit's ids as the real archive sent them (shared/reference/real-wire/full-text-response-tekst.json). */
const tekstHit = {
  'AbstraktRegistrering.id': ['7368480'],
  'Arkivdel.id': ['7302540'],
  'Dokumentversjon.id': ['7368494'],
  'Klasse.id': ['7302546'],
  'Korrespondansepart.id': ['7368499'],
  'Dokument.id': ['7368493'],
  'AbstraktMappe.id': ['7368460'],
};

describe('hitEntity', () => {
  test('a Tekst hit is its document version, whatever else it names', () => {
    assert.deepEqual(hitEntity('Tekst', tekstHit), { type: 'Dokumentversjon', id: '7368494' });
    assert.deepEqual(hitEntity(undefined, tekstHit), { type: 'Dokumentversjon', id: '7368494' }, 'Tekst is the default collection');
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
    assert.deepEqual(hitEntity('Noe', tekstHit), { type: 'Dokumentversjon', id: '7368494' });
  });
});
