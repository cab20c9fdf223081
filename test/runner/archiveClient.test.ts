/**
 * The archive client against the real sandbox over real HTTP: every method, paging across many
 * pages, a file with a non-ASCII name up and down byte for byte, every error shape, and the
 * bodies with the recorded real responses' shapes (test/fixtures/wire) parsed without loss.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import type { ExchangeLogEntry, QueryPage } from '../../runner/archive/archiveApi';
import { ArchiveError, ArchiveRequestError, ResponseShapeError, RunCancelledError } from '../../runner/archive/archiveErrors';
import { resolveApiRoot } from '../../runner/archive/archiveUrl';
import {
  checkShape,
  fullTextResponseSchema,
  highlightSegments,
  parseArchiveTimestamp,
  queryResponseSchema,
  transactionResponseSchema,
} from '../../core/api';
import { StaticTokenProvider } from '../../runner/auth/tokenProvider';
import { fullTextIndexer } from '../../sandbox/fulltext/fullTextModule';
import { useTestSandbox, waitFor } from '../http/sandboxHarness';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { SandboxTokenProvider } from './sandboxTokenProvider';

/** Our bodies with the recorded real responses' shapes and quirks (see the README there). */
const wire = join(__dirname, '..', 'fixtures', 'wire');
const scratch = mkdtempSync(join(tmpdir(), 'noarkq-client-test-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const env = useTestSandbox({ fullTextIndexIntervalSeconds: 0 }, { structure: true });
let client: ArchiveClient;
let tokens: SandboxTokenProvider;
let proxy: FaultProxy;
let proxied: ArchiveClient;
const log: ExchangeLogEntry[] = [];
env.before(async () => {
  tokens = new SandboxTokenProvider(env.sandbox.sandbox.tokenUrl);
  client = new ArchiveClient({ apiUrl: env.sandbox.sandbox.apiUrl, auth: tokens, onExchange: (e) => log.push(e), retry: { baseDelayMs: 5, maxDelayMs: 20 } });
  proxy = await startFaultProxy(env.sandbox.sandbox.url);
  proxied = new ArchiveClient({ apiUrl: proxy.url, auth: tokens, retry: { baseDelayMs: 5, maxDelayMs: 20 } });
});
after(async () => {
  await client?.close();
  await proxied?.close();
  await proxy?.close();
});

/** The fixture as the client gives it back: ids, versions and link values as strings. */
function normalised(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normalised(v, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        if (k === 'links' && v && typeof v === 'object') return [k, Object.fromEntries(Object.entries(v).map(([r, id]) => [r, Array.isArray(id) ? id.map(String) : String(id)]))];
        if ((k === 'id' || k === 'version') && (typeof v === 'number' || typeof v === 'string')) return [k, String(v)];
        return [k, normalised(v, k)];
      }),
    );
  }
  return value;
}

