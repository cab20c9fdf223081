import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestSandbox } from './sandboxHarness';

const env = useTestSandbox({}, { structure: true });

const newCase = (key: string, title: string) => [
  { action: 'save', type: 'Saksmappe', id: key, fields: { tittel: title } },
  { action: 'link', type: 'Saksmappe', id: key, ref: 'refArkivdel', linkToId: env.structure.arkivdel },
  { action: 'link', type: 'Saksmappe', id: key, ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[0] },
];
const newEntry = (key: string, folder: string, fields: Record<string, unknown> = {}) => [
  { action: 'save', type: 'Journalpost', id: key, fields: { tittel: `Entry ${key}`, journalposttype: 'U', ...fields } },
  { action: 'link', type: 'Journalpost', id: key, ref: 'refMappe', linkToId: folder },
  { action: 'save', type: 'Korrespondansepart', id: `${key}-kp`, fields: { korrespondansepartNavn: 'Ola' } },
  { action: 'link', type: 'Korrespondansepart', id: `${key}-kp`, ref: 'refRegistrering', linkToId: key },
];

async function count(type: string): Promise<number> {
  const r = await env.sandbox.query(env.token, { type, limit: 500, publicUse: false });
  return r.json.results.length;
}

async function fetchOne(type: string, id: string) {
  const r = await env.sandbox.query(env.token, { type, query: 'id = @id', parameters: { '@id': id }, publicUse: false });
  return r.json.results[0];
}

test('rule 1: references cannot be set in fields [transaction rule 1]', async () => {
  const r = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Saksmappe', id: env.structure.saksmappe, fields: { refArkivdel: env.structure.arkivdel } }]);
  assert.equal(r.status, 400);
  assert.match(r.json.description, /^The transaction was not run: actions\[0\]: .*link/);
});

test('rule 2: a new entity must be linked in the same transaction (Arkiv and Klassifikasjonssystem excepted) [transaction rule 2]', async () => {
  const r = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Saksmappe', id: 'lonely', fields: { tittel: 'x' } }]);
  assert.equal(r.status, 400);
  assert.match(r.json.description, /actions\[0\]/);
  const ok = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Klassifikasjonssystem', id: 'ks', fields: { tittel: 'Alone' } }]);
  assert.equal(ok.status, 200, ok.text);
});

test('rule 3: an entry linked from the parent side still needs its party', async () => {
  const r = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'x', journalposttype: 'I' } },
    { action: 'link', type: 'Saksmappe', id: env.structure.saksmappe, ref: 'refRegistrering', linkToId: 'jp' },
  ]);
  assert.equal(r.status, 400);
  assert.match(r.json.description, /Korrespondansepart/);
});

test('rule 4 and 5: secondary classes and cross references link and unlink [transaction rule 4, 5]', async () => {
  const r = await env.sandbox.transaction(env.token, [
    ...newCase('c4', 'Rule 4 case'),
    { action: 'link', type: 'Saksmappe', id: 'c4', ref: 'refSekundaerKlasse', linkToId: [env.structure.klasser[1], env.structure.klasser[2]] },
    { action: 'link', type: 'Saksmappe', id: 'c4', ref: 'refKryssreferanseTilMappe', linkToId: env.structure.saksmappe },
  ]);
  assert.equal(r.status, 200, r.text);
  const id = r.json.saved.c4.id;
  const bySecondary = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'refSekundaerKlasse.id = @k', parameters: { '@k': env.structure.klasser[2] } });
  assert.deepEqual(bySecondary.json.results.map((x: { id: string }) => x.id), [id]);
  const crossed = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'refKryssreferanseFraMappe.id = @c', parameters: { '@c': id } });
  assert.deepEqual(crossed.json.results.map((x: { id: string }) => x.id), [env.structure.saksmappe]);
  const unlink = await env.sandbox.transaction(env.token, [{ action: 'unlink', type: 'Saksmappe', id, ref: 'refSekundaerKlasse', unlinkFromId: env.structure.klasser[2] }]);
  assert.equal(unlink.status, 200, unlink.text);
  assert.deepEqual(unlink.json.saved, {});
  assert.equal((await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'refSekundaerKlasse.id = @k', parameters: { '@k': env.structure.klasser[2] } })).json.results.length, 0);
  // Rule 5: not from the parent it cannot exist without.
  const orphan = await env.sandbox.transaction(env.token, [{ action: 'unlink', type: 'Saksmappe', id, ref: 'refArkivdel', unlinkFromId: env.structure.arkivdel }]);
  assert.equal(orphan.status, 400);
  assert.match(orphan.json.description, /actions\[0\]/);
});

