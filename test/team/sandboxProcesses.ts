/**
 * Sandbox processes on one PostgreSQL database, as a team runs them: each is `sandbox/main.ts`
 * with `--database`, its own port and its own (unused) data folder, started together. Used by the
 * team tests and the team benchmark.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxReady, type SandboxProcess } from '../fixtures/sandboxReady';

export type { SandboxProcess };

const root = join(__dirname, '..', '..');
export const apiRoot = '/rms/api/public/noark5/v1';

/** Starts one process on `databaseUrl` and resolves once its banner names its URL. */
export function spawnSandbox(databaseUrl: string, extraArgs: readonly string[] = []): Promise<SandboxProcess> {
  return spawnSandboxWith(['--database', databaseUrl, ...extraArgs]);
}

/** One process on its own PGlite archive in a temp folder (removed when it exits). */
export function spawnPGliteSandbox(extraArgs: readonly string[] = []): Promise<SandboxProcess> {
  return spawnSandboxWith(extraArgs);
}

/** Without `--seed-size` among `args`, the archive starts empty (`--no-seed`). */
function spawnSandboxWith(args: readonly string[]): Promise<SandboxProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'noarkq-team-'));
  const seeding = args.includes('--seed-size') ? [] : ['--no-seed'];
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts', '--port', '0', '--data', dataDir, ...seeding, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  return sandboxReady(child, exited);
}

/** `count` processes on `databaseUrl`, started at the same time (their start-ups take turns on
 * the schema, which is part of what is tested). */
export async function spawnSandboxes(databaseUrl: string, count: number, extraArgs: readonly string[] = []): Promise<SandboxProcess[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => spawnSandbox(databaseUrl, extraArgs)));
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stopSandboxes(running);
    throw failed.reason;
  }
  return running;
}

export async function stopSandboxes(processes: readonly SandboxProcess[]): Promise<void> {
  await Promise.all(
    processes.map(async (p) => {
      if (p.child.exitCode !== null || p.child.signalCode !== null) return;
      p.child.kill('SIGINT');
      await p.exited;
    }),
  );
}

export interface HttpAnswer {
  status: number;
  // Answers are read by the tests field by field; their shapes are the spec's.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  text: string;
}

async function answer(response: Response): Promise<HttpAnswer> {
  const text = await response.text();
  return { status: response.status, json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : undefined, text };
}

/** A form post to the token (or revocation) endpoint. */
export async function postForm(url: string, path: string, form: Record<string, string>): Promise<HttpAnswer> {
  return answer(
    await fetch(url + path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() }),
  );
}

export async function clientToken(url: string): Promise<string> {
  const r = await postForm(url, '/idp/oauth2/token', { grant_type: 'client_credentials', client_id: 'noarkq-demo', client_secret: 'noarkq-demo-secret' });
  if (r.status !== 200) throw new Error(`no token from ${url}: ${r.status} ${r.text}`);
  return r.json.access_token as string;
}

export async function api(url: string, token: string, method: string, path: string, body?: unknown): Promise<HttpAnswer> {
  return answer(
    await fetch(url + apiRoot + path, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Service-Error-Response-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** The archive's structure that case files go in: an Arkivdel and a Klasse. */
export async function buildArchive(url: string, token: string): Promise<{ arkivdel: string; klasse: string }> {
  const r = await api(url, token, 'POST', '/transaction', {
    actions: [
      { action: 'save', type: 'Arkiv', id: 'arkiv', fields: { tittel: 'Team arkiv' } },
      { action: 'save', type: 'Arkivskaper', id: 'skaper', fields: { arkivskaperIdent: 'TEAM', arkivskaperNavn: 'Team' } },
      { action: 'link', type: 'Arkivskaper', id: 'skaper', ref: 'refArkiv', linkToId: 'arkiv' },
      { action: 'save', type: 'Arkivdel', id: 'del', fields: { tittel: 'Team arkivdel' } },
      { action: 'link', type: 'Arkivdel', id: 'del', ref: 'refArkiv', linkToId: 'arkiv' },
      { action: 'save', type: 'Klassifikasjonssystem', id: 'sys', fields: { tittel: 'Team system' } },
      { action: 'link', type: 'Arkivdel', id: 'del', ref: 'refPrimaerKlassifikasjonssystem', linkToId: 'sys' },
      { action: 'save', type: 'Klasse', id: 'k', fields: { klasseIdent: 'T-1', tittel: 'Team klasse' } },
      { action: 'link', type: 'Klasse', id: 'k', ref: 'refKlassifikasjonssystem', linkToId: 'sys' },
    ],
  });
  if (r.status !== 200) throw new Error(`the structure failed: ${r.text}`);
  return { arkivdel: r.json.saved.del.id as string, klasse: r.json.saved.k.id as string };
}

/** A new case file with one registry entry and its party, all named `marker`. */
export function caseFileActions(marker: string, archive: { arkivdel: string; klasse: string }): unknown[] {
  return [
    { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: marker } },
    { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: archive.arkivdel },
    { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: archive.klasse },
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: marker, journalposttype: 'I' } },
    { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: 'sak' },
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: marker, korrespondanseparttype: 'EA' } },
    { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
  ];
}

/** A registry entry (and its party) added to the existing case file `caseId`. */
export function entryActions(marker: string, caseId: string): unknown[] {
  return [
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: marker, journalposttype: 'U' } },
    { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: caseId },
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: marker, korrespondanseparttype: 'EM' } },
    { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
  ];
}
