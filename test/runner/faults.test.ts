/**
 * The archive client when the network misbehaves, through a fault-injecting proxy in front of the
 * real sandbox: latency, 503 with Retry-After, a reset connection, a truncated body, an answer
 * that never comes, a refused connection, an expired token. Reads recover; writes are never
 * repeated and report "outcome unknown" with the query that tells; nothing hangs; no promise is
 * left rejected unhandled.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import type { ExchangeLogEntry, TransactionBody } from '../../runner/archive/archiveApi';
import { ArchiveConnectionError, ArchiveError, OutcomeUnknownError, RunCancelledError } from '../../runner/archive/archiveErrors';
import { useTestSandbox } from '../http/sandboxHarness';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { SandboxTokenProvider } from './sandboxTokenProvider';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', onUnhandled);

const scratch = mkdtempSync(join(tmpdir(), 'noarkq-faults-'));
const env = useTestSandbox({ tokenLifetimeSeconds: 600 }, { structure: true });
let proxy: FaultProxy;
let tokens: SandboxTokenProvider;
let client: ArchiveClient;
const log: ExchangeLogEntry[] = [];
const clients: ArchiveClient[] = [];

function newClient(options: Partial<ConstructorParameters<typeof ArchiveClient>[0]> = {}): ArchiveClient {
  const made = new ArchiveClient({
    apiUrl: proxy.url,
    auth: tokens,
    retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
    timeouts: { connectMs: 2000, headersMs: 1500, bodyMs: 1500 },
    onExchange: (e) => log.push(e),
    ...options,
  });
  clients.push(made);
  return made;
}

env.before(async () => {
  proxy = await startFaultProxy(env.sandbox.sandbox.url);
  tokens = new SandboxTokenProvider(env.sandbox.sandbox.tokenUrl);
  client = newClient();
});
after(async () => {
  for (const c of clients) await c.close();
  await proxy?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const sent = (path: string, since: number) => proxy.requests.slice(since).filter((r) => r.path.split('?')[0] === path).length;

function newCaseFile(title: string): TransactionBody {
  return {
    actions: [
      { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: title } },
      { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: env.structure.arkivdel },
      { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[0] },
    ],
  };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('the call was expected to fail'),
    (error: unknown) => error,
  );
}

describe('latency', () => {
  it('a slow answer within the timeout is simply slower', async () => {
    proxy.inject({ kind: 'delay', ms: 200 }, { path: /^query$/ });
    const r = await client.query({ type: 'Arkiv', limit: 1 });
    assert.equal(r.status, 200);
    assert.ok(r.durationMs >= 190, `${r.durationMs} ms`);
  });

  it('a read that outlasts the answer limit fails once, naming the limit: a time limit is not tried again', async () => {
    const quick = newClient({ timeouts: { headersMs: 150 } });
    const since = proxy.requests.length;
    // undici checks its timeouts on a coarse clock (about every half second): the delay is well beyond that.
    proxy.inject({ kind: 'delay', ms: 2500 }, { path: /^query$/ });
    const error = await failure(quick.query({ type: 'Arkiv', limit: 1 }));
    assert.ok(error instanceof ArchiveConnectionError, String(error));
    assert.match(error.message, /no answer from 127\.0\.0\.1:\d+ within 150 ms of sending the request \(the answer time limit/);
    assert.equal(sent('query', since), 1);
  });

  it('a write that outlasts the timeout is outcome unknown, and the check query shows it happened', async () => {
    const quick = newClient({ timeouts: { headersMs: 150 } });
    const since = proxy.requests.length;
    proxy.inject({ kind: 'delay', ms: 2500 }, { path: /^transaction$/ });
    const error = await failure(quick.transaction(newCaseFile('Forsinket sak')));
    assert.ok(error instanceof OutcomeUnknownError, String(error));
    assert.equal(sent('transaction', since), 1, 'a write is never repeated');
    assert.match(error.message, /outcome unknown/);
    assert.match(error.check, /POST query .*tittel = @value && refArkivdel\.id = @parent/);
    assert.deepEqual(error.checkQuery, { type: 'Saksmappe', query: 'tittel = @value && refArkivdel.id = @parent', parameters: { '@value': 'Forsinket sak', '@parent': env.structure.arkivdel }, limit: 10 });
    // The proxy passed it on before delaying the answer: the archive carried it out, and the check finds it.
    assert.ok(error.checkQuery);
    const check = await client.query(error.checkQuery);
    assert.equal(check.body.results.length, 1);
  });
});

describe('503 then success', () => {
  it('a read waits the Retry-After seconds and recovers', async () => {
    const since = proxy.requests.length;
    proxy.inject({ kind: 'status', status: 503, headers: { 'Retry-After': '1' }, body: 'Service Unavailable' }, { path: /^query$/ });
    const started = Date.now();
    const r = await client.query({ type: 'Arkiv', limit: 1 });
    assert.equal(r.status, 200);
    assert.ok(Date.now() - started >= 950, `waited ${Date.now() - started} ms`);
    assert.equal(sent('query', since), 2);
  });

  it('Retry-After as an HTTP date, and 429, 502, 504 on GETs and logs', async () => {
    const since = proxy.requests.length;
    proxy.inject({ kind: 'status', status: 429, headers: { 'Retry-After': new Date(Date.now() - 1000).toUTCString() } }, { path: /^code-lists$/ });
    proxy.inject({ kind: 'status', status: 502 }, { path: /^code-lists$/ });
    proxy.inject({ kind: 'status', status: 504 }, { path: /^logs\/change-log$/ });
    assert.equal((await client.codeLists({ field: 'journalposttype' })).status, 200);
    assert.equal(sent('code-lists', since), 3);
    assert.equal((await client.changeLog({ type: 'Saksmappe', id: env.structure.saksmappe, limit: 1 })).status, 200);
  });

  it('gives up after its attempts, and on a Retry-After longer than it waits', async () => {
    proxy.inject({ kind: 'status', status: 503 }, { path: /^query$/, times: 3 });
    const error = await failure(client.query({ type: 'Arkiv' }));
    assert.ok(error instanceof ArchiveError);
    assert.equal(error.status, 503);
    const since = proxy.requests.length;
    proxy.inject({ kind: 'status', status: 503, headers: { 'Retry-After': '3600' } }, { path: /^query$/ });
    const long = await failure(client.query({ type: 'Arkiv' }));
    assert.ok(long instanceof ArchiveError && long.status === 503);
    assert.equal(sent('query', since), 1);
  });

  it('a write answered 503 is not repeated: the error stands', async () => {
    const since = proxy.requests.length;
    proxy.inject({ kind: 'status', status: 503, headers: { 'Retry-After': '0' } }, { path: /^transaction$/ });
    const error = await failure(client.transaction(newCaseFile('Aldri sendt')));
    assert.ok(error instanceof ArchiveError && error.status === 503);
    assert.equal(sent('transaction', since), 1);
  });
});

describe('a reset connection', () => {
  it('a read is tried again and recovers', async () => {
    const since = proxy.requests.length;
    proxy.inject({ kind: 'reset', afterForwarding: false }, { path: /^query$/ });
    const r = await client.query({ type: 'Arkiv', limit: 1 });
    assert.equal(r.status, 200);
    assert.equal(sent('query', since), 2);
    assert.ok(log.some((e) => e.path === 'query' && /retrying/.test(e.error ?? '')));
  });

  it('a transaction reset after it reached the archive is outcome unknown, with the query that finds it', async () => {
    const since = proxy.requests.length;
    proxy.inject({ kind: 'reset', afterForwarding: true }, { path: /^transaction$/ });
    const error = await failure(client.transaction(newCaseFile('Tilbakestilt sak')));
    assert.ok(error instanceof OutcomeUnknownError, String(error));
    assert.equal(sent('transaction', since), 1);
    assert.match(error.message, /^POST transaction: outcome unknown — the request was sent, but no answer came \(.+\)\. It may or may not have been carried out; to find out, send POST query/);
    assert.ok(error.checkQuery);
    assert.equal((await client.query(error.checkQuery)).body.results.length, 1);
  });

  it('an upload reset after it reached the archive is outcome unknown: upload again, the orphan expires', async () => {
    const path = join(scratch, 'vedlegg.txt');
    writeFileSync(path, 'vedlegg');
    proxy.inject({ kind: 'reset', afterForwarding: true }, { path: /^upload$/ });
    const error = await failure(client.upload({ path }));
    assert.ok(error instanceof OutcomeUnknownError, String(error));
    assert.match(error.check, /file id of "vedlegg\.txt" is unknown.*3600 seconds/);
    assert.equal(error.checkQuery, undefined);
  });
});

describe('a truncated body', () => {
  it('a read is tried again and recovers', async () => {
    const since = proxy.requests.length;
    proxy.inject({ kind: 'truncate', keepBytes: 20 }, { path: /^query$/ });
    const r = await client.query({ type: 'Saksmappe', limit: 5 });
    assert.ok(r.body.results.length >= 1);
    assert.equal(sent('query', since), 2);
  });

  it('a write is outcome unknown', async () => {
    proxy.inject({ kind: 'truncate', keepBytes: 20 }, { path: /^transaction$/ });
    const error = await failure(client.transaction(newCaseFile('Avkortet svar')));
    assert.ok(error instanceof OutcomeUnknownError, String(error));
    assert.ok(error.checkQuery);
    assert.equal((await client.query(error.checkQuery)).body.results.length, 1);
  });

  it('a read truncated every time ends as a connection error after its attempts', async () => {
    proxy.inject({ kind: 'truncate', keepBytes: 20 }, { path: /^query$/, times: 3 });
    const error = await failure(client.query({ type: 'Saksmappe', limit: 5 }));
    assert.ok(error instanceof ArchiveConnectionError, String(error));
    assert.equal(error.attempts, 3);
    assert.match(error.message, /after 3 attempts/);
  });
});

describe('nothing hangs', () => {
  it('an answer that never comes: a read gives up on the answer limit, a write is outcome unknown', async () => {
    const quick = newClient({ timeouts: { headersMs: 100 }, retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    proxy.inject({ kind: 'hang' }, { path: /^query$/ });
    const read = await failure(quick.query({ type: 'Arkiv' }));
    assert.ok(read instanceof ArchiveConnectionError, String(read));
    assert.equal(read.attempts, 1);
    assert.match(read.message, /within 100 ms .*the answer time limit/);
    proxy.inject({ kind: 'hang' }, { path: /^transaction$/ });
    const write = await failure(quick.transaction(newCaseFile('Uten svar')));
    assert.ok(write instanceof OutcomeUnknownError, String(write));
  });

  it('a cancelled call stops at once', async () => {
    proxy.inject({ kind: 'hang' }, { path: /^query$/ });
    const controller = new AbortController();
    const since = proxy.requests.length;
    const pending = client.query({ type: 'Arkiv' }, { signal: controller.signal });
    // Until the proxy holds this very request: aborted earlier, the hang would be left for the next test.
    await new Promise<void>((resolve) => {
      const poll = () => (proxy.requests.slice(since).some((r) => r.fault === 'hang') ? resolve() : setImmediate(poll));
      poll();
    });
    controller.abort();
    assert.ok((await failure(pending)) instanceof RunCancelledError);
  });

  it('a refused connection is a connection error, for a write too (nothing was sent)', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    const nowhere = newClient({ apiUrl: `http://127.0.0.1:${closedPort}` });
    const write = await failure(nowhere.transaction(newCaseFile('Aldri fram')));
    assert.ok(write instanceof ArchiveConnectionError, String(write));
    assert.ok(!(write instanceof OutcomeUnknownError));
    assert.match(write.message, /nothing is listening on 127\.0\.0\.1:\d+ \(connection refused\)/);
    const read = await failure(nowhere.query({ type: 'Arkiv' }));
    assert.ok(read instanceof ArchiveConnectionError);
    assert.equal(read.attempts, 3);
  });
});

describe('an expired token', () => {
  it('is renewed once on 401, for reads and for writes, which are then sent once more', async () => {
    await client.query({ type: 'Arkiv', limit: 1 });
    const fetched = tokens.fetches;
    env.sandbox.clock.advance(601);
    const since = proxy.requests.length;
    const read = await client.query({ type: 'Arkiv', limit: 1 });
    assert.equal(read.status, 200);
    assert.equal(tokens.fetches, fetched + 1);
    env.sandbox.clock.advance(601);
    const write = await client.transaction(newCaseFile('Etter ny token'));
    assert.match(write.body.saved.sak.id, /^\d+$/);
    assert.equal(tokens.fetches, fetched + 2);
    assert.equal(sent('transaction', since), 2);
    const auths = proxy.requests.slice(since).map((r) => String(r.headers.authorization));
    assert.equal(new Set(auths).size, 3, 'each renewal sends a new token');
    // An upload from a path is opened again for its second attempt.
    env.sandbox.clock.advance(601);
    const path = join(scratch, 'etter-fornyelse.txt');
    writeFileSync(path, 'etter fornyelse');
    const up = await client.upload({ path });
    assert.match(up.body.id, /^\d+$/);
  });

  it('a token refused again after renewal is the 401 ArchiveError', async () => {
    proxy.inject({ kind: 'status', status: 401, headers: { 'Content-Type': 'application/json' }, body: '{"errorId":"e1","description":"The access token has expired.","status":401}' }, { path: /^query$/, times: 2 });
    const error = await failure(client.query({ type: 'Arkiv' }));
    assert.ok(error instanceof ArchiveError);
    assert.equal(error.status, 401);
    assert.equal(error.errorId, 'e1');
  });
});

after(() => {
  process.off('unhandledRejection', onUnhandled);
  assert.deepEqual(unhandled, [], 'no promise was left rejected without a handler');
  const text = JSON.stringify(log);
  for (const secret of tokens?.secrets() ?? []) assert.ok(!text.includes(secret), 'a token reached the exchange log');
});
