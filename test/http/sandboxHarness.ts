/**
 * Starts a real sandbox on 127.0.0.1 with a free port and a controllable clock, and talks to it
 * over real HTTP. Every test file starts one and stops it in `after`, most through
 * `useTestSandbox`. Every 2xx JSON answer is checked against core/api's response schema of its
 * endpoint (contractCheck.ts), so every suite is also a contract test.
 */
import { after, before } from 'node:test';
import { startSandbox, type RunningSandbox } from '../../sandbox/startSandbox';
import type { SandboxOptions } from '../../sandbox/sandboxOptions';
import { checkAnswerContract } from './contractCheck';

export class TestClock {
  private offset = 0;
  private readonly start = Date.parse('2024-08-19T07:00:00.000Z');
  now = (): number => this.start + this.offset;
  advance(seconds: number): void {
    this.offset += seconds * 1000;
  }
}

export type AccountName = 'full' | 'ordinary' | 'user';

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: any;
}

export interface TestSandbox {
  sandbox: RunningSandbox;
  clock: TestClock;
  token(account?: AccountName): Promise<string>;
  post(path: string, body: unknown, options?: { token?: string; headers?: Record<string, string>; raw?: boolean }): Promise<HttpResult>;
  get(path: string, options?: { token?: string; headers?: Record<string, string> }): Promise<HttpResult>;
  query(token: string, body: Record<string, unknown>): Promise<HttpResult>;
  transaction(token: string, actions: unknown[]): Promise<HttpResult>;
  close(): Promise<void>;
}

/** The answer to `method apiPath` (relative to the API root), its body checked against the contract. */
async function toResult(response: Response, method: string, apiPath: string): Promise<HttpResult> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  checkAnswerContract(method, apiPath, response.status, json);
  return { status: response.status, headers: response.headers, text, json };
}

const credentials: Record<AccountName, string> = {
  full: 'grant_type=client_credentials&client_id=noarkq-demo&client_secret=noarkq-demo-secret',
  ordinary: 'grant_type=client_credentials&client_id=noarkq-demo-2&client_secret=noarkq-demo-2-secret',
  user: 'grant_type=password&username=demo&password=demo&scope=openid',
};

/** Any API request with a bearer token, a JSON body and JSON errors asked for. */
export async function sendApi(t: TestSandbox, token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResult> {
  const response = await fetch(t.sandbox.apiUrl + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Service-Error-Response-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return toResult(response, method, path);
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const clock = new TestClock();
  const sandbox = await startSandbox({ memory: true, port: 0, now: clock.now, ...options });
  const tokens = new Map<AccountName, string>();
  const jsonHeaders = (token?: string, extra: Record<string, string> = {}) => ({
    'Content-Type': 'application/json',
    'X-Service-Error-Response-Type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...extra,
  });
  const harness: TestSandbox = {
    sandbox,
    clock,
    async token(account = 'full') {
      const known = tokens.get(account);
      if (known) return known;
      const response = await fetch(sandbox.tokenUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: credentials[account] });
      const body = (await response.json()) as { access_token: string };
      if (response.status !== 200) throw new Error(`token request failed: ${JSON.stringify(body)}`);
      tokens.set(account, body.access_token);
      return body.access_token;
    },
    async post(path, body, options = {}) {
      const response = await fetch(sandbox.apiUrl + path, {
        method: 'POST',
        headers: jsonHeaders(options.token, options.headers),
        body: options.raw ? (body as string) : JSON.stringify(body),
      });
      return toResult(response, 'POST', path);
    },
    async get(path, options = {}) {
      const response = await fetch(sandbox.apiUrl + path, { headers: jsonHeaders(options.token, options.headers) });
      return toResult(response, 'GET', path);
    },
    query(token, body) {
      return harness.post('/query', body, { token });
    },
    transaction(token, actions) {
      return harness.post('/transaction', { actions }, { token });
    },
    close: () => sandbox.close(),
  };
  return harness;
}

/** The structure most tests build on: a fonds with its creator, a series, a classification
 * system with classes, a case file and a registry entry with a correspondence party. */
export interface Structure {
  arkiv: string;
  arkivdel: string;
  system: string;
  klasser: string[];
  saksmappe: string;
  journalpost: string;
}

export async function buildStructure(t: TestSandbox, token: string, label = 'S'): Promise<Structure> {
  const base = await t.transaction(token, [
    { action: 'save', type: 'Arkiv', id: 'arkiv', fields: { tittel: `${label} arkiv` } },
    { action: 'save', type: 'Arkivskaper', id: 'skaper', fields: { arkivskaperIdent: `${label}-AS`, arkivskaperNavn: 'Skaper' } },
    { action: 'link', type: 'Arkivskaper', id: 'skaper', ref: 'refArkiv', linkToId: 'arkiv' },
    { action: 'save', type: 'Arkivdel', id: 'del', fields: { tittel: `${label} arkivdel` } },
    { action: 'link', type: 'Arkivdel', id: 'del', ref: 'refArkiv', linkToId: 'arkiv' },
    { action: 'save', type: 'Klassifikasjonssystem', id: 'sys', fields: { tittel: `${label} system` } },
    { action: 'link', type: 'Arkivdel', id: 'del', ref: 'refPrimaerKlassifikasjonssystem', linkToId: 'sys' },
    ...['K1', 'K2', 'K3'].flatMap((k) => [
      { action: 'save', type: 'Klasse', id: k, fields: { klasseIdent: `${label}-${k}`, tittel: `Klasse ${k}` } },
      { action: 'link', type: 'Klasse', id: k, ref: 'refKlassifikasjonssystem', linkToId: 'sys' },
    ]),
  ]);
  if (base.status !== 200) throw new Error(`structure failed: ${base.text}`);
  const s = base.json.saved;
  const folder = await t.transaction(token, [
    { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: `${label} sak` } },
    { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: s.del.id },
    { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: s.K1.id },
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: `${label} journalpost`, journalposttype: 'I' } },
    { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: 'sak' },
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari', korrespondanseparttype: 'EA' } },
    { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
  ]);
  if (folder.status !== 200) throw new Error(`case file failed: ${folder.text}`);
  const f = folder.json.saved;
  return { arkiv: s.arkiv.id, arkivdel: s.del.id, system: s.sys.id, klasser: [s.K1.id, s.K2.id, s.K3.id], saksmappe: f.sak.id, journalpost: f.jp.id };
}

