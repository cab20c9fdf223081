import assert from 'node:assert/strict';
import { test } from 'node:test';
import { archiveTimestamp } from '../../core/query/archiveDay';
import { bulkModule, logModule } from '../../sandbox/audit/auditModules';
import { useTestSandbox, waitFor } from './sandboxHarness';

/** A second case file with its own entry, and a Dokument on the first entry. */
let sak2: string;
let jp2: string;
let kp2: string;
let dokument: string;
const env = useTestSandbox({ modules: [logModule, bulkModule] }, { structure: true });
env.before(async () => {
  const r = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Saksmappe', id: 'sak2', fields: { tittel: 'Second case' } },
    { action: 'link', type: 'Saksmappe', id: 'sak2', ref: 'refArkivdel', linkToId: env.structure.arkivdel },
    { action: 'link', type: 'Saksmappe', id: 'sak2', ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[1] },
    { action: 'save', type: 'Journalpost', id: 'jp2', fields: { tittel: 'Second entry', journalposttype: 'U' } },
    { action: 'link', type: 'Journalpost', id: 'jp2', ref: 'refMappe', linkToId: 'sak2' },
    { action: 'save', type: 'Korrespondansepart', id: 'kp2', fields: { korrespondansepartNavn: 'Per' } },
    { action: 'link', type: 'Korrespondansepart', id: 'kp2', ref: 'refRegistrering', linkToId: 'jp2' },
    { action: 'save', type: 'Dokument', id: 'doc', fields: { tittel: 'Vedtak', tilknyttetRegistreringSom: 'H' } },
    { action: 'link', type: 'Dokument', id: 'doc', ref: 'refRegistrering', linkToId: env.structure.journalpost },
  ]);
  assert.equal(r.status, 200, r.text);
  ({ sak2: { id: sak2 }, jp2: { id: jp2 }, kp2: { id: kp2 }, doc: { id: dokument } } = r.json.saved);
});

interface Entity {
  type: string;
  id: string;
  version: string;
  fields: Record<string, unknown>;
}

async function fetchOne(type: string, id: string): Promise<Entity> {
  const r = await env.sandbox.query(env.token, { type, query: 'id = @id', parameters: { '@id': id }, publicUse: false });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.results.length, 1, `${type} ${id}`);
  return r.json.results[0];
}

async function bulk(action: 'open' | 'close', type: string, id: string) {
  return env.sandbox.post(`/bulk/${action}`, { type, id }, { token: env.token });
}

/** Orders a bulk change, checks the 202 with no body, and waits (by polling) until `done` holds. */
async function bulkAndWait(action: 'open' | 'close', type: string, id: string, done: () => Promise<boolean>): Promise<void> {
  const r = await bulk(action, type, id);
  assert.equal(r.status, 202, r.text);
  assert.equal(r.text, '');
  await waitFor(done);
}

const statusOf = async (type: string, id: string, field: string) => (await fetchOne(type, id)).fields[field];
const isClosed = async (type: string, id: string) => (await fetchOne(type, id)).fields.avsluttetDato !== undefined;

async function tx(actions: unknown[]) {
  return env.sandbox.transaction(env.token, actions);
}