describe('response schemas', () => {
  it('parse bodies with every quirk of the recorded real responses without loss', () => {
    const schemas: Record<string, Parameters<typeof checkShape>[0]> = {
      'query-response-journalpost.json': queryResponseSchema,
      'full-text-response-name.json': fullTextResponseSchema,
      'full-text-response-tekst.json': fullTextResponseSchema,
    };
    const files = readdirSync(wire).filter((f) => f.endsWith('.json'));
    assert.deepEqual(files.sort(), Object.keys(schemas).sort(), 'every wire fixture has its schema here');
    for (const file of files) {
      const raw = JSON.parse(readFileSync(join(wire, file), 'utf8')) as unknown;
      const checked = checkShape(schemas[file], raw);
      assert.ok(checked.ok, `${file}: ${checked.ok ? '' : `${checked.path}: ${checked.problem}`}`);
      assert.deepEqual(JSON.parse(JSON.stringify(checked.value)), normalised(raw), file);
    }
    const query = checkShape(queryResponseSchema, JSON.parse(readFileSync(join(wire, 'query-response-journalpost.json'), 'utf8')));
    assert.ok(query.ok);
    assert.equal(query.value.results[0].links.refMappe, '5120410');
    assert.equal(query.value.results[0].fields.publiseringsstatus, 'NOT_PUBLISHED');
    assert.equal(query.value.results[0].version, '7');
    assert.equal(parseArchiveTimestamp(String(query.value.results[0].fields.opprettetDato))?.toISOString(), '2024-06-03T08:14:27.481Z');
    const names = checkShape(fullTextResponseSchema, JSON.parse(readFileSync(join(wire, 'full-text-response-name.json'), 'utf8')));
    assert.ok(names.ok);
    const marked = highlightSegments(names.value.results[0].highlights['Korrespondansepart.korrespondansepartNavn']?.[0] ?? '');
    assert.deepEqual(marked.filter((p) => p.match).map((p) => p.text), ['Per', 'Testesen']);
  });

  it('take ids and versions as numbers, linkToId-style lists, both offsets, both highlight markers; keep unknown keys', () => {
    const checked = checkShape(transactionResponseSchema, {
      saved: { jp: { type: 'Journalpost', id: 12, version: 3, fields: { opprettetDato: '2024-08-19T09:09:39.315+02:00' }, links: { refMappe: 7, refSekundaerKlasse: [1, '2'] }, extraKey: { a: 1 } } },
      serverNote: 'kept',
    });
    assert.ok(checked.ok);
    assert.deepEqual(checked.value.saved.jp.links, { refMappe: '7', refSekundaerKlasse: ['1', '2'] });
    assert.equal(checked.value.saved.jp.id, '12');
    assert.equal(checked.value.saved.jp.version, '3');
    assert.deepEqual(checked.value.saved.jp.extraKey, { a: 1 });
    assert.equal(checked.value.serverNote, 'kept');
    assert.equal(parseArchiveTimestamp('2024-08-19T09:09:39.315+0200')?.toISOString(), '2024-08-19T07:09:39.315Z');
    assert.equal(parseArchiveTimestamp('2024-08-19T09:09:39.315+02:00')?.toISOString(), '2024-08-19T07:09:39.315Z');
    // The sandbox answers in UTC with --time-zone UTC and in Oslo time by default (winter +0100): the same parser reads all.
    assert.equal(parseArchiveTimestamp('2024-08-19T07:09:39.315+0000')?.toISOString(), '2024-08-19T07:09:39.315Z');
    assert.equal(parseArchiveTimestamp('2024-01-15T08:00:00.000+0100')?.toISOString(), '2024-01-15T07:00:00.000Z');
    assert.equal(parseArchiveTimestamp('19.08.2024'), undefined);
    const parts = (s: string) => highlightSegments(s).map((p) => (p.match ? `[${p.text}]` : p.text)).join('');
    assert.equal(parts('|=hlstart=|Ola|=hlstop=| og |=hlstart=|Kari|=hlend=|!'), '[Ola] og [Kari]!');
    const ft = checkShape(fullTextResponseSchema, { results: [{ ids: { 'Dokument.id': 5 }, highlights: { Tekst: ['|=hlstart=|x|=hlend=|'] } }], facets: [], total: 1 });
    assert.ok(ft.ok);
    assert.deepEqual(ft.value.results[0].ids, { 'Dokument.id': ['5'] });
  });

  it('name the JSON path of the first mismatch', () => {
    const bad = checkShape(queryResponseSchema, { hasMore: false, results: [{ type: 'Saksmappe', id: '1', version: '1', fields: {}, links: {} }, { type: 'Saksmappe', id: true, version: '1', fields: {}, links: {} }] });
    assert.ok(!bad.ok);
    assert.equal(bad.path, '$.results[1].id');
    assert.match(bad.problem, /id is a string or a number/);
    const link = checkShape(queryResponseSchema, { hasMore: false, results: [{ type: 'Saksmappe', id: '1', version: '1', fields: {}, links: { refArkivdel: { id: 3 } } }] });
    assert.ok(!link.ok);
    assert.equal(link.path, '$.results[0].links.refArkivdel');
    const odd = checkShape(transactionResponseSchema, { saved: { 'temp id': { type: 'X', id: '1', version: '1', fields: [], links: {} } } });
    assert.ok(!odd.ok);
    assert.equal(odd.path, '$.saved["temp id"].fields');
  });
});

