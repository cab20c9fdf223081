/**
 * `noarkq run` end to end: the real CLI code, an environments file, secrets from the process
 * environment, and the real sandbox (with its demo archive) over real HTTP on 127.0.0.1.
 * Every byte the command prints and every file it writes is kept, and at the end no token the
 * sandbox issued and no secret may appear in any of it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { noarkModel } from '../../core/schema';
import { runRun, type RunIo } from '../../cli/runCommand';
import { connectForRun } from '../../cli/runConnection';
import { seedDemoArchive } from '../../sandbox/seed/demoArchive';
import { useTestSandbox } from '../http/sandboxHarness';

const repo = new URL('../../', import.meta.url).pathname;
const clientSecret = 'noarkq-demo-secret';

interface Captured {
  code: number;
  out: string;
  err: string;
}

describe('noarkq run against the sandbox', () => {
  const env = useTestSandbox({ seed: async (services) => void (await seedDemoArchive(services)) });
  const issued: string[] = [];
  const printed: string[] = [];
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'noarkq-run-'));
    // Every token the archive hands out, for the leak check at the end.
    const tokens = env.sandbox.sandbox.services.tokens;
    const issue = tokens.issue.bind(tokens);
    tokens.issue = async (...args) => {
      const token = await issue(...args);
      issued.push(token.accessToken, ...(token.refreshToken ? [token.refreshToken] : []));
      return token;
    };
    const environments = (protectedEnv: boolean, name: string) => ({
      name,
      baseUrl: env.sandbox.sandbox.apiUrl,
      auth: { kind: 'client_credentials', tokenUrl: env.sandbox.sandbox.tokenUrl, clientId: 'noarkq-demo' },
      variables: { unit: 'Byggesak' },
      protected: protectedEnv,
    });
    writeFileSync(join(dir, 'noarkq.environments.json'), JSON.stringify({ environments: [environments(false, 'test'), environments(true, 'prod')] }, null, 2));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function run(args: string[], options: { answers?: string[]; secret?: string | null } = {}): Promise<Captured> {
    let out = '';
    let err = '';
    const answers = options.answers ? [...options.answers] : undefined;
    const io: RunIo = {
      cwd: dir,
      out: (t) => void (out += t),
      err: (t) => void (err += t),
      env: options.secret === null ? {} : { NOARKQ_CLIENT_SECRET: options.secret ?? clientSecret },
      columns: undefined,
      colour: false,
      progress: false,
      prompt: answers ? async (question) => ((err += question), answers.shift()) : undefined,
      onInterrupt: () => () => undefined,
    };
    const code = await runRun(args, io, noarkModel, connectForRun);
    printed.push(out, err);
    return { code, out, err };
  }

  function file(name: string, text: string): string {
    writeFileSync(join(dir, name), text);
    return name;
  }

  it('runs the integration-flow example: every block succeeds, in order, and the file comes back', async () => {
    const flow = join(repo, 'examples', 'integration-flow.noarkq');
    const r = await run([flow, '--env', 'test', '--out', 'out', '--verbose']);
    assert.equal(r.code, 0, r.err + r.out);
    const names = [...r.out.matchAll(/^✔ (\S+)/gm)].map((m) => m[1]);
    assert.deepEqual(names, ['findCase', 'register', 'letter', 'attach', 'checkEntry', 'checkVersion', 'fetchBack', 'findByExternalId']);
    assert.match(r.out, /Saksmappe +\d+ +2024\/17/);
    assert.match(r.out, /jp +Journalpost +\d+ +1/);
    assert.match(r.err, /→ POST transaction 200/, 'the request log on stderr');
    const version = JSON.parse(readFileSync(join(dir, 'out', 'checkVersion.json'), 'utf8')).results[0].fields;
    const download = JSON.parse(readFileSync(join(dir, 'out', 'fetchBack.json'), 'utf8'));
    assert.equal(download.sha256, version.sjekksum);
    assert.deepEqual(readFileSync(download.path), readFileSync(join(repo, 'examples', 'files', 'application.pdf')));
  });

  it('refuses the broken example before sending anything, listing its errors', async () => {
    const before = issued.length;
    const r = await run([join(repo, 'examples', 'broken.noarkq'), '--env', 'test']);
    assert.equal(r.code, 1);
    assert.match(r.err, /nothing was sent: .*broken\.noarkq has \d+ errors \(fix, or run with --force\)/);
    assert.match(r.out, /error +noarkq\.|noarkq\.[a-z-]+/);
    assert.equal(issued.length, before, 'not even a token was asked for');
  });

  it('--block runs the blocks it reads first; json output is one document for scripts', async () => {
    const name = file(
      'deps.noarkq',
      `@year = 2024\n### findCase\nQUERY Saksmappe\nWHERE saksaar = @year\nLIMIT 2\n\n### other\nGET code-lists?field=journalposttype\n\n### versions\n@case = {{findCase.results[0].id}}\nQUERY Journalpost\nWHERE refMappe.id = @case\nLIMIT 3\n`,
    );
    const r = await run([name, '--env', 'test', '--block', 'versions', '--format', 'json']);
    assert.equal(r.code, 0, r.err);
    const report = JSON.parse(r.out) as { environment: string; results: { blockName: string; ok: boolean; status: number }[] };
    assert.equal(report.environment, 'test');
    assert.deepEqual(
      report.results.map((x) => [x.blockName, x.ok, x.status]),
      [
        ['findCase', true, 200],
        ['versions', true, 200],
      ],
    );
  });

  it('a value nothing defines is asked for; without a terminal the run stops naming --var; --var gives it', async () => {
    const name = file('ask.noarkq', `### byYear\nQUERY Saksmappe\nWHERE saksaar = @year\nLIMIT 1\n`);
    const asked = await run([name, '--env', 'test'], { answers: ['2024'] });
    assert.equal(asked.code, 0, asked.err);
    assert.match(asked.err, /Value for @year \(block `byYear`/);
    const noTerminal = await run([name, '--env', 'test', '--format', 'ndjson']);
    assert.equal(noTerminal.code, 1);
    const line = JSON.parse(noTerminal.out.trim()) as { ok: boolean; error: { kind: string; message: string } };
    assert.equal(line.error.kind, 'not-sent');
    assert.match(line.error.message, /needs a value for `year`: declare `@year = value` .* or pass --var year=value/);
    const given = await run([name, '--env', 'test', '--var', 'year=2024']);
    assert.equal(given.code, 0, given.err);
    // The environment's variables resolve too.
    const fromEnvironment = await run([file('env.noarkq', `QUERY Klasse\nWHERE tittel %= @unit\nLIMIT 1\n`), '--env', 'test']);
    assert.equal(fromEnvironment.code, 0, fromEnvironment.err);
  });

  it('a protected environment sends no write unless confirmed; a bulk change needs its name typed', async () => {
    const tx = file(
      'write.noarkq',
      `### note\nTRANSACTION\n{ "actions": [ { "action": "save", "type": "Klassifikasjonssystem", "id": "k", "fields": { "tittel": "Protected test" } } ] }\n`,
    );
    const refused = await run([tx, '--env', 'prod']);
    assert.equal(refused.code, 1);
    assert.match(refused.out, /Not sent: block `note` writes to the protected environment `prod` \(POST transaction \(1 save\)\) and was not confirmed/);
    const declined = await run([tx, '--env', 'prod'], { answers: ['n'] });
    assert.equal(declined.code, 1);
    assert.match(declined.err, /Send it\? \[y\/N\]/);
    const confirmed = await run([tx, '--env', 'prod'], { answers: ['y'] });
    assert.equal(confirmed.code, 0, confirmed.out);
    const yes = await run([tx, '--env', 'prod', '--yes']);
    assert.equal(yes.code, 0, yes.out);
    const reads = await run([file('read.noarkq', `QUERY Arkiv\nLIMIT 1\n`), '--env', 'prod']);
    assert.equal(reads.code, 0, 'reads need no confirmation');

    const bulk = file('bulk.noarkq', `### close\nPOST bulk/close\n{ "type": "Klassifikasjonssystem", "id": "{{id}}" }\n`);
    const id = JSON.parse((await run([tx, '--env', 'test', '--format', 'json'])).out).results[0].body.saved.k.id as string;
    const wrongName = await run([bulk, '--env', 'prod', '--var', `id="${id}"`], { answers: ['y'] });
    assert.equal(wrongName.code, 1);
    assert.match(wrongName.err, /Type its name to confirm/);
    const typed = await run([bulk, '--env', 'prod', '--var', `id="${id}"`], { answers: ['prod'] });
    assert.equal(typed.code, 0, typed.out);
  });

  it("the archive's error is shown with its status and errorId, and the run stops at the first failure", async () => {
    const name = file(
      'fails.noarkq',
      `### bad\nDOWNLOAD 999999999\n\n### never\nQUERY Arkiv\nLIMIT 1\n`,
    );
    const r = await run([name, '--env', 'test']);
    assert.equal(r.code, 1);
    assert.match(r.out, /✖ bad  GET download\?id=999999999  404/);
    assert.match(r.out, /The archive answered 404 \(errorId [0-9a-f-]+\):\n +No file has id 999999999/);
    assert.doesNotMatch(r.out, /never/);
    assert.match(r.err, /Stopped: 0 of 1 request succeeded/);
  });

  it('environment problems are clear and send nothing: no file, unknown name, missing secret', async () => {
    const name = file('any.noarkq', `QUERY Arkiv\n`);
    const unknown = await run([name, '--env', 'staging']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /has no environment "staging"/);
    const several = await run([name]);
    assert.equal(several.code, 2);
    assert.match(several.err, /defines 2 environments \("test", "prod"\): name the one to use\. Use --env NAME\./);
    const noSecret = await run([name, '--env', 'test'], { secret: null });
    assert.equal(noSecret.code, 2);
    assert.match(noSecret.err, /needs the client secret: set NOARKQ_CLIENT_SECRET/);
    const missingFile = await run([name, '--environments', 'nowhere.json']);
    assert.equal(missingFile.code, 2);
    assert.match(missingFile.err, /nowhere\.json: cannot be read: no such file/);
  });

  it('EXPECT lines decide a block: each is reported, a broken one fails the run, an expected refusal passes', async () => {
    const name = file(
      'expect.noarkq',
      [
        '@year = 2024',
        '### refused',
        'GET download?id=999999',
        'EXPECT status = 404',
        'EXPECT errorId exists',
        '### findCase',
        'QUERY Saksmappe',
        'WHERE saksaar = @year',
        'LIMIT 3',
        'EXPECT results.length = 3',
        'EXPECT results[*].fields.saksaar = @year',
        'EXPECT results[0].fields.mappeIdent %= "2024/%"',
        '### tooMany',
        'QUERY Saksmappe',
        'WHERE saksaar = @year',
        'LIMIT 2',
        'EXPECT results.length = 5',
        '',
      ].join('\n'),
    );
    const r = await run([name, '--env', 'test']);
    assert.equal(r.code, 1, r.err + r.out);
    assert.match(r.out, /^✔ refused +GET download\?id=999999 +404/m);
    assert.match(r.out, /✔ EXPECT results\[\*\]\.fields\.saksaar = 2024/);
    assert.match(r.out, /✔ EXPECT results\[0\]\.fields\.mappeIdent %= "2024\/%"/);
    assert.match(r.out, /^✖ tooMany .*\n.*\n +✘ EXPECT results\.length = 5 — actual 2$/m);
    const json = await run([name, '--env', 'test', '--format', 'json']);
    const report = JSON.parse(json.out) as { results: { blockName: string; ok: boolean; expectations?: { passed: boolean; actual: string }[]; error?: { kind: string } }[] };
    const tooMany = report.results.find((x) => x.blockName === 'tooMany');
    assert.equal(tooMany?.error?.kind, 'expectation');
    assert.deepEqual(tooMany?.expectations?.map((e) => [e.passed, e.actual]), [
      [true, '200'],
      [false, '2'],
    ]);
  });

  it('RETRY sends a read again until its expectations hold or the tries run out; a write is sent once', async () => {
    const read = file('retry.noarkq', '### me\nGET info/me\nRETRY 2 EVERY 10ms\nEXPECT status = 200\nEXPECT nothingHere exists\n');
    const r = await run([read, '--env', 'test', '--force']);
    assert.equal(r.code, 1);
    assert.match(r.out, /3 tries \(RETRY\)/);
    const title = `Sent once ${Date.now()}`;
    const write = file(
      'retryWrite.noarkq',
      [
        '### findCase',
        '@year = 2024',
        'QUERY Saksmappe',
        'WHERE saksaar = @year',
        'LIMIT 1',
        '### register',
        'TRANSACTION',
        JSON.stringify({
          actions: [
            { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: title, journalposttype: 'I' } },
            { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: '{{findCase.results[0].id}}' },
            { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari Nordmann', korrespondanseparttype: 'EA' } },
            { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
          ],
        }),
        'RETRY 3 EVERY 10ms',
        'EXPECT saved.nothing exists',
        '### count',
        `@title = ${JSON.stringify(title)}`,
        'QUERY Journalpost',
        'WHERE tittel = @title',
        'LIMIT 10',
        '',
      ].join('\n'),
    );
    const sent = await run([write, '--env', 'test', '--force', '--block', 'register']);
    assert.equal(sent.code, 1, sent.err + sent.out);
    assert.doesNotMatch(sent.out, /tries \(RETRY\)/);
    const counted = await run([write, '--env', 'test', '--force', '--block', 'count', '--format', 'json']);
    const results = (JSON.parse(counted.out) as { results: { blockName: string; body: { results: unknown[] } }[] }).results;
    assert.equal(results.find((x) => x.blockName === 'count')?.body.results.length, 1, 'the transaction reached the archive once');
  });

  it('nothing printed or written holds a token the sandbox issued, or the client secret', () => {
    assert.ok(issued.length > 0, 'tokens were issued');
    const written: string[] = [];
    const walk = (path: string) => {
      for (const entry of readdirSync(path)) {
        const full = join(path, entry);
        if (statSync(full).isDirectory()) walk(full);
        else written.push(readFileSync(full, 'latin1'));
      }
    };
    walk(dir);
    const everything = [...printed, ...written];
    for (const secret of [...issued, clientSecret]) {
      assert.ok(!everything.some((text) => text.includes(secret)), `a secret appears in the output: ${secret.slice(0, 4)}…`);
    }
  });
});