test('bulk/close of a fonds closes it and everything inside, recursively; bulk/open reverses it [endpoint POST /bulk/close] [endpoint POST /bulk/open]', async () => {
  const earlier = env.sandbox.clock.now();
  // A case closed on its own first keeps the date of its own closing.
  await bulkAndWait('close', 'AbstraktMappe', sak2, () => isClosed('Saksmappe', sak2));
  env.sandbox.clock.advance(60);
  // Answered in the sandbox's zone (Europe/Oslo by default).
  const closedAt = archiveTimestamp(env.sandbox.clock.now());
  const types: [string, string][] = [
    ['Arkiv', env.structure.arkiv],
    ['Arkivdel', env.structure.arkivdel],
    ['Saksmappe', env.structure.saksmappe],
    ['Journalpost', env.structure.journalpost],
    ['Dokument', dokument],
    ['Saksmappe', sak2],
    ['Journalpost', jp2],
  ];
  const before = new Map<string, Entity>();
  for (const [type, id] of types) before.set(id, await fetchOne(type, id));

  await bulkAndWait('close', 'Arkiv', env.structure.arkiv, async () => (await statusOf('Dokument', dokument, 'dokumentstatus')) === 'F');

  const closed = new Map<string, Entity>();
  for (const [type, id] of types) closed.set(id, await fetchOne(type, id));
  const expectedStatus: Record<string, [string, string]> = {
    Arkiv: ['arkivstatus', 'A'],
    Arkivdel: ['arkivdelstatus', 'P'],
    Saksmappe: ['saksstatus', 'A'],
    Journalpost: ['journalstatus', 'A'],
    Dokument: ['dokumentstatus', 'F'],
  };
  for (const [type, id] of types) {
    const e = closed.get(id) as Entity;
    const [field, code] = expectedStatus[type];
    assert.equal(e.fields[field], code, `${type} ${field}`);
    if (type === 'Arkivdel') {
      // Arkivdel has no avsluttet* fields (vendor notes §4): its status is its closing.
      assert.equal(e.fields.avsluttetDato, undefined);
      continue;
    }
    assert.equal(e.fields.avsluttetDato, id === sak2 || id === jp2 ? archiveTimestamp(earlier) : closedAt, `${type} ${id} avsluttetDato`);
    assert.equal(e.fields.avsluttetAv, 'noarkq-demo');
    assert.equal(e.fields.avsluttetAvBrukerIdent, e.fields.opprettetAvBrukerIdent);
  }
  assert.equal(Number(closed.get(env.structure.journalpost)?.version), Number(before.get(env.structure.journalpost)?.version) + 1);
  // Classification is not containment: the system and its classes stay open.
  assert.equal((await fetchOne('Klasse', env.structure.klasser[0])).fields.avsluttetDato, undefined);
  assert.equal((await fetchOne('Klassifikasjonssystem', env.structure.system)).fields.avsluttetDato, undefined);

  // The close is in the change log as UPDATE entries.
  const log = await env.sandbox.post('/logs/change-log', { type: 'Saksmappe', id: env.structure.saksmappe, includeChildChanges: false, limit: 100 }, { token: env.token });
  const updates = log.json.results.filter((e: { revisionType: string }) => e.revisionType === 'UPDATE');
  assert.deepEqual(
    updates.map((e: { modifiedField: string; oldValue: Record<string, unknown>; newValue: Record<string, unknown> }) => [e.modifiedField, e.oldValue[e.modifiedField], e.newValue[e.modifiedField]]),
    [
      ['saksstatus', 'B', 'A'],
      ['avsluttetDato', null, closedAt],
      ['avsluttetAv', null, 'noarkq-demo'],
      ['avsluttetAvBrukerIdent', null, closed.get(env.structure.saksmappe)?.fields.avsluttetAvBrukerIdent],
    ],
  );

  await bulkAndWait('open', 'Arkiv', env.structure.arkiv, async () => (await statusOf('Dokument', dokument, 'dokumentstatus')) === 'B');
  const defaults: Record<string, string> = { Arkiv: 'O', Arkivdel: 'A', Saksmappe: 'B', Journalpost: 'J', Dokument: 'B' };
  for (const [type, id] of types) {
    const e = await fetchOne(type, id);
    assert.equal(e.fields[expectedStatus[type][0]], defaults[type], `${type} reopened`);
    for (const f of ['avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent']) assert.equal(e.fields[f], undefined, `${type}.${f}`);
  }
  const change = await tx([{ action: 'save', type: 'Journalpost', id: env.structure.journalpost, fields: { tittel: 'Open again' } }]);
  assert.equal(change.status, 200, change.text);
});

