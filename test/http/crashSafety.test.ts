/**
 * Crash safety: the sandbox runs as its own process on a data folder, takes a stream of concurrent
 * transactions, and is killed with SIGKILL in the middle of it. Restarted on the same folder it must
 * hold every transaction it acknowledged with 200, and no transaction in part. Each transaction
 * creates one recognisable group (Saksmappe + Journalpost + Korrespondansepart, all named with the
 * same marker), so a partial transaction shows as a group with a member missing.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sandboxReady, type SandboxProcess } from '../fixtures/sandboxReady';

const root = join(__dirname, '..', '..');
const apiRoot = '/rms/api/public/noark5/v1';

/** Starts `sandbox/main.ts` as a child process and resolves once its banner names the URL. */
function spawnSandbox(dataDir: string): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts', '--port', '0', '--data', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return sandboxReady(child, exited);
}

async function stopGracefully(p: SandboxProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGINT');
  await p.exited;
}

async function getToken(url: string): Promise<string> {
  const response = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=noarkq-demo&client_secret=noarkq-demo-secret',
  });
  const body = (await response.json()) as { access_token: string };
  assert.equal(response.status, 200);
  return body.access_token;
}

async function post(url: string, token: string, path: string, body: unknown): Promise<{ status: number; json: any; text: string }> {
  const response = await fetch(url + apiRoot + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Service-Error-Response-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text.startsWith('{') ? JSON.parse(text) : undefined, text };
}

interface Found {
  id: string;
  fields: Record<string, unknown>;
  links: Record<string, number>;
}

/** Every entity of `type` whose `field` starts with `prefix`, paged through. */
async function findAll(url: string, token: string, type: string, field: string, prefix: string): Promise<Found[]> {
  const out: Found[] = [];
  for (let offset = 0; ; offset += 500) {
    const r = await post(url, token, '/query', { type, query: `${field} %= @p`, parameters: { '@p': `${prefix}%` }, limit: 500, offset, publicUse: false });
    assert.equal(r.status, 200, r.text);
    out.push(...(r.json.results as Found[]));
    if (!r.json.hasMore) return out;
  }
}