describe('the API root', () => {
  it('is taken as given, or appended to a bare base URL', () => {
    assert.equal(resolveApiRoot('http://h:8083').url, 'http://h:8083/rms/api/public/noark5/v1');
    assert.equal(resolveApiRoot('https://h/').url, 'https://h/rms/api/public/noark5/v1');
    assert.equal(resolveApiRoot('https://h/rms/api/public/noark5/v1/').url, 'https://h/rms/api/public/noark5/v1');
    assert.equal(resolveApiRoot('https://h/custom/root').basePath, '/custom/root');
    assert.throws(() => resolveApiRoot('archive.example'), /absolute http\(s\) URL/);
    assert.throws(() => resolveApiRoot('ftp://h/'), /http or https/);
    assert.throws(() => resolveApiRoot('https://u:p@h/'), /credentials/);
  });

  it('works from the bare sandbox URL too', async () => {
    const bare = new ArchiveClient({ apiUrl: env.sandbox.sandbox.url, auth: tokens });
    try {
      const r = await bare.query({ type: 'Arkiv', limit: 1 });
      assert.equal(r.status, 200);
      assert.equal(r.request.url, `${env.sandbox.sandbox.apiUrl}/query`);
    } finally {
      await bare.close();
    }
  });
});

describe('every endpoint', () => {
  it('sends the bearer token, both error-format headers, the content type and the user agent on every call', async () => {
    const before = proxy.requests.length;
    await proxied.query({ type: 'Arkiv', limit: 1 });
    await proxied.codeLists({ field: 'journalposttype' });
    const [post, get] = proxy.requests.slice(before);
    for (const r of [post, get]) {
      assert.match(String(r.headers.authorization), /^Bearer \S+$/);
      assert.equal(r.headers['x-service-error-response-type'], 'application/json');
      assert.equal(r.headers['x-documaster-error-response-type'], 'application/json');
      assert.match(String(r.headers['user-agent']), /^noarkq\/\d+\.\d+\.\d+/);
    }
    assert.equal(post.headers['content-type'], 'application/json');
    assert.equal(get.headers['content-type'], undefined);
    assert.equal(get.path, 'code-lists?field=journalposttype');
  });

  it('query and transaction: typed results, real ids for temporary ids, the request as sent', async () => {
    const tx = await client.transaction({
      actions: [
        { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: 'Klientsak' } },
        { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: env.structure.arkivdel },
        { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: [env.structure.klasser[0]] },
      ],
    });
    assert.equal(tx.status, 200);
    const sak = tx.body.saved.sak;
    assert.match(sak.id, /^\d+$/);
    assert.equal(sak.fields.saksstatus, 'B');
    assert.equal(tx.request.path, 'transaction');
    assert.equal((tx.request.body as { actions: unknown[] }).actions.length, 3);
    assert.ok(!JSON.stringify(tx.request).includes('Bearer'));
    const q = await client.query({ type: 'Saksmappe', query: 'tittel = @t', parameters: { '@t': 'Klientsak' } });
    assert.equal(q.body.hasMore, false);
    assert.deepEqual(q.body.results.map((r) => r.id), [sak.id]);
    assert.equal(q.body.results[0].links.refArkivdel, env.structure.arkivdel);
    assert.ok(q.bytes > 0 && q.durationMs >= 0);
    assert.equal(q.headers['content-type'], 'application/json; charset=utf-8');
  });

  it('code lists: GET, PUT and DELETE', async () => {
    const lists = await client.codeLists({ field: 'journalposttype' });
    assert.equal(lists.body.results.length, 1);
    assert.ok(lists.body.results[0].values.some((v) => v.code === 'I'));
    const put = await client.putCodeListValue('journalposttype', 'Z', { name: 'Klientverdi', description: 'Fra klienttesten' });
    assert.deepEqual({ code: put.body.code, name: put.body.name }, { code: 'Z', name: 'Klientverdi' });
    assert.ok((await client.codeLists({ field: 'journalposttype' })).body.results[0].values.some((v) => v.code === 'Z'));
    const del = await client.deleteCodeListValue('journalposttype', 'Z');
    assert.equal(del.status, 204);
    assert.equal(del.body, null);
    assert.ok(!(await client.codeLists({ field: 'journalposttype' })).body.results[0].values.some((v) => v.code === 'Z'));
  });

  it('BSM registry: GET, group and field PUT and DELETE', async () => {
    const group = await client.putBsmGroup('klient-gruppe', { groupName: 'Klient', groupDescription: 'Fra klienttesten' });
    assert.equal(group.body.groupId, 'klient-gruppe');
    const field = await client.putBsmField('klient-gruppe', 'farge', { fieldName: 'Farge', fieldType: 'string', fieldValues: ['rød', 'blå'] });
    assert.equal(field.body.fieldType, 'string');
    const read = await client.bsmRegistry({ groupId: 'klient-gruppe' });
    assert.deepEqual(read.body.results.map((g) => [g.groupId, g.fields.map((f) => f.fieldId)]), [['klient-gruppe', ['farge']]]);
    assert.equal((await client.deleteBsmField('klient-gruppe', 'farge')).status, 204);
    assert.equal((await client.deleteBsmGroup('klient-gruppe')).status, 204);
    assert.deepEqual((await client.bsmRegistry({ groupId: 'klient-gruppe' })).body.results, []);
  });

  it('the three logs', async () => {
    const changes = await client.changeLog({ type: 'Saksmappe', id: env.structure.saksmappe, limit: 5 });
    assert.ok(changes.body.total >= 1);
    assert.equal(changes.body.results[0].revisionType, 'CREATE');
    const access = await client.accessLog({ limit: 5 });
    assert.equal(typeof access.body.hasMore, 'boolean');
    const downloads = await client.downloadLog({ limit: 5 });
    assert.ok(Array.isArray(downloads.body.results));
  });

  it('bulk close and open: 202 with no body', async () => {
    const closed = await client.bulkClose({ type: 'AbstraktMappe', id: env.structure.saksmappe });
    assert.equal(closed.status, 202);
    assert.equal(closed.body, null);
    const isClosed = async () => (await client.query({ type: 'Saksmappe', query: 'id = @id', parameters: { '@id': env.structure.saksmappe } })).body.results[0].fields.saksstatus === 'A';
    await waitFor(isClosed);
    assert.equal((await client.bulkOpen({ type: 'AbstraktMappe', id: env.structure.saksmappe })).status, 202);
    await waitFor(async () => !(await isClosed()));
  });

  it('full-text set and search', async () => {
    const up = await client.upload({ stream: Readable.from([Buffer.from([1, 2, 3])]), fileName: 'skann.bin' });
    const tx = await client.transaction({
      actions: [
        { action: 'save', type: 'Dokument', id: 'd', fields: { tittel: 'Skannet' } },
        { action: 'link', type: 'Dokument', id: 'd', ref: 'refRegistrering', linkToId: env.structure.journalpost },
        { action: 'save', type: 'Dokumentversjon', id: 'v', fields: { referanseDokumentfil: up.body.id, variantformat: 'A' } },
        { action: 'link', type: 'Dokumentversjon', id: 'v', ref: 'refDokument', linkToId: 'd' },
      ],
    });
    const set = await client.fullTextSet({ dokumentversjonId: tx.body.saved.v.id, tekst: 'Reguleringsplan for Fjordvik sentrum' });
    assert.equal(set.status, 200);
    assert.deepEqual(set.body, {});
    await fullTextIndexer(env.sandbox.sandbox.services)?.runOnce();
    const hits = await client.fullTextSearch({ doctype: 'Tekst', query: 'reguleringsplan' });
    assert.equal(hits.body.total, 1);
    assert.deepEqual(hits.body.results[0].ids['Dokumentversjon.id'], [tx.body.saved.v.id]);
    const matched = highlightSegments(hits.body.results[0].highlights.Tekst[0]).filter((p) => p.match);
    assert.deepEqual(matched.map((p) => p.text), ['Reguleringsplan']);
    const refined = await client.fullTextSearch({ doctype: 'Tekst', query: 'reguleringsplan', filters: { 'Dokument.tittel': 'Skannet' }, expand: ['Dokument', 'AbstraktRegistrering'], publicUse: false });
    assert.equal(refined.body.total, 1);
    assert.deepEqual(refined.body.facets, [{ field: 'Dokument.tittel', values: { Skannet: 1 } }]);
    const [dokument] = refined.body.results[0].expand?.Dokument ?? [];
    assert.deepEqual([dokument.type, dokument.id, dokument.fields.tittel], ['Dokument', tx.body.saved.d.id, 'Skannet']);
    assert.equal(dokument.links.refRegistrering, env.structure.journalpost, 'links as the query endpoint returns them, ids as strings');
    assert.deepEqual(refined.body.results[0].expand?.AbstraktRegistrering.map((e) => e.id), [env.structure.journalpost]);
  });

  it("the Java client's endpoints: info/me, expand/folder and expand/record", async () => {
    const me = await client.me();
    assert.equal(me.status, 200);
    assert.match(me.body.userId, /^[0-9a-f-]{36}$/);
    const made = await client.transaction({
      actions: [
        { action: 'save', type: 'Mappe', id: 'm', fields: { tittel: 'Blir en sak' } },
        { action: 'link', type: 'Mappe', id: 'm', ref: 'refArkivdel', linkToId: env.structure.arkivdel },
        { action: 'save', type: 'Basisregistrering', id: 'r', fields: { tittel: 'Blir en journalpost' } },
        { action: 'link', type: 'Basisregistrering', id: 'r', ref: 'refMappe', linkToId: 'm' },
      ],
    });
    const folder = made.body.saved.m.id;
    const record = made.body.saved.r.id;
    assert.equal((await client.expandFolder({ id: folder, saksmappe: { saksdato: '2024-03-01' } })).status, 204);
    assert.equal((await client.expandRecord({ id: record, journalpost: { journalposttype: 'I' }, korrespondansepart: [{ korrespondansepartNavn: 'Kari', korrespondanseparttype: 'EA' }] })).status, 204);
    const sak = await client.query({ type: 'Saksmappe', query: 'id = @id', parameters: { '@id': folder } });
    assert.deepEqual(sak.body.results.map((e) => [e.type, e.fields.saksdato]), [['Saksmappe', '2024-03-01']]);
    const entry = await client.query({ type: 'Journalpost', query: 'id = @id', parameters: { '@id': record } });
    assert.deepEqual(entry.body.results.map((e) => [e.type, e.fields.journalposttype]), [['Journalpost', 'I']]);
    await assert.rejects(client.expandFolder({ id: record }), (error: unknown) => error instanceof ArchiveError && error.status === 400);
  });

  it('a generic request: JSON parsed, text kept, 204 empty', async () => {
    const lists = await client.request({ method: 'GET', path: 'code-lists?field=journalposttype' });
    assert.equal(lists.status, 200);
    assert.equal(((lists.body as { results: unknown[] }).results).length, 1);
    const q = await client.request({ method: 'POST', path: '/query', body: { type: 'Arkiv', limit: 1 }, write: false });
    assert.equal((q.body as { results: unknown[] }).results.length, 1);
    await client.putCodeListValue('journalposttype', 'G', { name: 'Generisk' });
    const del = await client.request({ method: 'DELETE', path: 'code-lists/journalposttype/G' });
    assert.equal(del.status, 204);
    assert.equal(del.body, '');
    await assert.rejects(client.request({ method: 'GET', path: 'https://elsewhere/x' }), ArchiveRequestError);
  });
});