test('closed entities and everything inside them refuse save, link, unlink and delete', async () => {
  await bulkAndWait('close', 'AbstraktMappe', sak2, () => isClosed('Journalpost', jp2));
  const tries: [string, unknown[], RegExp][] = [
    ['save the closed entry', [{ action: 'save', type: 'Journalpost', id: jp2, fields: { tittel: 'changed' } }], new RegExp(`Journalpost ${jp2} is closed`)],
    [
      'save a party inside it',
      [{ action: 'save', type: 'Korrespondansepart', id: kp2, fields: { korrespondansepartNavn: 'Pål' } }],
      new RegExp(`Korrespondansepart ${kp2} lies inside Journalpost ${jp2}, which is closed`),
    ],
    [
      'link a new entry into the closed case',
      [
        { action: 'save', type: 'Journalpost', id: 'new', fields: { tittel: 'late', journalposttype: 'I' } },
        { action: 'link', type: 'Journalpost', id: 'new', ref: 'refMappe', linkToId: sak2 },
        { action: 'save', type: 'Korrespondansepart', id: 'nkp', fields: { korrespondansepartNavn: 'x' } },
        { action: 'link', type: 'Korrespondansepart', id: 'nkp', ref: 'refRegistrering', linkToId: 'new' },
      ],
      new RegExp(`Saksmappe ${sak2} is closed`),
    ],
    [
      'link a secondary class to the closed case',
      [{ action: 'link', type: 'Saksmappe', id: sak2, ref: 'refSekundaerKlasse', linkToId: env.structure.klasser[2] }],
      new RegExp(`Saksmappe ${sak2} is closed`),
    ],
    [
      'move the entry out',
      [
        { action: 'unlink', type: 'Journalpost', id: jp2, ref: 'refMappe', unlinkFromId: sak2 },
        { action: 'link', type: 'Journalpost', id: jp2, ref: 'refMappe', linkToId: env.structure.saksmappe },
      ],
      /is closed.*bulk\/open/,
    ],
    ['delete the party', [{ action: 'delete', type: 'Korrespondansepart', id: kp2 }], new RegExp(`inside Journalpost ${jp2}, which is closed`)],
  ];
  for (const [what, actions, message] of tries) {
    const r = await tx(actions);
    assert.equal(r.status, 400, `${what}: ${r.text}`);
    assert.match(r.json.description, message, what);
  }
  assert.equal((await fetchOne('Journalpost', jp2)).fields.tittel, 'Second entry');
  assert.equal((await fetchOne('Korrespondansepart', kp2)).fields.korrespondansepartNavn, 'Per');
  // The open case beside it is not affected.
  const other = await tx([{ action: 'save', type: 'Saksmappe', id: env.structure.saksmappe, fields: { beskrivelse: 'still open' } }]);
  assert.equal(other.status, 200, other.text);

  // Something inside a closed entity cannot be opened alone; the container can.
  const inside = await bulk('open', 'AbstraktRegistrering', jp2);
  assert.equal(inside.status, 400);
  assert.match(inside.json.description, new RegExp(`inside Saksmappe ${sak2}, which is closed`));
  await bulkAndWait('open', 'AbstraktMappe', sak2, async () => !(await isClosed('Journalpost', jp2)));
  const now = await tx([{ action: 'save', type: 'Korrespondansepart', id: kp2, fields: { korrespondansepartNavn: 'Pål' } }]);
  assert.equal(now.status, 200, now.text);
});

// The vendor's raw PHP sample (test/conformance/php-update-article.noarkq) closes a record and then
// finalizes the record's document in the same transaction; its C# sample closes from the inside out.
test("a transaction's own closings take effect when it commits: close a record, then finalize its document, in one transaction", async () => {
  const made = await tx([
    { action: 'save', type: 'Mappe', id: 'm', fields: { tittel: 'Artikkel' } },
    { action: 'link', type: 'Mappe', id: 'm', ref: 'refArkivdel', linkToId: env.structure.arkivdel },
    { action: 'save', type: 'Basisregistrering', id: 'r', fields: { tittel: 'Versjon 1.0' } },
    { action: 'link', type: 'Basisregistrering', id: 'r', ref: 'refMappe', linkToId: 'm' },
    { action: 'save', type: 'Dokument', id: 'd', fields: { tittel: 'Artikkel', tilknyttetRegistreringSom: 'H' } },
    { action: 'link', type: 'Dokument', id: 'd', ref: 'refRegistrering', linkToId: 'r' },
  ]);
  assert.equal(made.status, 200, made.text);
  const { r: { id: record }, d: { id: document } } = made.json.saved;
  const finalized = await tx([
    { action: 'save', type: 'Basisregistrering', id: record, fields: { avsluttetDato: '2018-10-04T09:15:00+02:00', avsluttetAv: 'Karl Karlsen' } },
    { action: 'save', type: 'Dokument', id: document, fields: { dokumentstatus: 'F' } },
  ]);
  assert.equal(finalized.status, 200, finalized.text);
  assert.equal(await isClosed('Basisregistrering', record), true);
  assert.equal(await statusOf('Dokument', document, 'dokumentstatus'), 'F');
  // Once committed, the closing holds: a later transaction is refused.
  const later = await tx([{ action: 'save', type: 'Dokument', id: document, fields: { tittel: 'changed' } }]);
  assert.equal(later.status, 400, later.text);
  assert.match(later.json.description, new RegExp(`Dokument ${document} (is closed|lies inside Basisregistrering ${record}, which is closed)`));
});