/** What a test file shares. `useTestSandbox` fills it in its `before` hook, so its properties are
 * read inside hooks and tests, never while the file loads. */
export interface SandboxFixture {
  readonly sandbox: TestSandbox;
  /** A token of the `full` account. */
  readonly token: string;
  /** Made by `buildStructure`; only with `{ structure: true }`. */
  readonly structure: Structure;
  /**
   * Registers a `before` hook for more setup that runs once the sandbox, token and structure are
   * there. A plain `before` would not do at file level: Node 20 starts file-level `before` hooks
   * without waiting for the ones registered earlier.
   */
  before(setup: () => Promise<void> | void): void;
}

export interface SandboxFixtureSetup {
  /** Build the structure (`buildStructure`) once the sandbox runs. */
  structure?: boolean;
}

/**
 * Registers, for the file or for the enclosing `describe`, the `before` hook that starts a sandbox,
 * gets a token and (when asked) builds the structure, and the `after` hook that stops the sandbox.
 */
export function useTestSandbox(options: SandboxOptions = {}, setup: SandboxFixtureSetup = {}): SandboxFixture {
  let sandbox: TestSandbox | undefined;
  let token: string | undefined;
  let structure: Structure | undefined;
  let started: Promise<void> | undefined;
  const start = async () => {
    sandbox = await startTestSandbox(options);
    token = await sandbox.token();
    if (setup.structure) structure = await buildStructure(sandbox, token);
  };
  // Whichever hook runs first starts the sandbox and the others wait for that same start.
  before(() => (started ??= start()));
  // The sandbox is missing when its start failed; that failure is the one to report.
  after(() => sandbox?.close());
  // A read before the hook ran would otherwise surface as a puzzling `undefined` far from its cause.
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is read before the before hook of useTestSandbox has run`);
    return value;
  };
  return {
    get sandbox() {
      return ready(sandbox, 'the sandbox');
    },
    get token() {
      return ready(token, 'the token');
    },
    get structure() {
      if (!setup.structure) throw new Error('no structure is built: pass { structure: true } to useTestSandbox');
      return ready(structure, 'the structure');
    },
    before(more) {
      before(async () => {
        await (started ??= start());
        await more();
      });
    },
  };
}

/** Waits for `condition` by polling (never a fixed sleep); fails after `timeoutMs`. */
export async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