test('rule 6: a move is unlink then link; it needs the move permission [transaction rule 6] [auth rule 3]', async () => {
  const setup = await env.sandbox.transaction(env.token, [...newCase('from', 'Move from'), ...newCase('to', 'Move to'), ...newEntry('mv', 'from')]);
  assert.equal(setup.status, 200, setup.text);
  const { from, to, mv } = setup.json.saved;
  const move = [
    { action: 'unlink', type: 'Journalpost', id: mv.id, ref: 'refMappe', unlinkFromId: from.id },
    { action: 'link', type: 'Journalpost', id: mv.id, ref: 'refMappe', linkToId: to.id },
  ];
  const ordinary = await env.sandbox.transaction(await env.sandbox.token('ordinary'), move);
  assert.equal(ordinary.status, 403);
  assert.match(ordinary.json.description, /actions\[0\].*move permission/);
  assert.equal((await fetchOne('Journalpost', mv.id)).links.refMappe, Number(from.id));
  // Linking a second parent without unlinking is refused: refMappe holds one folder.
  const twice = await env.sandbox.transaction(env.token, [move[1]]);
  assert.equal(twice.status, 400);
  assert.match(twice.json.description, /already linked/);
  const full = await env.sandbox.transaction(env.token, move);
  assert.equal(full.status, 200, full.text);
  assert.equal((await fetchOne('Journalpost', mv.id)).links.refMappe, Number(to.id));
  const { rows } = await env.sandbox.sandbox.services.db.query<{ revision_type: string; previous_parent: unknown; current_parent: unknown }>(
    `SELECT revision_type, previous_parent, current_parent FROM change_log WHERE entity_id = $1 AND revision_type = 'MOVE'`,
    [Number(mv.id)],
  );
  assert.deepEqual(rows, [{ revision_type: 'MOVE', previous_parent: { type: 'Saksmappe', id: from.id }, current_parent: { type: 'Saksmappe', id: to.id } }]);
});

test('rule 7: temporary ids must be non-numeric; unknown ids are 404 [transaction rule 7]', async () => {
  const numeric = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Arkiv', id: '12345678', fields: { tittel: 'x' } }]);
  assert.ok(numeric.status === 400 || numeric.status === 404, numeric.text);
  const missing = await env.sandbox.transaction(env.token, [{ action: 'link', type: 'Saksmappe', id: env.structure.saksmappe, ref: 'refSekundaerKlasse', linkToId: '99999999' }]);
  assert.equal(missing.status, 404);
  assert.match(missing.json.description, /actions\[0\].*99999999/);
});

test('a failing action rolls back every action before it and names its index [error rule 2]', async () => {
  const before = await count('Saksmappe');
  const entriesBefore = await count('Journalpost');
  const r = await env.sandbox.transaction(env.token, [...newCase('rb', 'Rolled back'), ...newEntry('rbj', 'rb'), { action: 'link', type: 'Saksmappe', id: 'rb', ref: 'refSekundaerKlasse', linkToId: env.structure.journalpost }]);
  assert.equal(r.status, 400);
  assert.match(r.json.description, /^actions\[7\] \(link Saksmappe "rb"\) failed, nothing was changed: Journalpost/);
  assert.equal(await count('Saksmappe'), before);
  assert.equal(await count('Journalpost'), entriesBefore);
});

test('saved: keyed by temporary id or numeric id, defaults and service fields filled [endpoint POST /transaction] [transaction rule 1]', async () => {
  const r = await env.sandbox.transaction(env.token, [
    ...newCase('sc', 'Saved case'),
    ...newEntry('e1', 'sc', { journalaar: 1999 }),
    ...newEntry('e2', 'sc'),
    { action: 'save', type: 'Dokument', id: 'd1', fields: { tittel: 'Brev' } },
    { action: 'link', type: 'Dokument', id: 'd1', ref: 'refRegistrering', linkToId: 'e1' },
    { action: 'save', type: 'Dokument', id: 'd2', fields: { tittel: 'Vedlegg', tilknyttetRegistreringSom: 'V' } },
    { action: 'link', type: 'Dokument', id: 'd2', ref: 'refRegistrering', linkToId: 'e1' },
  ]);
  assert.equal(r.status, 200, r.text);
  const saved = r.json.saved;
  assert.deepEqual(Object.keys(saved).sort(), ['d1', 'd2', 'e1', 'e1-kp', 'e2', 'e2-kp', 'sc']);
  const sc = saved.sc;
  assert.deepEqual(Object.keys(sc).sort(), ['fields', 'id', 'links', 'type', 'version']);
  assert.equal(sc.type, 'Saksmappe');
  assert.match(sc.id, /^\d+$/);
  assert.equal(sc.version, '1');
  assert.equal(sc.fields.saksstatus, 'B');
  assert.equal(sc.fields.dokumentmedium, 'E');
  assert.equal(sc.fields.saksaar, 2024);
  assert.equal(sc.fields.mappeIdent, `2024/${sc.fields.sakssekvensnummer}`);
  assert.match(sc.fields.uuid, /^[0-9a-f-]{36}$/);
  assert.equal(sc.fields.opprettetAv, 'noarkq-demo');
  assert.deepEqual(sc.links, { refArkivdel: Number(env.structure.arkivdel), refPrimaerKlasse: Number(env.structure.klasser[0]) });
  assert.equal(saved.e1.fields.journalaar, 2024, 'service fields are set by the service');
  assert.equal(saved.e1.fields.journalstatus, 'J');
  assert.equal(saved.e1.fields.registreringsIdent, `2024/${saved.e1.fields.journalsekvensnummer}`);
  assert.equal(saved.e2.fields.journalsekvensnummer, saved.e1.fields.journalsekvensnummer + 1);
  assert.deepEqual([saved.e1.fields.journalpostnummer, saved.e2.fields.journalpostnummer], [1, 2]);
  assert.deepEqual([saved.d1.fields.dokumentnummer, saved.d2.fields.dokumentnummer], [1, 2]);
  assert.equal(saved.d1.fields.dokumentstatus, 'B');
  assert.equal(saved.d1.links.refRegistrering, Number(saved.e1.id));
  assert.equal(saved['e1-kp'].fields.skjermEInnsyn, false);

  const update = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Saksmappe', id: sc.id, fields: { beskrivelse: 'Ny' } }]);
  assert.equal(update.status, 200, update.text);
  assert.deepEqual(Object.keys(update.json.saved), [sc.id]);
  assert.equal(update.json.saved[sc.id].version, '2');
  assert.equal(update.json.saved[sc.id].fields.beskrivelse, 'Ny');
  const unchanged = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Saksmappe', id: sc.id, fields: { beskrivelse: 'Ny' } }]);
  assert.deepEqual(unchanged.json.saved, {});
  const linkOnly = await env.sandbox.transaction(env.token, [{ action: 'link', type: 'Saksmappe', id: sc.id, ref: 'refSekundaerKlasse', linkToId: env.structure.klasser[1] }]);
  assert.deepEqual(linkOnly.json.saved, {});
});

