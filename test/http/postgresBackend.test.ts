/**
 * The sandbox on a PostgreSQL server (`--database postgres://…`): a representative part of the HTTP
 * suite (transactions, queries, rollback, concurrency, upload/download) against it, twice: on
 * Debian's PostgreSQL server (a throwaway cluster on 127.0.0.1, test/team/postgresCluster.ts;
 * skipped where none is installed, except under CI), and on a PGlite instance in this process
 * served over the PostgreSQL wire protocol by @electric-sql/pglite-socket, which needs no server.
 * The sandbox reaches either through `pg`, as it would any server.
 */
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { parseSandboxArguments } from '../../sandbox/sandboxOptions';
import { startSandbox } from '../../sandbox/startSandbox';
import { postgresTestOptions, startPostgresCluster } from '../team/postgresCluster';
import { buildStructure, startTestSandbox, type Structure, type TestSandbox } from './sandboxHarness';

/** A database on a server, and a way to read it other than through the sandbox. */
interface Backend {
  databaseUrl: string;
  /** Connections the sandbox may open to it. */
  connections: number | undefined;
  direct<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

async function pgliteOverTheWire(): Promise<Backend> {
  const server = await PGlite.create();
  const socket = new PGLiteSocketServer({ db: server, host: '127.0.0.1', port: 0, maxConnections: 20 });
  await socket.start();
  return {
    databaseUrl: `postgres://postgres:secret@${socket.getServerConn()}/postgres`,
    // One connection: the socket runs every client's statements on the one PGlite session, so
    // statements of two connections would interleave (the server runs them concurrently).
    connections: 1,
    direct: async <Row>(sql: string, params: unknown[] = []) => (await server.query<Row>(sql, params)).rows,
    close: async () => {
      await socket.stop();
      await server.close();
    },
  };
}

async function debianServer(): Promise<Backend> {
  const cluster = await startPostgresCluster();
  const databaseUrl = await cluster.createDatabase('http_suite');
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    databaseUrl,
    connections: undefined,
    direct: async <Row>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as Row[],
    close: async () => {
      await client.end();
      await cluster.stop();
    },
  };
}

const backends: { name: string; start: () => Promise<Backend>; options: { skip?: string } }[] = [
  { name: "Debian's PostgreSQL server", start: debianServer, options: postgresTestOptions() },
  { name: 'PGlite served over the PostgreSQL wire protocol', start: pgliteOverTheWire, options: {} },
];

