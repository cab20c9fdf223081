/**
 * `noarkq copy-as` against the sandbox: placeholders without a run (and without secrets), values
 * from `--from-run` (the blocks read run first), the printed curl run as it is, and usage errors.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { noarkModel } from '../../core/schema';
import { runCopyAs } from '../../cli/copyAsCommand';
import type { RunIo } from '../../cli/runCommand';
import { connectForRun } from '../../cli/runConnection';
import { useTestSandbox } from '../http/sandboxHarness';
import { requireToolchain, run, toolchains } from './toolchains';

const clientSecret = 'noarkq-demo-secret';

const flow = `### register
TRANSACTION
{
  "actions": [
    { "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tittel": "Søknad om \\"løyve\\"", "journalposttype": "I" } },
    { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{saksmappe}}" },
    { "action": "save", "type": "Korrespondansepart", "id": "kp", "fields": { "korrespondansepartNavn": "Kari", "korrespondanseparttype": "EA" } },
    { "action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "jp" }
  ]
}

### readBack
@entry = {{register.saved.jp.id}}
QUERY Journalpost
WHERE id = @entry
`;

describe('noarkq copy-as', () => {
  const env = useTestSandbox({}, { structure: true });
  let dir: string;
  env.before(() => {
    dir = mkdtempSync(join(tmpdir(), 'noarkq-copy-as-'));
    const environment = {
      name: 'test',
      baseUrl: env.sandbox.sandbox.apiUrl,
      auth: { kind: 'client_credentials', tokenUrl: env.sandbox.sandbox.tokenUrl, clientId: 'noarkq-demo' },
      variables: { saksmappe: env.structure.saksmappe },
    };
    writeFileSync(join(dir, 'noarkq.environments.json'), JSON.stringify({ environments: [environment] }));
    writeFileSync(join(dir, 'flow.noarkq'), flow);
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  async function copyAs(args: string[], secret = false): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const io: RunIo = {
      cwd: dir,
      out: (t) => void (out += t),
      err: (t) => void (err += t),
      env: secret ? { NOARKQ_CLIENT_SECRET: clientSecret } : {},
      columns: undefined,
      colour: false,
      progress: false,
      onInterrupt: () => () => undefined,
    };
    const code = await runCopyAs(args, io, noarkModel, connectForRun);
    assert.doesNotMatch(out + err, new RegExp(clientSecret), 'no secret is printed');
    return { code, out, err };
  }

  it('prints the block with named placeholders, needing no secret and sending nothing', async () => {
    const { code, out, err } = await copyAs(['py', 'flow.noarkq#readBack']);
    assert.equal(code, 0, err);
    assert.match(out, /^entry = "<entry>" {2}# @entry = \{\{register\.saved\.jp\.id\}\}$/m);
    assert.match(out, /secret\("NOARKQ_CLIENT_SECRET"\)/);
    assert.equal(err, 'One placeholder to fill in: @entry = {{register.saved.jp.id}}.\n');
  });

  it('with --from-run runs the blocks it reads first, and the printed curl reads back what they wrote', async (t) => {
    const { code, out, err } = await copyAs(['curl', 'flow.noarkq#readBack', '--from-run'], true);
    assert.equal(code, 0, err);
    assert.equal(err, '');
    assert.doesNotMatch(out, /<entry>/);
    if (!requireToolchain(t, toolchains.sh)) return;
    const ran = await run('sh', ['-c', out], { cwd: dir, env: { NOARKQ_CLIENT_SECRET: clientSecret } });
    assert.equal(ran.status, 0, ran.stderr);
    assert.match(ran.stderr, /HTTP 200/);
    assert.equal((JSON.parse(ran.stdout) as { results: { fields: { tittel: string } }[] }).results[0].fields.tittel, 'Søknad om "løyve"');
  });

  it('--from-run without the secret says which variable to set', async () => {
    const { code, err } = await copyAs(['curl', 'flow.noarkq#readBack', '--from-run']);
    assert.equal(code, 2);
    assert.match(err, /NOARKQ_CLIENT_SECRET/);
  });

  it('refuses an unknown language, a missing block name and an unknown block with exit 2', async () => {
    const language = await copyAs(['cobol', 'flow.noarkq#readBack']);
    assert.equal(language.code, 2);
    assert.match(language.err, /unknown language "cobol": use curl, typescript, csharp, java, php, python/);
    const noBlock = await copyAs(['curl', 'flow.noarkq']);
    assert.equal(noBlock.code, 2);
    assert.match(noBlock.err, /flow\.noarkq#findCase/);
    const unknown = await copyAs(['curl', 'flow.noarkq#nothing']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /has no block named "nothing" \(its blocks: register, readBack\)/);
  });
});