test('SIGKILL during concurrent transactions, twice, loses no acknowledged transaction and leaves none in part', { timeout: 180_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'noarkq-crash-'));
  const running: SandboxProcess[] = [];
  try {
    const first = await spawnSandbox(dataDir);
    running.push(first);
    const token = await getToken(first.url);
    const base = await post(first.url, token, '/transaction', {
      actions: [
        { action: 'save', type: 'Arkiv', id: 'arkiv', fields: { tittel: 'Crash arkiv' } },
        { action: 'save', type: 'Arkivskaper', id: 'skaper', fields: { arkivskaperIdent: 'CRASH-AS', arkivskaperNavn: 'Skaper' } },
        { action: 'link', type: 'Arkivskaper', id: 'skaper', ref: 'refArkiv', linkToId: 'arkiv' },
        { action: 'save', type: 'Arkivdel', id: 'del', fields: { tittel: 'Crash arkivdel' } },
        { action: 'link', type: 'Arkivdel', id: 'del', ref: 'refArkiv', linkToId: 'arkiv' },
        { action: 'save', type: 'Klassifikasjonssystem', id: 'sys', fields: { tittel: 'Crash system' } },
        { action: 'link', type: 'Arkivdel', id: 'del', ref: 'refPrimaerKlassifikasjonssystem', linkToId: 'sys' },
        { action: 'save', type: 'Klasse', id: 'k', fields: { klasseIdent: 'CRASH-K', tittel: 'Klasse' } },
        { action: 'link', type: 'Klasse', id: 'k', ref: 'refKlassifikasjonssystem', linkToId: 'sys' },
      ],
    });
    assert.equal(base.status, 200, base.text);
    const arkivdel = base.json.saved.del.id as string;
    const klasse = base.json.saved.k.id as string;

    const group = (marker: string) => ({
      actions: [
        { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: marker } },
        { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: arkivdel },
        { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: klasse },
        { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: marker, journalposttype: 'I' } },
        { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: 'sak' },
        { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: marker, korrespondanseparttype: 'EA' } },
        { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
      ],
    });

    // Workers send transactions until the process is gone; the kill comes once enough were
    // acknowledged in this round and while others are on the wire. Two rounds: the second crash
    // hits an archive that has itself been recovered from a crash.
    const acknowledged = new Map<string, { sak: string; jp: string; kp: string }>();
    const sent = new Set<string>();
    const killAfter = 40;
    const crashRound = async (sandbox: SandboxProcess, sandboxToken: string, round: number) => {
      let inFlight = 0;
      let killed = false;
      let acknowledgedHere = 0;
      let sentHere = 0;
      const worker = async (w: number) => {
        for (let i = 0; !killed; i++) {
          const marker = `crash-${round}-${w}-${i}`;
          sent.add(marker);
          sentHere++;
          inFlight++;
          try {
            const r = await post(sandbox.url, sandboxToken, '/transaction', group(marker));
            assert.equal(r.status, 200, r.text);
            acknowledged.set(marker, { sak: r.json.saved.sak.id, jp: r.json.saved.jp.id, kp: r.json.saved.kp.id });
            acknowledgedHere++;
          } catch (error) {
            if (killed) return; // the connection died with the process
            throw error;
          } finally {
            inFlight--;
          }
          if (!killed && acknowledgedHere >= killAfter && inFlight >= 2) {
            killed = true;
            sandbox.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
      assert.ok(killed, 'the sandbox was killed mid-stream');
      assert.deepEqual(await sandbox.exited, { code: null, signal: 'SIGKILL' });
      assert.ok(sentHere > acknowledgedHere, 'some transactions were still on the wire at the kill');
    };
    await crashRound(first, token, 1);
    const recovered = await spawnSandbox(dataDir);
    running.push(recovered);
    await crashRound(recovered, await getToken(recovered.url), 2);
    assert.ok(acknowledged.size >= 2 * killAfter);

    const second = await spawnSandbox(dataDir);
    running.push(second);
    const token2 = await getToken(second.url);
    const folders = new Map((await findAll(second.url, token2, 'Saksmappe', 'tittel', 'crash-')).map((e) => [e.fields.tittel as string, e]));
    const entries = new Map((await findAll(second.url, token2, 'Journalpost', 'tittel', 'crash-')).map((e) => [e.fields.tittel as string, e]));
    const parties = new Map((await findAll(second.url, token2, 'Korrespondansepart', 'korrespondansepartNavn', 'crash-')).map((e) => [e.fields.korrespondansepartNavn as string, e]));

    for (const [marker, ids] of acknowledged) {
      assert.equal(folders.get(marker)?.id, ids.sak, `acknowledged ${marker}: Saksmappe kept`);
      assert.equal(entries.get(marker)?.id, ids.jp, `acknowledged ${marker}: Journalpost kept`);
      assert.equal(parties.get(marker)?.id, ids.kp, `acknowledged ${marker}: Korrespondansepart kept`);
    }
    const markers = new Set([...folders.keys(), ...entries.keys(), ...parties.keys()]);
    for (const marker of markers) {
      assert.ok(sent.has(marker), `${marker} was sent`);
      const sak = folders.get(marker);
      const jp = entries.get(marker);
      const kp = parties.get(marker);
      assert.ok(sak && jp && kp, `${marker} is complete, not partial (${sak ? 'S' : '-'}${jp ? 'J' : '-'}${kp ? 'K' : '-'})`);
      assert.equal(jp.links.refMappe, Number(sak.id), `${marker}: the Journalpost is in its Saksmappe`);
      assert.equal(kp.links.refRegistrering, Number(jp.id), `${marker}: the Korrespondansepart is on its Journalpost`);
    }
    assert.ok(markers.size >= acknowledged.size);

    // The recovered archive takes new work, with ids after everything that survived.
    const next = await post(second.url, token2, '/transaction', group('after-restart'));
    assert.equal(next.status, 200, next.text);
    const maxKept = Math.max(...[...parties.values()].map((e) => Number(e.id)));
    assert.ok(Number(next.json.saved.sak.id) > maxKept);
  } finally {
    for (const p of running) {
      if (p.child.exitCode === null && p.child.signalCode === null) await stopGracefully(p);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