test('version conflicts are 409; ids must name an entity of the action type', async () => {
  const made = await env.sandbox.transaction(env.token, newCase('vc', 'Versioned'));
  const id = made.json.saved.vc.id;
  const first = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Saksmappe', id, version: '1', fields: { tittel: 'v2' } }]);
  assert.equal(first.status, 200, first.text);
  const stale = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Saksmappe', id, version: '1', fields: { tittel: 'v3' } }]);
  assert.equal(stale.status, 409);
  assert.match(stale.json.description, /version 2/);
  assert.equal((await fetchOne('Saksmappe', id)).fields.tittel, 'v2');
  const wrongType = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Journalpost', id, fields: { tittel: 'x' } }]);
  assert.equal(wrongType.status, 400);
  assert.match(wrongType.json.description, /is a Saksmappe, not a Journalpost/);
});

test('delete needs permission, refuses entities with children, and removes the entity [auth rule 3]', async () => {
  const made = await env.sandbox.transaction(env.token, [...newCase('del', 'To delete'), ...newEntry('dj', 'del')]);
  const { del, dj } = made.json.saved;
  const ordinary = await env.sandbox.transaction(await env.sandbox.token('ordinary'), [{ action: 'delete', type: 'Korrespondansepart', id: made.json.saved['dj-kp'].id }]);
  assert.equal(ordinary.status, 403);
  const withChildren = await env.sandbox.transaction(env.token, [{ action: 'delete', type: 'Saksmappe', id: del.id }]);
  assert.equal(withChildren.status, 400);
  assert.match(withChildren.json.description, /below it/);
  const ok = await env.sandbox.transaction(env.token, [
    { action: 'delete', type: 'Korrespondansepart', id: made.json.saved['dj-kp'].id },
    { action: 'delete', type: 'Journalpost', id: dj.id },
    { action: 'delete', type: 'Saksmappe', id: del.id, version: '1' },
  ]);
  assert.equal(ok.status, 200, ok.text);
  assert.deepEqual(ok.json.saved, {});
  assert.equal(await fetchOne('Saksmappe', del.id), undefined);
  const { rows } = await env.sandbox.sandbox.services.db.query<{ revision_type: string }>('SELECT revision_type FROM change_log WHERE entity_id = $1 ORDER BY revision_id', [Number(del.id)]);
  assert.deepEqual(rows.map((r) => r.revision_type), ['CREATE', 'LINK', 'LINK', 'DELETE']);
});

test('the change log records creates, updates with old and new values, links and unlinks', async () => {
  const made = await env.sandbox.transaction(env.token, newCase('cl', 'Logged'));
  const id = Number(made.json.saved.cl.id);
  await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Saksmappe', id: String(id), fields: { tittel: 'Logged 2' } }]);
  const { rows } = await env.sandbox.sandbox.services.db.query<Record<string, unknown>>(
    'SELECT revision_type, modified_field, modified_field_type, new_value, old_value, modified_by FROM change_log WHERE entity_id = $1 ORDER BY revision_id',
    [id],
  );
  assert.deepEqual(rows.map((r) => r.revision_type), ['CREATE', 'LINK', 'LINK', 'UPDATE']);
  assert.deepEqual(rows[1].new_value, { refArkivdel: env.structure.arkivdel });
  assert.deepEqual(rows[3], { revision_type: 'UPDATE', modified_field: 'tittel', modified_field_type: 'string', new_value: { tittel: 'Logged 2' }, old_value: { tittel: 'Logged' }, modified_by: 'noarkq-demo' });
});
