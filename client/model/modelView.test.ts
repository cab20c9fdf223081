import assert from 'node:assert/strict';
import { test } from 'node:test';
import { noarkModel } from '../../core/schema';
import { modelTypeViews, typeNamed, typeOnLine } from './modelView';

test('every type goes to the picture, with what its side pane shows', () => {
  const views = modelTypeViews(noarkModel);
  assert.deepEqual(views.map((v) => v.name), noarkModel.types.map((t) => t.name));
  const version = views.find((v) => v.name === 'Dokumentversjon');
  assert.deepEqual(version?.fields.find((f) => f.name === 'referanseDokumentfil'), { name: 'referanseDokumentfil', type: 'string', queryable: true, requiredOnCreate: true });
  assert.equal(version?.fields.find((f) => f.name === 'variantformat')?.codeList, 'variantformat');
  assert.deepEqual(views.find((v) => v.name === 'Journalpost')?.supertypes, ['AbstraktRegistrering']);
  assert.equal(views.find((v) => v.name === 'AbstraktMappe')?.abstract, true);
});

test('a command argument names a type whatever its case; anything else names none', () => {
  assert.equal(typeNamed(noarkModel, 'saksmappe'), 'Saksmappe');
  assert.equal(typeNamed(noarkModel, ' Journalpost '), 'Journalpost');
  assert.equal(typeNamed(noarkModel, 'Saksbehandler'), undefined);
  assert.equal(typeNamed(noarkModel, { type: 'Saksmappe' }), undefined);
  assert.equal(typeNamed(noarkModel, undefined), undefined);
});

test('the type on an editor line: the word under the cursor, else the first type the line names', () => {
  const line = 'QUERY Saksmappe WHERE refArkivdel = "x" AND Journalpost';
  assert.equal(typeOnLine(noarkModel, line, 8), 'Saksmappe');
  assert.equal(typeOnLine(noarkModel, line, line.length - 2), 'Journalpost');
  assert.equal(typeOnLine(noarkModel, line, 0), 'Saksmappe', 'the cursor on QUERY: the line\'s type');
  assert.equal(typeOnLine(noarkModel, 'EXPECT status = 200', 3), undefined);
  assert.equal(typeOnLine(noarkModel, '', 0), undefined);
});
