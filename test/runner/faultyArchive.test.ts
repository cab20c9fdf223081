/**
 * The wire against a faulty archive (issue 18): a raw server on 127.0.0.1 answers a transaction or
 * an upload 200 with a body that is not JSON, cut short, reset after the status line or of the
 * wrong shape — each is "outcome unknown", sent exactly once, with the query that tells; reads
 * are retried and say how many attempts they made; an archive that never answers or stalls fails
 * on the time limit it hit, named; plain http:// elsewhere is refused before any connection; and
 * what went wrong connecting is said in words.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runRun } from '../../cli/runCommand';
import { capturedRunIo } from './capturedRunIo';
import { connectForRun } from '../../cli/runConnection';
import { parseRunArguments } from '../../cli/runArguments';
import { noarkModel } from '../../core/schema';
import type { TransactionBody } from '../../runner/archive/archiveApi';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import { ArchiveConnectionError, ArchiveError, AuthenticationError, OutcomeUnknownError, ResponseShapeError } from '../../runner/archive/archiveErrors';
import { OAuthTokenProvider } from '../../runner/auth/oauthTokenProvider';
import { startFaultyServer, type Behaviour, type FaultyServer } from './faultyServer';

let server: FaultyServer;
const clients: ArchiveClient[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'noarkq-faulty-'));

before(async () => {
  server = await startFaultyServer();
});
after(async () => {
  for (const client of clients) await client.close();
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

function client(options: Partial<ConstructorParameters<typeof ArchiveClient>[0]> = {}): ArchiveClient {
  const made = new ArchiveClient({ apiUrl: server.url, auth: undefined, retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 }, ...options });
  clients.push(made);
  return made;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('the call was expected to fail'),
    (error: unknown) => error,
  );
}

const newCaseFile: TransactionBody = {
  actions: [
    { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: 'Byggesak Storgata 1' } },
    { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: '1001' },
  ],
};
const checkQuery = { type: 'Saksmappe', query: 'tittel = @value && refArkivdel.id = @parent', parameters: { '@value': 'Byggesak Storgata 1', '@parent': '1001' }, limit: 10 };
const saved = { saved: { sak: { type: 'Saksmappe', id: '2001', version: '1', fields: { tittel: 'Byggesak Storgata 1' } } } };

describe('a write answered 2xx with a body not as the contract says is outcome unknown, sent once', () => {
  const cases: [string, Behaviour, RegExp][] = [
    ['not JSON', { kind: 'text', body: '<html><body>Saved!</body></html>' }, /the archive answered 200, but the answer is not what the interface describes \(at \$: the body is not JSON/],
    ['truncated (Content-Length larger than sent, then the end)', { kind: 'truncated', body: saved, keepBytes: 20 }, /the archive answered 200, but its answer was lost part-way/],
    ['reset after the status line', { kind: 'resetAfterStatus' }, /the archive answered 200, but its answer was lost part-way \(.*127\.0\.0\.1:\d+ (was reset|was closed|ended before the length it declared)/],
    ['JSON of the wrong shape', { kind: 'text', body: '{"saved": 5}' }, /not what the interface describes \(at \$\.saved: /],
  ];
  for (const [what, behaviour, happened] of cases) {
    it(`a transaction: ${what}`, async () => {
      const archive = client();
      const before = server.count('transaction');
      server.script('transaction', [behaviour], { kind: 'json', body: saved });
      const error = await failure(archive.transaction(newCaseFile));
      assert.ok(error instanceof OutcomeUnknownError, String(error));
      assert.equal(server.count('transaction') - before, 1, 'the archive received the transaction exactly once');
      assert.match(error.message, /^POST transaction: outcome unknown — /);
      assert.match(error.message, happened);
      assert.match(error.message, /It may or may not have been carried out; to find out, send POST query \{"type":"Saksmappe","query":"tittel = @value && refArkivdel\.id = @parent"/);
      assert.match(error.message, /do not send it again/);
      assert.deepEqual(error.checkQuery, checkQuery);
    });
  }

  for (const [what, behaviour] of cases.slice(0, 3)) {
    it(`an upload: ${what}`, async () => {
      const archive = client();
      const path = join(scratch, 'brev.txt');
      writeFileSync(path, 'Brev til kommunen');
      const before = server.count('upload');
      server.script('upload', [behaviour], { kind: 'json', body: { id: '3001' } });
      const error = await failure(archive.upload({ path }));
      assert.ok(error instanceof OutcomeUnknownError, String(error));
      assert.equal(server.count('upload') - before, 1);
      assert.match(error.message, /^POST upload: outcome unknown — the archive answered 200, but/);
      assert.match(error.check, /the file id of "brev\.txt" is unknown.*upload the file again.*3600 seconds/);
      assert.equal(error.checkQuery, undefined);
    });
  }

  it('a bulk change answered 2xx and then reset is outcome unknown too (every write takes this path)', async () => {
    server.script('bulk/close', [{ kind: 'resetAfterStatus' }]);
    const error = await failure(client().bulkClose({ type: 'Saksmappe', id: '2001' }));
    assert.ok(error instanceof OutcomeUnknownError, String(error));
    assert.equal(server.count('bulk/close'), 1);
  });
});

describe('reads keep their retries, and say how many attempts they made', () => {
  it('a reset, then an answer: recovered', async () => {
    server.script('query', [{ kind: 'reset' }, { kind: 'resetAfterStatus' }], { kind: 'json', body: { hasMore: false, results: [] } });
    const before = server.count('query');
    const answer = await client().query({ type: 'Arkiv' });
    assert.deepEqual(answer.body.results, []);
    assert.equal(server.count('query') - before, 3);
  });

  it('reset every time: the error says so in words and counts the attempts', async () => {
    server.script('query', [], { kind: 'reset' });
    const before = server.count('query');
    const error = await failure(client().query({ type: 'Arkiv' }));
    assert.ok(error instanceof ArchiveConnectionError, String(error));
    assert.equal(error.attempts, 3);
    assert.equal(server.count('query') - before, 3);
    assert.match(error.message, /^POST query: the connection to 127\.0\.0\.1:\d+ was (reset|closed).* \(after 3 attempts\)$/);
  });

  it('503 every time: the archive\'s error, after its attempts', async () => {
    server.script('code-lists', [], { kind: 'json', status: 503, body: { errorId: 'busy', description: 'Try later', status: 503 } });
    const error = await failure(client().codeLists());
    assert.ok(error instanceof ArchiveError, String(error));
    assert.equal(error.attempts, 3);
    assert.match(error.message, /^GET code-lists: 503 \(errorId busy\): Try later \(after 3 attempts\)$/);
  });

  it('a read answered 200 with a body that is not JSON is a response-shape error, not retried', async () => {
    server.script('info/me', [], { kind: 'text', body: 'Hello' });
    const error = await failure(client().me());
    assert.ok(error instanceof ResponseShapeError, String(error));
    assert.match(error.message, /^GET info\/me: the response does not have the expected shape at \$: the body is not JSON/);
    assert.equal(server.count('info/me'), 1);
  });
});

describe('time limits: nothing waits without bound, and the limit hit is named', () => {
  const quick = { connectMs: 1000, headersMs: 200, bodyMs: 200 };

  it('an archive that accepts and never answers: a read fails on the answer limit, once', async () => {
    server.script('logs/access-log', [], { kind: 'hang' });
    const error = await failure(client({ timeouts: quick }).accessLog({ limit: 1 }));
    assert.ok(error instanceof ArchiveConnectionError, String(error));
    assert.match(error.message, /no answer from 127\.0\.0\.1:\d+ within 200 ms of sending the request \(the answer time limit; change it with "timeout": \{ "answer": … \} in the environment, or noarkq run --timeout\)/);
    assert.equal(server.count('logs/access-log'), 1, 'a time limit is not tried again');
  });

  it('a transaction that gets no answer is outcome unknown, naming the limit and the query', async () => {
    server.script('transaction', [{ kind: 'hang' }]);
    const before = server.count('transaction');
    const error = await failure(client({ timeouts: quick }).transaction(newCaseFile));
    assert.ok(error instanceof OutcomeUnknownError, String(error));
    assert.equal(server.count('transaction') - before, 1);
    assert.match(error.message, /the request was sent, but no answer came \(no answer from .* within 200 ms .*answer time limit/);
    assert.deepEqual(error.checkQuery, checkQuery);
  });

  it('a body that stalls mid-way fails on the idle limit: a query, and a download', async () => {
    server.script('full-text/search', [], { kind: 'stall', body: { hasMore: false, results: [] }, keepBytes: 10 });
    const read = await failure(client({ timeouts: quick }).fullTextSearch({ query: 'x' }));
    assert.ok(read instanceof ArchiveConnectionError, String(read));
    assert.match(read.message, /the answer from 127\.0\.0\.1:\d+ stopped: nothing more came for 200 ms \(the idle time limit/);
    assert.equal(server.count('full-text/search'), 1);

    server.script('download', [], { kind: 'stall', body: 'x'.repeat(1000), keepBytes: 100 });
    const target = join(scratch, 'stalled.bin');
    const download = await failure(client({ timeouts: quick }).download('4001', { path: target }));
    assert.ok(download instanceof ArchiveConnectionError, String(download));
    assert.match(download.message, /idle time limit/);
  });

  it('a connection that is never made fails on the connect limit; a write then is not outcome unknown (nothing was sent)', async () => {
    // A TLS handshake is part of connecting: the faulty server accepts and never answers the hello.
    const silent = client({ apiUrl: server.url.replace('http:', 'https:'), timeouts: quick });
    const read = await failure(silent.query({ type: 'Arkiv' }));
    assert.ok(read instanceof ArchiveConnectionError, String(read));
    assert.match(read.message, /^POST query: no connection to 127\.0\.0\.1:\d+ within 1 s \(the connect time limit; change it with "timeout": \{ "connect": … \} in the environment, or noarkq run --connect-timeout\)$/);
    assert.equal(read.attempts, 1);
    const write = await failure(silent.transaction(newCaseFile));
    assert.ok(write instanceof ArchiveConnectionError && !(write instanceof OutcomeUnknownError), String(write));
  });

  it('the command line sets the limits: --timeout for answer and idle, --connect-timeout; bad values are named', () => {
    const parsed = parseRunArguments(['f.noarkq', '--timeout', '500ms', '--connect-timeout', '2']);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.args.timeout, { answer: 500, idle: 500, connect: 2000 });
    const bad = parseRunArguments(['f.noarkq', '--timeout', 'soon']);
    assert.ok(!bad.ok && /^--timeout: "soon" is not a time: write seconds/.test(bad.error), bad.ok ? '' : bad.error);
    const zero = parseRunArguments(['f.noarkq', '--connect-timeout', '0']);
    assert.ok(!zero.ok && /^--connect-timeout: .*above 0/.test(zero.error));
  });

  it('the token URL waits no longer than the archive: no answer there names the answer limit', async () => {
    server.script('/token', [], { kind: 'hang' });
    const tokens = new OAuthTokenProvider(
      { environment: 'faulty', tokenUrl: `${server.url}/token`, grant: { kind: 'client_credentials', client: { method: 'basic', clientId: 'c', clientSecret: 'hemmelig-1234' } } },
      { timeLimits: quick },
    );
    const error = await failure(tokens.token());
    assert.ok(error instanceof AuthenticationError, String(error));
    assert.match(error.message, /^Could not get a token for environment "faulty" from http:\/\/127\.0\.0\.1:\d+\/token: could not reach it: no answer from 127\.0\.0\.1:\d+ within 200 ms .*the answer time limit/);
    assert.equal(server.count('/token'), 1);

    server.script('/token', [], { kind: 'stall', body: { access_token: 'abc', token_type: 'Bearer', expires_in: 600 }, keepBytes: 5 });
    const stalled = await failure(new OAuthTokenProvider({ environment: 'faulty', tokenUrl: `${server.url}/token`, grant: { kind: 'client_credentials', client: { method: 'basic', clientId: 'c', clientSecret: 'hemmelig-1234' } } }, { timeLimits: quick }).token());
    assert.ok(stalled instanceof AuthenticationError, String(stalled));
    assert.match(stalled.message, /could not reach it: the answer from 127\.0\.0\.1:\d+ stopped: nothing more came for 200 ms \(the idle time limit/);
  });
});

describe('connections: refused plainly, failures in words', () => {
  it('plain http:// to another machine is refused with auth none, before any connection', async () => {
    const dir = mkdtempSync(join(scratch, 'env-'));
    writeFileSync(join(dir, 'noarkq.environments.json'), JSON.stringify({ environments: [{ name: 'gateway', baseUrl: 'http://arkiv.example.invalid:8083', auth: { kind: 'none' } }] }));
    writeFileSync(join(dir, 'q.noarkq'), 'QUERY Arkiv\nLIMIT 1\n');
    const run = await runCli(dir, ['q.noarkq', '--env', 'gateway']);
    assert.equal(run.code, 2);
    assert.match(run.err, /environment "gateway", baseUrl: is plain http:\/\/ to another machine, which would send every request and answer unencrypted: use https:\/\/, or set "allowHttp": true/);
    assert.equal(run.out, '');
  });

  it('an unresolvable host name (.invalid never resolves), at once and not retried', async () => {
    const error = await failure(client({ apiUrl: 'http://noarkq-archive.invalid:8083' }).query({ type: 'Arkiv' }));
    assert.ok(error instanceof ArchiveConnectionError, String(error));
    assert.match(error.message, /^POST query: the host name noarkq-archive\.invalid could not be resolved: check the URL/);
    assert.equal(error.attempts, 1);
  });

  it('a port nothing listens on: connection refused in words; a write too, and it is not outcome unknown', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const nowhere = client({ apiUrl: `http://127.0.0.1:${closed}` });
    const read = await failure(nowhere.query({ type: 'Arkiv' }));
    assert.ok(read instanceof ArchiveConnectionError);
    assert.equal(read.message, `POST query: nothing is listening on 127.0.0.1:${closed} (connection refused): check the host and port, and that the server is running (after 3 attempts)`);
    const write = await failure(nowhere.transaction(newCaseFile));
    assert.ok(write instanceof ArchiveConnectionError && !(write instanceof OutcomeUnknownError));
    assert.match(write.message, /nothing is listening/);
  });

  it('a port that cannot be used: 0 for the archive, 6000 (which fetch refuses) for the token URL', async () => {
    assert.throws(() => client({ apiUrl: 'http://127.0.0.1:0' }), /port 0 cannot be used/);
    const tokens = new OAuthTokenProvider({ environment: 'x11', tokenUrl: 'http://127.0.0.1:6000/token', grant: { kind: 'client_credentials', client: { method: 'basic', clientId: 'c', clientSecret: 'hemmelig-1234' } } });
    const error = await failure(tokens.token());
    assert.ok(error instanceof AuthenticationError, String(error));
    assert.match(error.message, /could not reach it: port 6000 cannot be used: fetch refuses it/);
  });
});

describe('noarkq run against the faulty archive', () => {
  it('a transaction answered with a body that is not JSON: outcome unknown in the report, the query, exit code 3', async () => {
    const dir = mkdtempSync(join(scratch, 'run-'));
    writeFileSync(join(dir, 'noarkq.environments.json'), JSON.stringify({ environments: [{ name: 'faulty', baseUrl: server.url, auth: { kind: 'none' } }] }));
    writeFileSync(
      join(dir, 'tx.noarkq'),
      `### newCase\nTRANSACTION\n${JSON.stringify({ actions: [{ action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: 'Byggesak Storgata 1' } }, { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: '1001' }, { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: '1002' }] })}\n`,
    );
    server.script('transaction', [{ kind: 'text', body: 'OK' }]);
    const before = server.count('transaction');
    const run = await runCli(dir, ['tx.noarkq', '--timeout', '5s']);
    assert.equal(run.code, 3, run.err + run.out);
    assert.equal(server.count('transaction') - before, 1);
    assert.match(run.out, /✖ newCase {2}POST transaction .*\n {2}Outcome unknown: the archive answered 200, but the answer is not what the interface describes/);
    assert.match(run.out.replace(/\s+/g, ' '), /send POST query \{"type":"Saksmappe","query":"tittel = @value && refArkivdel\.id = @parent"/);
    assert.match(run.err, /a write's outcome is unknown: find out with the query above before running it again/);
  });
});

async function runCli(cwd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const terminal = capturedRunIo(cwd);
  const code = await runRun(args, terminal.io, noarkModel, connectForRun);
  return { code, out: terminal.out(), err: terminal.err() };
}