for (const { name, start, options } of backends) {
  describe(`the sandbox on ${name}`, options, () => {
    let backend: Backend;
    let t: TestSandbox;
    let token: string;
    let s: Structure;

    before(async () => {
      backend = await start();
      // No full-text indexer: on the socket its role would be claimed on the one session.
      t = await startTestSandbox({ databaseUrl: backend.databaseUrl, databaseConnections: backend.connections, fullTextIndexIntervalSeconds: 0 });
      token = await t.token();
      s = await buildStructure(t, token);
    });

    after(async () => {
      await t?.close();
      await backend?.close();
    });

    const caseWithEntry = (key: string, title: string) => [
      { action: 'save', type: 'Saksmappe', id: key, fields: { tittel: title } },
      { action: 'link', type: 'Saksmappe', id: key, ref: 'refArkivdel', linkToId: s.arkivdel },
      { action: 'link', type: 'Saksmappe', id: key, ref: 'refPrimaerKlasse', linkToId: s.klasser[0] },
      { action: 'save', type: 'Journalpost', id: `${key}-jp`, fields: { tittel: `${title} entry`, journalposttype: 'I' } },
      { action: 'link', type: 'Journalpost', id: `${key}-jp`, ref: 'refMappe', linkToId: key },
      { action: 'save', type: 'Korrespondansepart', id: `${key}-kp`, fields: { korrespondansepartNavn: `${title} party`, korrespondanseparttype: 'EA' } },
      { action: 'link', type: 'Korrespondansepart', id: `${key}-kp`, ref: 'refRegistrering', linkToId: `${key}-jp` },
    ];

    test('the archive lives in the server database, not in the sandbox process', async () => {
      // Read straight from the database: the structure built over HTTP is there.
      const rows = await backend.direct<{ type: string; tittel: string }>(`SELECT type, fields->>'tittel' AS tittel FROM entity WHERE id = $1`, [Number(s.saksmappe)]);
      assert.deepEqual(rows, [{ type: 'Saksmappe', tittel: 'S sak' }]);
      const codes = await backend.direct<{ n: number }>(`SELECT count(*)::int AS n FROM code_value WHERE field = 'journalstatus'`);
      assert.equal(codes[0].n, 9);
      // Through the sandbox's `pg`, values come back as PGlite returns them: bigint as a number, jsonb parsed.
      const viaPg = await t.sandbox.services.db.query<{ n: unknown; ids: unknown; f: unknown }>(
        `SELECT count(*) AS n, array_agg(id ORDER BY id) AS ids, (array_agg(fields ORDER BY id))[1] AS f FROM entity WHERE id = $1`,
        [Number(s.saksmappe)],
      );
      assert.deepEqual(viaPg.rows[0].n, 1);
      assert.deepEqual(viaPg.rows[0].ids, [Number(s.saksmappe)]);
      assert.equal((viaPg.rows[0].f as { tittel: string }).tittel, 'S sak');
    });

    test('transactions: service fields, numbering, links, and ids as the archive returns them', async () => {
      const r = await t.transaction(token, caseWithEntry('c1', 'Postgres case'));
      assert.equal(r.status, 200, r.text);
      const { c1, 'c1-jp': jp, 'c1-kp': kp } = r.json.saved;
      assert.match(c1.id, /^\d+$/);
      assert.equal(c1.version, '1');
      assert.match(c1.fields.mappeIdent, /^2024\/\d+$/);
      assert.equal(typeof c1.fields.sakssekvensnummer, 'number');
      assert.equal(jp.fields.journalpostnummer, 1);
      assert.equal(jp.links.refMappe, Number(c1.id));
      assert.equal(kp.links.refRegistrering, Number(jp.id));
      // A later save bumps the version once; a stale version is a 409 and changes nothing.
      const update = await t.transaction(token, [{ action: 'save', type: 'Saksmappe', id: c1.id, version: '1', fields: { tittel: 'Renamed' } }]);
      assert.equal(update.status, 200, update.text);
      assert.equal(update.json.saved[c1.id].version, '2');
      const stale = await t.transaction(token, [
        { action: 'save', type: 'Saksmappe', id: c1.id, version: '1', fields: { tittel: 'Lost update' } },
      ]);
      assert.equal(stale.status, 409);
      const after409 = await t.query(token, { type: 'Saksmappe', query: 'id = @id', parameters: { '@id': c1.id } });
      assert.equal(after409.json.results[0].fields.tittel, 'Renamed');
    });

    test('a failing action rolls back the whole transaction on the server', async () => {
      const before = await backend.direct<{ n: number }>('SELECT count(*)::int AS n FROM entity');
      const r = await t.transaction(token, [...caseWithEntry('rb', 'Rolled back'), { action: 'link', type: 'Saksmappe', id: 'rb', ref: 'refSekundaerKlasse', linkToId: '999999999' }]);
      assert.equal(r.status, 404, r.text);
      assert.match(r.json.description, /actions\[7\].*nothing was changed/);
      const afterwards = await backend.direct<{ n: number }>('SELECT count(*)::int AS n FROM entity');
      assert.equal(afterwards[0].n, before[0].n);
    });

    test('concurrent transactions all commit, with distinct case numbers', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => t.transaction(token, caseWithEntry(`p${i}`, `Parallel ${i}`))));
      for (const r of results) assert.equal(r.status, 200, r.text);
      const numbers = results.map((r) => r.json.saved[Object.keys(r.json.saved)[0]].fields.sakssekvensnummer as number);
      assert.equal(new Set(numbers).size, numbers.length);
    });

    test('queries: chains, abstract types, sorting and paging', async () => {
      const chain = await t.query(token, {
        type: 'AbstraktMappe',
        query: 'refRegistrering.refKorrespondansepart.korrespondansepartNavn = @n',
        parameters: { '@n': 'Parallel 3 party' },
      });
      assert.equal(chain.status, 200, chain.text);
      assert.deepEqual(
        chain.json.results.map((x: { type: string; fields: { tittel: string } }) => [x.type, x.fields.tittel]),
        [['Saksmappe', 'Parallel 3']],
      );
      const like = await t.query(token, { type: 'Saksmappe', query: 'tittel %= @t', parameters: { '@t': 'Parallel%' }, sortOrder: [{ field: 'tittel', order: 'desc' }], limit: 3 });
      assert.equal(like.status, 200, like.text);
      assert.deepEqual(
        like.json.results.map((x: { fields: { tittel: string } }) => x.fields.tittel),
        ['Parallel 7', 'Parallel 6', 'Parallel 5'],
      );
      assert.equal(like.json.hasMore, true);
      const byNumber = await t.query(token, { type: 'Saksmappe', query: 'saksaar = @y && tittel = @t', parameters: { '@y': 2024, '@t': 'Parallel 0' } });
      assert.equal(byNumber.json.results.length, 1);
      const bad = await t.query(token, { type: 'Saksmappe', query: 'titel = @t', parameters: { '@t': 'x' } });
      assert.equal(bad.status, 400);
    });

    test('upload, link and download with the database on the server', async () => {
      const content = Buffer.from('%PDF-1.7\nstored beside a server database\n');
      const up = await fetch(`${t.sandbox.apiUrl}/upload`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Disposition': 'attachment; filename="server.pdf"' },
        body: content,
      });
      assert.equal(up.status, 200);
      const fileId = ((await up.json()) as { id: string }).id;
      const linked = await t.transaction(token, [
        { action: 'save', type: 'Dokument', id: 'doc', fields: { tittel: 'Server document' } },
        { action: 'link', type: 'Dokument', id: 'doc', ref: 'refRegistrering', linkToId: s.journalpost },
        { action: 'save', type: 'Dokumentversjon', id: 'v', fields: { referanseDokumentfil: fileId, variantformat: 'A' } },
        { action: 'link', type: 'Dokumentversjon', id: 'v', ref: 'refDokument', linkToId: 'doc' },
      ]);
      assert.equal(linked.status, 200, linked.text);
      assert.equal(linked.json.saved.v.fields.filstoerrelse, content.length);
      assert.equal(linked.json.saved.v.fields.innholdstype, 'application/pdf');
      const down = await fetch(`${t.sandbox.apiUrl}/download?id=${fileId}`, { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(down.status, 200);
      assert.deepEqual(Buffer.from(await down.arrayBuffer()), content);
      const log = await backend.direct<{ file_id: number | string }>('SELECT file_id FROM download_log');
      assert.deepEqual(log.map((r) => Number(r.file_id)), [Number(fileId)]);
    });
  });
}

test('an unreachable server stops the start-up with a message that hides the password', async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  await assert.rejects(startSandbox({ memory: true, port: 0, databaseUrl: `postgres://me:hunter2@127.0.0.1:${port}/archive` }), (error: Error) => {
    assert.match(error.message, /cannot reach the PostgreSQL database postgres:\/\/me:\*\*\*@127\.0\.0\.1/);
    assert.doesNotMatch(error.message, /hunter2/);
    return true;
  });
});

test('--database takes a postgres:// URL and excludes --memory', () => {
  const parsed = parseSandboxArguments(['--database', 'postgres://u:p@db:5432/noarkq']);
  assert.ok(parsed.kind === 'options');
  assert.equal(parsed.options.databaseUrl, 'postgres://u:p@db:5432/noarkq');
  const wrong = parseSandboxArguments(['--database', 'mysql://db/x']);
  assert.ok(wrong.kind === 'error' && /postgres:\/\//.test(wrong.message));
  const both = parseSandboxArguments(['--database', 'postgres://db/x', '--memory']);
  assert.ok(both.kind === 'error' && /--memory/.test(both.message));
});
