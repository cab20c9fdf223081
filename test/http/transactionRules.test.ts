/**
 * Transaction rules 2, 3 and 7 over real HTTP, each with the refused transaction next to the
 * same actions written the way the rule asks (which succeed), so the refusal is for the rule and
 * not for something else in the transaction, and with the archive checked unchanged after it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestSandbox } from './sandboxHarness';

const env = useTestSandbox({}, { structure: true });

async function count(type: string): Promise<number> {
  const r = await env.sandbox.query(env.token, { type, limit: 500, publicUse: false });
  assert.equal(r.status, 200, r.text);
  return r.json.results.length;
}

async function fetchOne(type: string, id: string) {
  const r = await env.sandbox.query(env.token, { type, query: 'id = @id', parameters: { '@id': id }, publicUse: false });
  assert.equal(r.status, 200, r.text);
  return r.json.results[0];
}

test('rule 1: an update sends only the changed fields and keeps the rest; fields of another type and references are refused [transaction rule 1]', async () => {
  const before = await fetchOne('Saksmappe', env.structure.saksmappe);
  const update = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Saksmappe', id: env.structure.saksmappe, fields: { beskrivelse: 'Only this changes' } }]);
  assert.equal(update.status, 200, update.text);
  const after = await fetchOne('Saksmappe', env.structure.saksmappe);
  assert.deepEqual(after.fields, { ...before.fields, beskrivelse: 'Only this changes' });
  assert.deepEqual(after.links, before.links);
  const foreign = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Journalpost', id: env.structure.journalpost, fields: { saksaar: 2020 } }]);
  assert.equal(foreign.status, 400, foreign.text);
  assert.match(foreign.json.description, /Journalpost has no field `saksaar`/);
  const reference = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Journalpost', id: env.structure.journalpost, fields: { refMappe: env.structure.saksmappe } }]);
  assert.equal(reference.status, 400, reference.text);
  assert.match(reference.json.description, /`refMappe` is a reference.*link/);
  assert.equal((await fetchOne('Saksmappe', env.structure.saksmappe)).version, after.version);
});

test('rule 2: a new Arkiv needs an Arkivskaper linked in the same transaction [transaction rule 2]', async () => {
  const before = await count('Arkiv');
  const alone = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Arkiv', id: 'a', fields: { tittel: 'Without creator' } }]);
  assert.equal(alone.status, 400, alone.text);
  assert.match(alone.json.description, /actions\[0\].*Arkivskaper/);
  // An Arkivskaper saved but not linked does not count either.
  const unlinked = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Arkiv', id: 'a', fields: { tittel: 'Creator not linked' } },
    { action: 'save', type: 'Arkivskaper', id: 'as', fields: { arkivskaperIdent: 'X', arkivskaperNavn: 'X' } },
  ]);
  assert.equal(unlinked.status, 400, unlinked.text);
  assert.equal(await count('Arkiv'), before);
  const linked = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Arkiv', id: 'a', fields: { tittel: 'With creator' } },
    { action: 'save', type: 'Arkivskaper', id: 'as', fields: { arkivskaperIdent: 'X', arkivskaperNavn: 'X' } },
    { action: 'link', type: 'Arkivskaper', id: 'as', ref: 'refArkiv', linkToId: 'a' },
  ]);
  assert.equal(linked.status, 200, linked.text);
  assert.equal(await count('Arkiv'), before + 1);
});

const entryFromParentSide = (folder: string) => [
  { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Linked from above', journalposttype: 'I' } },
  { action: 'link', type: 'Saksmappe', id: folder, ref: 'refRegistrering', linkToId: 'jp' },
  { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari' } },
  { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
];

test('rule 3: links are made from the child; the parent side name of the same relation is accepted with the same meaning, a relation that does not exist is refused [transaction rule 3]', async () => {
  const before = await count('Journalpost');
  // The vendor's own clients link from the parent side (Saksmappe refSakspart, Journalpost
  // refKorrespondansepart): the archive stores the same link as the child side would.
  const down = await env.sandbox.transaction(env.token, entryFromParentSide(env.structure.saksmappe));
  assert.equal(down.status, 200, down.text);
  assert.equal(down.json.saved.jp.links.refMappe, Number(env.structure.saksmappe));
  const party = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Party linked from above', journalposttype: 'I' } },
    { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: env.structure.saksmappe },
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari Oppefra' } },
    { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refKorrespondansepart', linkToId: 'kp' },
  ]);
  assert.equal(party.status, 200, party.text);
  const parties = await env.sandbox.query(env.token, { type: 'Korrespondansepart', query: 'refRegistrering.id = @jp', parameters: { '@jp': party.json.saved.jp.id } });
  assert.deepEqual(parties.json.results.map((r: { fields: { korrespondansepartNavn: string } }) => r.fields.korrespondansepartNavn), ['Kari Oppefra']);
  assert.equal(await count('Journalpost'), before + 2);
  const missing = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari' } },
    { action: 'link', type: 'Saksmappe', id: env.structure.saksmappe, ref: 'refKorrespondansepart', linkToId: 'kp' },
  ]);
  assert.equal(missing.status, 400, missing.text);
  assert.match(missing.json.description, /Saksmappe has no reference `refKorrespondansepart`/);
  const up = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Linked from below', journalposttype: 'I' } },
    { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: env.structure.saksmappe },
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari' } },
    { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
  ]);
  assert.equal(up.status, 200, up.text);
  assert.equal(up.json.saved.jp.links.refMappe, Number(env.structure.saksmappe));
});

test('rule 3: actions run in order, so a link to a temporary id saved only later is refused [transaction rule 3]', async () => {
  const before = await count('Journalpost');
  const early = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari' } },
    { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Saved too late', journalposttype: 'I' } },
    { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: env.structure.saksmappe },
  ]);
  assert.equal(early.status, 400, early.text);
  assert.match(early.json.description, /actions\[1\]: "jp" is used here, but created only by action 3/);
  assert.equal(await count('Journalpost'), before);
  const ordered = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Saved first', journalposttype: 'I' } },
    { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: env.structure.saksmappe },
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari' } },
    { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
  ]);
  assert.equal(ordered.status, 200, ordered.text);
  assert.equal(await count('Journalpost'), before + 1);
});

test('rule 5: unlink cannot detach a Journalpost from the case file it cannot exist without [transaction rule 5]', async () => {
  const r = await env.sandbox.transaction(env.token, [{ action: 'unlink', type: 'Journalpost', id: env.structure.journalpost, ref: 'refMappe', unlinkFromId: env.structure.saksmappe }]);
  assert.equal(r.status, 400, r.text);
  assert.match(r.json.description, /actions\[0\]: A Journalpost cannot exist without its refMappe/);
  assert.equal((await fetchOne('Journalpost', env.structure.journalpost)).links.refMappe, Number(env.structure.saksmappe));
  // A secondary class can exist unattached, so it unlinks.
  const linked = await env.sandbox.transaction(env.token, [{ action: 'link', type: 'Journalpost', id: env.structure.journalpost, ref: 'refSekundaerKlasse', linkToId: env.structure.klasser[2] }]);
  assert.equal(linked.status, 200, linked.text);
  const unlinked = await env.sandbox.transaction(env.token, [{ action: 'unlink', type: 'Journalpost', id: env.structure.journalpost, ref: 'refSekundaerKlasse', unlinkFromId: env.structure.klasser[2] }]);
  assert.equal(unlinked.status, 200, unlinked.text);
  const bySecondary = await env.sandbox.query(env.token, { type: 'Journalpost', query: 'refSekundaerKlasse.id = @k', parameters: { '@k': env.structure.klasser[2] } });
  assert.deepEqual(bySecondary.json.results, []);
});

test('rule 7: a numeric id is never a temporary id: it names an existing entity, so a save with one creates nothing [transaction rule 7]', async () => {
  const before = await count('Klassifikasjonssystem');
  const unknown = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Klassifikasjonssystem', id: '98765432', fields: { tittel: 'Meant as new' } }]);
  assert.equal(unknown.status, 404, unknown.text);
  assert.match(unknown.json.description, /actions\[0\].*No entity has id 98765432/);
  // A numeric "temporary" id that happens to be an existing id updates that entity instead.
  const clash = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Klassifikasjonssystem', id: env.structure.system, fields: { beskrivelse: 'Meant as new' } }]);
  assert.equal(clash.status, 200, clash.text);
  assert.deepEqual(Object.keys(clash.json.saved), [env.structure.system]);
  assert.equal(clash.json.saved[env.structure.system].version, '2');
  assert.equal(await count('Klassifikasjonssystem'), before);
  // Temporary ids with digits in them are fine as long as they are not all digits.
  const temp = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Klassifikasjonssystem', id: 'k1', fields: { tittel: 'New one' } },
    { action: 'save', type: 'Klassifikasjonssystem', id: '2024-b', fields: { tittel: 'New two' } },
  ]);
  assert.equal(temp.status, 200, temp.text);
  assert.deepEqual(Object.keys(temp.json.saved).sort(), ['2024-b', 'k1']);
  assert.match(temp.json.saved.k1.id, /^\d+$/);
  assert.equal(await count('Klassifikasjonssystem'), before + 2);
});