describe('errors', () => {
  it('a JSON error body becomes an ArchiveError with status, errorId and description', async () => {
    const error = await client.query({ type: 'Ukjent', limit: 1 }).then(
      () => assert.fail('a query of an unknown type must fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ArchiveError);
    assert.equal(error.status, 400);
    assert.match(String(error.errorId), /^[0-9a-f-]{36}$/);
    assert.match(error.description, /Ukjent/);
    assert.match(error.message, /^POST query: 400 \(errorId [0-9a-f-]+\): /);
  });

  it('a plain-text error body (error-format headers dropped on the way) becomes the same ArchiveError', async () => {
    proxy.inject({ kind: 'stripErrorType' }, { path: /^query$/ });
    const error = await proxied.query({ type: 'Ukjent', limit: 1 }).then(
      () => assert.fail('must fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ArchiveError);
    assert.equal(error.status, 400);
    assert.equal(error.errorId, undefined);
    assert.match(error.body, /^400 Bad Request: /);
    assert.ok(!error.description.startsWith('400'), error.description);
    assert.match(error.description, /Ukjent/);
  });

  it('an unknown path is a 404 ArchiveError', async () => {
    const error = await client.request({ method: 'GET', path: 'no-such-endpoint' }).then(
      () => assert.fail('must fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ArchiveError);
    assert.equal(error.status, 404);
    assert.equal(error.request.path, 'no-such-endpoint');
  });

  it('a 2xx body that does not match its schema is a ResponseShapeError naming the JSON path', async () => {
    proxy.inject({ kind: 'rewrite', body: (text) => text.replace(/"id":"(\d+)"/, '"id":{"n":$1}') }, { path: /^query$/ });
    const error = await proxied.query({ type: 'Arkiv', limit: 1 }).then(
      () => assert.fail('must fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ResponseShapeError);
    assert.equal(error.path, '$.results[0].id');
    assert.match(error.message, /at \$\.results\[0\]\.id: /);
    proxy.inject({ kind: 'rewrite', body: () => '<html>login</html>' }, { path: /^query$/ });
    const html = await proxied.query({ type: 'Arkiv', limit: 1 }).catch((e: unknown) => e);
    assert.ok(html instanceof ResponseShapeError);
    assert.equal(html.path, '$');
    assert.match(html.problem, /not JSON \(Content-Type application\/json/);
  });

  it('a refused token: 401 as an ArchiveError, with no token in the error or the log', async () => {
    const token = 'not-a-valid-token-0123456789';
    const entries: ExchangeLogEntry[] = [];
    const stale = new ArchiveClient({ apiUrl: env.sandbox.sandbox.apiUrl, auth: new StaticTokenProvider(token), onExchange: (e) => entries.push(e) });
    try {
      const error = await stale.query({ type: 'Arkiv' }).catch((e: unknown) => e);
      assert.ok(error instanceof ArchiveError);
      assert.equal(error.status, 401);
      const everything = JSON.stringify({ message: error.message, body: error.body, description: error.description, entries });
      assert.ok(!everything.includes(token), everything);
      assert.equal(entries.length, 1);
    } finally {
      await stale.close();
    }
  });
});

describe('paging', () => {
  const total = 640;
  env.before(async () => {
    const actions = [];
    for (let i = 0; i < total; i++) {
      actions.push(
        { action: 'save' as const, type: 'Klasse', id: `k${i}`, fields: { klasseIdent: `P-${i}`, tittel: `Sideklasse ${i}` } },
        { action: 'link' as const, type: 'Klasse', id: `k${i}`, ref: 'refKlassifikasjonssystem', linkToId: env.structure.system },
      );
    }
    const r = await client.transaction({ actions });
    assert.equal(Object.keys(r.body.saved).length, total);
  });
  const body = { type: 'Klasse', query: 'tittel %= @t', parameters: { '@t': 'Sideklasse %' } };

  it('walks every page in order, a few requests ahead, as a sequential walk would', async () => {
    const sequential: string[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await client.query({ ...body, offset, limit: 50 });
      sequential.push(...page.body.results.map((r) => r.id));
      if (!page.body.hasMore) break;
    }
    assert.equal(sequential.length, total);
    const pages: QueryPage[] = [];
    for await (const page of client.queryAll(body, { pageSize: 50, concurrency: 4 })) pages.push(page);
    assert.deepEqual(pages.map((p) => p.offset), Array.from({ length: Math.ceil(total / 50) }, (_, i) => i * 50));
    assert.deepEqual(pages.flatMap((p) => p.results.map((r) => r.id)), sequential);
    assert.equal(pages.at(-1)?.hasMore, false);
  });

  it('stops at maxResults and at the offset asked for', async () => {
    const ids: string[] = [];
    for await (const page of client.queryAll({ ...body, offset: 600 }, { pageSize: 30, maxResults: 25 })) ids.push(...page.results.map((r) => r.id));
    assert.equal(ids.length, 25);
    const tail: string[] = [];
    for await (const page of client.queryAll({ ...body, offset: 600 }, { pageSize: 30 })) tail.push(...page.results.map((r) => r.id));
    assert.equal(tail.length, 40);
  });

  it('holds a bounded window of pages while the consumer is slow', async () => {
    const before = proxy.requests.length;
    const walk = proxied.queryAll(body, { pageSize: 20, concurrency: 3 })[Symbol.asyncIterator]();
    const first = await walk.next();
    assert.equal(first.done, false);
    // The consumer holds the first page: the next three are asked for, and no more.
    const started = () => proxy.requests.slice(before).filter((r) => r.path === 'query').length;
    await waitFor(() => started() >= 4);
    assert.equal(started(), 4);
    await walk.return?.();
  });

  it('is cancelled by its signal and by leaving the loop, with nothing left in flight', async () => {
    const controller = new AbortController();
    let seen = 0;
    const error = await (async () => {
      for await (const page of client.queryAll(body, { pageSize: 20, concurrency: 4, signal: controller.signal })) {
        seen += page.results.length;
        if (seen >= 40) controller.abort();
      }
    })().catch((e: unknown) => e);
    assert.ok(error instanceof RunCancelledError, String(error));
    assert.equal(seen, 40);
    let pages = 0;
    for await (const _page of client.queryAll(body, { pageSize: 20, concurrency: 4 })) if (++pages === 2) break;
    assert.equal(pages, 2);
  });

  it('refuses a bad page size', async () => {
    await assert.rejects(async () => {
      for await (const _ of client.queryAll(body, { pageSize: 501 })) break;
    }, /pageSize must be a whole number from 1 to 500/);
  });
});

describe('files', () => {
  const name = 'Søknad æøå.pdf';
  const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), createHash('sha512').update('x').digest(), Buffer.alloc(300_000, 0x61)]);
  let fileId: string;

  it('uploads from a path with a non-ASCII name (filename and filename*), with progress and Content-Length', async () => {
    const path = join(scratch, name);
    writeFileSync(path, content);
    const progress: number[] = [];
    const before = proxy.requests.length;
    const up = await proxied.upload({ path }, { onProgress: (p) => progress.push(p.bytes) });
    assert.match(up.body.id, /^\d+$/);
    fileId = up.body.id;
    const sent = proxy.requests.slice(before)[0];
    assert.equal(sent.headers['content-disposition'], `attachment; filename="S?knad ???.pdf"; filename*=UTF-8''S%C3%B8knad%20%C3%A6%C3%B8%C3%A5.pdf`);
    assert.equal(sent.headers['content-length'], String(content.length));
    assert.equal(sent.headers['content-type'], 'application/octet-stream');
    assert.equal(progress.at(-1), content.length);
    assert.deepEqual(progress, [...progress].sort((a, b) => a - b));
    const tx = await client.transaction({
      actions: [
        { action: 'save', type: 'Dokument', id: 'd', fields: { tittel: 'Søknad' } },
        { action: 'link', type: 'Dokument', id: 'd', ref: 'refRegistrering', linkToId: env.structure.journalpost },
        { action: 'save', type: 'Dokumentversjon', id: 'v', fields: { referanseDokumentfil: fileId, variantformat: 'A' } },
        { action: 'link', type: 'Dokumentversjon', id: 'v', ref: 'refDokument', linkToId: 'd' },
      ],
    });
    assert.equal(tx.body.saved.v.fields.filnavn, name);
    assert.equal(tx.body.saved.v.fields.sjekksum, createHash('sha256').update(content).digest('hex'));
  });

  it('downloads into a folder under the name from Content-Disposition, byte for byte, with progress', async () => {
    const folder = mkdtempSync(join(scratch, 'down-'));
    const progress: { bytes: number; total: number | undefined }[] = [];
    const down = await client.download(fileId, { directory: folder }, { onProgress: (p) => progress.push(p) });
    assert.equal(down.body.fileName, name);
    assert.equal(down.body.path, join(folder, name));
    assert.equal(down.body.bytes, content.length);
    assert.equal(down.body.contentType, 'application/pdf');
    assert.deepEqual(readFileSync(join(folder, name)), content);
    assert.deepEqual(readdirSync(folder), [name]);
    assert.deepEqual(progress.at(-1), { bytes: content.length, total: content.length });
  });

  it('downloads to a path and to a stream', async () => {
    const path = join(scratch, 'copy.pdf');
    const down = await client.download(fileId, { path });
    assert.equal(down.body.path, path);
    assert.deepEqual(readFileSync(path), content);
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    const streamed = await client.download(fileId, { stream: sink });
    assert.equal(streamed.body.path, undefined);
    assert.deepEqual(Buffer.concat(chunks), content);
  });

  it('uploads from a stream, with and without a known size', async () => {
    const unsized = new PassThrough();
    const pending = client.upload({ stream: unsized, fileName: 'strøm.txt' });
    unsized.write('first ');
    unsized.end('second');
    const up = await pending;
    const sink: Buffer[] = [];
    await client.download(up.body.id, { stream: new Writable({ write: (c: Buffer, _e, cb) => (sink.push(c), cb()) }) });
    assert.equal(Buffer.concat(sink).toString(), 'first second');
    const sized = await client.upload({ stream: Readable.from([Buffer.from('12345')]), fileName: 'plain.txt', size: 5 });
    assert.match(sized.body.id, /^\d+$/);
  });

  it('uploads a file of many chunks from a path byte for byte, its read buffers reused only once written', async () => {
    // Every MiB differs, and the end is a part chunk: a buffer read into while the socket still
    // held it would change the bytes the archive stores.
    const big = Buffer.concat([...Array.from({ length: 9 }, (_, i) => Buffer.alloc(1024 * 1024, i + 1)), Buffer.from('the last, short chunk')]);
    const path = join(scratch, 'many-chunks.bin');
    writeFileSync(path, big);
    const progress: number[] = [];
    const [up] = await Promise.all([client.upload({ path }, { onProgress: (p) => progress.push(p.bytes) }), client.query({ type: 'Arkiv', limit: 1 })]);
    assert.equal(progress.at(-1), big.length);
    const hash = createHash('sha256');
    await client.download(up.body.id, { stream: new Writable({ write: (c: Buffer, _e, cb) => (hash.update(c), cb()) }) });
    assert.equal(hash.digest('hex'), createHash('sha256').update(big).digest('hex'));
  });

  it('a failed download leaves no file, partial or whole', async () => {
    const folder = mkdtempSync(join(scratch, 'fail-'));
    const path = join(folder, 'missing.pdf');
    const error = await client.download('987654321', { path }).catch((e: unknown) => e);
    assert.ok(error instanceof ArchiveError);
    assert.equal(error.status, 404);
    assert.deepEqual(readdirSync(folder), []);
    proxy.inject({ kind: 'truncate', keepBytes: 1000 }, { path: /^download$/, times: 10 });
    const cut = await proxied.download(fileId, { path }).catch((e: unknown) => e);
    proxy.clear();
    assert.ok(cut instanceof Error && cut.name === 'ArchiveConnectionError', String(cut));
    assert.ok(!existsSync(path));
    assert.deepEqual(readdirSync(folder), []);
  });

  it('refuses what cannot be sent before sending anything', async () => {
    await assert.rejects(client.upload({ path: join(scratch, 'nope.pdf') }), (e: unknown) => e instanceof ArchiveRequestError && /cannot read the file to upload/.test(e.message));
    await assert.rejects(client.upload({ stream: Readable.from([]), fileName: ' ' }), /needs a file name/);
    await assert.rejects(client.download(fileId, { directory: join(scratch, 'no-such-folder') }), (e: unknown) => e instanceof ArchiveRequestError && /cannot write into/.test(e.message));
  });
});

after(() => {
  // Every exchange of the shared client was logged, and no entry holds a token.
  const text = JSON.stringify(log);
  for (const secret of tokens?.secrets() ?? []) assert.ok(!text.includes(secret), 'a token reached the exchange log');
});

describe('an archive that takes no token (auth "none", e.g. behind an authenticating gateway)', () => {
  it('gets no Authorization header at all, and its 401 stands without a retry', async () => {
    const gateway = await startFaultProxy(env.sandbox.sandbox.url);
    const anonymous = new ArchiveClient({ apiUrl: `${gateway.url}/rms/api/public/noark5/v1`, auth: undefined });
    try {
      await assert.rejects(anonymous.query({ type: 'Arkiv', limit: 1 }), (error: unknown) => error instanceof ArchiveError && error.status === 401);
      assert.equal(gateway.requests.length, 1, 'a 401 without a token provider is not retried');
      assert.equal(gateway.requests[0].headers.authorization, undefined);
      assert.equal(gateway.requests[0].headers['x-documaster-error-response-type'], 'application/json');
    } finally {
      await anonymous.close();
      await gateway.close();
    }
  });
});