test('classification systems, classes and documents (DokumentBeskrivelse) close on their own', async () => {
  await bulkAndWait('close', 'Klassifikasjonssystem', env.structure.system, () => isClosed('Klasse', env.structure.klasser[2]));
  for (const k of env.structure.klasser) assert.equal(typeof (await fetchOne('Klasse', k)).fields.avsluttetDato, 'string');
  // A closed class takes no new cases; the cases already filed under it stay open.
  const filed = await tx([
    { action: 'save', type: 'Saksmappe', id: 'c', fields: { tittel: 'Under a closed class' } },
    { action: 'link', type: 'Saksmappe', id: 'c', ref: 'refArkivdel', linkToId: env.structure.arkivdel },
    { action: 'link', type: 'Saksmappe', id: 'c', ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[0] },
  ]);
  assert.equal(filed.status, 400);
  assert.match(filed.json.description, new RegExp(`Klasse ${env.structure.klasser[0]} is closed .*open Klassifikasjonssystem ${env.structure.system}, the closed entity that contains it, with bulk/open`));
  const existing = await tx([{ action: 'save', type: 'Saksmappe', id: env.structure.saksmappe, fields: { beskrivelse: 'class closed, case open' } }]);
  assert.equal(existing.status, 200, existing.text);
  await bulkAndWait('open', 'Klassifikasjonssystem', env.structure.system, async () => !(await isClosed('Klasse', env.structure.klasser[2])));

  await bulkAndWait('close', 'DokumentBeskrivelse', dokument, async () => (await statusOf('Dokument', dokument, 'dokumentstatus')) === 'F');
  assert.equal(await statusOf('Journalpost', env.structure.journalpost, 'journalstatus'), 'J');
  const edit = await tx([{ action: 'save', type: 'Dokument', id: dokument, fields: { tittel: 'edited' } }]);
  assert.equal(edit.status, 400);
  assert.match(edit.json.description, new RegExp(`Dokument ${dokument} is closed`));
  await bulkAndWait('open', 'DokumentBeskrivelse', dokument, async () => (await statusOf('Dokument', dokument, 'dokumentstatus')) === 'B');
  assert.equal((await tx([{ action: 'save', type: 'Dokument', id: dokument, fields: { tittel: 'edited' } }])).status, 200);
});

test('bulk refusals: unknown or unlisted types, bad and unknown ids, a type that does not match', async () => {
  const cases: [unknown, number, RegExp][] = [
    [{ type: 'Foo', id: env.structure.arkiv }, 400, /take `type` Arkiv, Arkivdel, AbstraktMappe, AbstraktRegistrering, DokumentBeskrivelse, Klassifikasjonssystem, Klasse/],
    [{ type: 'Saksmappe', id: env.structure.saksmappe }, 400, /as AbstraktMappe/],
    [{ type: 'Arkiv', id: 'abc' }, 400, /numeric id/],
    [{ type: 'Arkiv', id: '99999999' }, 404, /No entity has id 99999999/],
    [{ type: 'Arkiv', id: env.structure.arkivdel }, 400, new RegExp(`${env.structure.arkivdel} is a Arkivdel, not a Arkiv`)],
    [{ type: 'Arkiv' }, 400, /id/],
    [{ type: 'Arkiv', id: env.structure.arkiv, recursive: false }, 400, /recursive/],
  ];
  for (const action of ['open', 'close']) {
    for (const [body, status, message] of cases) {
      const r = await env.sandbox.post(`/bulk/${action}`, body, { token: env.token });
      assert.equal(r.status, status, `${action} ${JSON.stringify(body)}: ${r.text}`);
      assert.match(r.json.description, message);
    }
  }
  assert.equal((await env.sandbox.post('/bulk/close', { type: 'Arkiv', id: env.structure.arkiv })).status, 401);
  assert.equal((await env.sandbox.get('/bulk/close', { token: env.token })).status, 405);
  // None of the refused orders changed anything.
  assert.equal(await statusOf('Arkiv', env.structure.arkiv, 'arkivstatus'), 'O');
});
