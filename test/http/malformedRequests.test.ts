/**
 * 1,000 generated malformed requests — bad JSON, wrong types, huge bodies, hostile file names,
 * broken ids, tokens and paths — across every endpoint the sandbox serves. Every one must get a
 * 4xx whose error body names the problem, within a time limit, and leave the archive as it was:
 * row counts and a hash of every table's rows, and the files on disk, are compared after each
 * request. The endpoints are discovered from the running server (the 404 answer lists them, the
 * 405 answer their methods), so an endpoint added later is covered without editing this file.
 */
import { coerceScalar } from '../../core/scalarCoercion';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import { bulkModule, logModule } from '../../sandbox/audit/auditModules';
import { builtInModules } from '../../sandbox/coreModules';
import { maxJsonDepth } from '../../sandbox/http/requestBody';
import { bsmModule, codeListModule } from '../../sandbox/registries/registryModules';
import { useTestSandbox } from './sandboxHarness';

const maxBodyBytes = 32 * 1024;
const maxUploadBytes = 64 * 1024;
// Modules not (yet) built in are added, so that every endpoint that exists is exercised.
const extraModules = [codeListModule, bsmModule, logModule, bulkModule].filter((m) => !builtInModules.some((b) => b.name === m.name));

let ordinaryToken: string;
let linkedFileId: string;
let unlinkedFileId: string;
let tables: string[];
let baseline: string;

interface Endpoint {
  method: string;
  /** Path under the API root, `{name}` for a path parameter. */
  path: string;
}
let endpoints: Endpoint[];

interface Malformed {
  label: string;
  method: string;
  /** Absolute path with query string. */
  path: string;
  headers: Record<string, string>;
  /** Large bodies are described, not held, so that a failure report stays readable. */
  body?: string | Buffer | { streamBytes: number } | { bytes: number; kind: 'json' | 'binary' | 'form' };
  /** The allowed statuses (all 4xx). */
  status: readonly number[];
  /** What the error description must say. */
  says: RegExp;
  /** Ask for JSON errors (else the plain-text form is checked). */
  jsonErrors: boolean;
  /** The OAuth2 endpoint answers `{error, error_description}`. */
  oauth?: boolean;
}

async function snapshot(): Promise<string> {
  const db = env.sandbox.sandbox.services.db;
  const parts = tables.map(
    (name) => `SELECT '${name}' AS name, count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${name}" x`,
  );
  const { rows } = await db.query<{ name: string; n: number; h: string }>(parts.join(' UNION ALL '));
  const files = readdirSync(env.sandbox.sandbox.services.files.directory).sort();
  return JSON.stringify({ rows: rows.sort((a, b) => a.name.localeCompare(b.name)), files });
}

async function upload(body: Buffer, disposition: string): Promise<string> {
  const response = await fetch(`${env.sandbox.sandbox.apiUrl}/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.token}`, 'Content-Disposition': disposition },
    body,
  });
  const json = (await response.json()) as { id: string };
  assert.equal(response.status, 200);
  return json.id;
}

// No background indexing: the full-text index would change between snapshots on its own.
const env = useTestSandbox({ maxBodyBytes, maxUploadBytes, modules: extraModules, fullTextIndexIntervalSeconds: 0 }, { structure: true });
env.before(async () => {
  ordinaryToken = await env.sandbox.token('ordinary');
  linkedFileId = await upload(Buffer.from('linked'), 'attachment; filename="linked.txt"');
  const linked = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Dokument', id: 'd', fields: { tittel: 'Dokument' } },
    { action: 'link', type: 'Dokument', id: 'd', ref: 'refRegistrering', linkToId: env.structure.journalpost },
    { action: 'save', type: 'Dokumentversjon', id: 'v', fields: { referanseDokumentfil: linkedFileId, variantformat: 'A' } },
    { action: 'link', type: 'Dokumentversjon', id: 'v', ref: 'refDokument', linkToId: 'd' },
  ]);
  assert.equal(linked.status, 200, linked.text);
  unlinkedFileId = await upload(Buffer.from('unlinked'), 'attachment; filename="unlinked.txt"');

  const { rows } = await env.sandbox.sandbox.services.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  tables = rows.map((r) => r.table_name);

  // Discover the endpoints: the 404 answer lists the paths, a 405 answer the methods of each.
  const unknown = await env.sandbox.get('/zz-no-such-endpoint', { token: env.token });
  assert.equal(unknown.status, 404);
  const listed = /Endpoints: (.*)\.$/.exec(unknown.json.description)?.[1];
  assert.ok(listed, unknown.text);
  endpoints = [];
  for (const path of listed.split(', ')) {
    const concrete = path.replace(/\{\w+\}/g, 'zz-probe');
    const probe = await fetch(env.sandbox.sandbox.apiUrl + concrete, { method: 'PATCH', headers: { Authorization: `Bearer ${env.token}` } });
    await probe.arrayBuffer();
    assert.equal(probe.status, 405, `PATCH ${path}`);
    for (const method of (probe.headers.get('allow') ?? '').split(', ')) endpoints.push({ method, path });
  }
  for (const known of ['POST /query', 'POST /transaction', 'POST /upload', 'GET /download']) {
    assert.ok(
      endpoints.some((e) => `${e.method} ${e.path}` === known),
      `discovered ${known}`,
    );
  }
});


// --- sending and checking --------------------------------------------------------------------

function streamOf(bytes: number): ReadableStream<Uint8Array> {
  const chunk = Buffer.alloc(8 * 1024, 0x61);
  let left = bytes;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left <= 0) return controller.close();
      const n = Math.min(left, chunk.length);
      left -= n;
      controller.enqueue(chunk.subarray(0, n));
    },
  });
}

async function send(m: Malformed): Promise<void> {
  const headers: Record<string, string> = { ...m.headers };
  if (m.jsonErrors) headers['X-Service-Error-Response-Type'] = 'application/json';
  const init: RequestInit & { duplex?: 'half' } = { method: m.method, headers, signal: AbortSignal.timeout(20_000) };
  if (m.body !== undefined) {
    if (typeof m.body === 'object' && 'streamBytes' in m.body) {
      init.body = streamOf(m.body.streamBytes);
      init.duplex = 'half';
    } else if (typeof m.body === 'object' && 'kind' in m.body) {
      const { bytes, kind } = m.body;
      init.body =
        kind === 'binary' ? Buffer.alloc(bytes, 1) : kind === 'form' ? `grant_type=client_credentials&pad=${'a'.repeat(bytes)}` : `{"type":"Saksmappe","query":"${'a'.repeat(bytes)}"}`;
    } else init.body = m.body;
  }
  const url = (m.path.startsWith('/oauth2') ? env.sandbox.sandbox.url : env.sandbox.sandbox.apiUrl) + m.path;
  const response = await fetch(url, init);
  const text = await response.text();
  const where = `${m.label}: ${m.method} ${m.path.slice(0, 120)} -> ${response.status} ${text.slice(0, 300)}`;
  assert.ok(m.status.includes(response.status), `expected ${m.status.join('/')}; ${where}`);
  let description: string;
  if (m.oauth) {
    const body = JSON.parse(text) as { error: string; error_description: string };
    assert.match(body.error, /^[a-z_]+$/, where);
    description = body.error_description;
  } else if (m.jsonErrors) {
    const body = JSON.parse(text) as { errorId: string; description: string; status: number };
    assert.equal(body.status, response.status, where);
    assert.match(body.errorId, /^[0-9a-f-]{36}$/, where);
    description = body.description;
  } else {
    const match = /^(\d{3}) [A-Za-z ]+: (.+)$/s.exec(text);
    assert.ok(match && Number(match[1]) === response.status, `plain-text error; ${where}`);
    description = match[2];
  }
  assert.match(description, m.says, where);
  const now = await snapshot();
  assert.equal(now, baseline, `the archive changed; ${where}`);
}

/** Each group compares with the archive as it found it, so one failure does not cascade. */
async function run(arbitrary: fc.Arbitrary<Malformed>, numRuns: number): Promise<void> {
  baseline = await snapshot();
  await fc.assert(
    fc.asyncProperty(arbitrary, (m) => send(m)),
    { numRuns },
  );
}

// --- generators ------------------------------------------------------------------------------

const jsonHeaders = (bearer = env.token): Record<string, string> => ({ 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` });
const jsonErrors = fc.boolean();
/** A name no model type, field, code or registry entry has. */
const strangeName = fc.stringMatching(/^Zz[a-z]{1,8}$/);
const notAString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.constant({ a: 1 }));
const notAnObject = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.string({ maxLength: 5 }), fc.array(fc.integer(), { maxLength: 2 }));

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The endpoints that take a JSON body. */
const jsonEndpoints = () => endpoints.filter((e) => (e.method === 'POST' || e.method === 'PUT') && e.path !== '/upload');

const concretePath = (path: string, segment = 'zz-missing') => path.replace(/\{\w+\}/g, segment);

const validBodies = () => [
  JSON.stringify({ type: 'Saksmappe', query: 'tittel = @t', parameters: { '@t': 'x' }, limit: 5 }),
  JSON.stringify({ actions: [{ action: 'save', type: 'Saksmappe', id: env.structure.saksmappe, fields: { tittel: 'x' } }] }),
  JSON.stringify({ type: 'Arkivdel', id: env.structure.arkivdel }),
  JSON.stringify({ name: 'Navn', description: 'Beskrivelse' }),
];

const badJsonText: fc.Arbitrary<string> = fc
  .oneof(
    // A valid body cut short.
    fc.tuple(fc.constantFrom(0, 1, 2, 3), fc.double({ min: 0.01, max: 0.99, noNaN: true })).map(([i, at]) => {
      const text = validBodies()[i];
      return text.slice(0, Math.max(1, Math.floor(text.length * at)));
    }),
    // A valid body with one stray character.
    fc.tuple(fc.constantFrom(0, 1, 2, 3), fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom('{', '}', '[', ']', ',', ':', '"', "'", '\\', 'x', '@', '\u0001')).map(([i, at, c]) => {
      const text = validBodies()[i];
      const k = Math.floor(text.length * at);
      return text.slice(0, k) + c + text.slice(k);
    }),
    // What JavaScript takes and JSON does not.
    fc.constantFrom("{'type': 'Saksmappe'}", '{"type": "Saksmappe",}', '{"type": NaN}', '{type: "Saksmappe"}', '// note\n{"type":"Saksmappe"}', '{"a": undefined}', '\uFEFF{"type":"Saksmappe"}', '[1,]', '{"a":1}{"b":2}', '"unterminated'),
    // Noise.
    fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }),
    fc.uint8Array({ minLength: 1, maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  )
  .filter((text) => text.trim() !== '' && !isJson(text));

const badJson: fc.Arbitrary<Malformed> = fc
  .tuple(fc.nat(), badJsonText, jsonErrors)
  .map(([i, text, je]) => {
    const e = jsonEndpoints()[i % jsonEndpoints().length];
    return { label: 'bad JSON', method: e.method, path: concretePath(e.path), headers: jsonHeaders(), body: text, status: [400], says: /^The request body is not valid JSON: /, jsonErrors: je };
  });

/** JSON that is not an object, an empty body, a wrong content type, JSON nested too deep. */
const wrongShape: fc.Arbitrary<Malformed> = fc
  .tuple(
    fc.nat(),
    fc.oneof(
      notAnObject.map((v) => ({ body: JSON.stringify(v), contentType: 'application/json', status: [400], says: /the body: Invalid input: expected object|An action is an object|A transaction body is/ })),
      fc.constantFrom('', '   ', '\n').map((body) => ({ body, contentType: 'application/json', status: [400], says: /body is empty/ })),
      fc.constantFrom('text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/xml').map((contentType) => ({
        body: validBodies()[0],
        contentType,
        status: [415],
        says: /must be JSON/,
      })),
      fc.integer({ min: maxJsonDepth + 1, max: 4000 }).map((depth) => ({
        body: `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`,
        contentType: 'application/json',
        status: [400],
        says: /deeper than 64 levels/,
      })),
    ),
    jsonErrors,
  )
  .map(([i, v, je]) => {
    const e = jsonEndpoints()[i % jsonEndpoints().length];
    return { label: 'wrong shape', method: e.method, path: concretePath(e.path), headers: { ...jsonHeaders(), 'Content-Type': v.contentType }, body: v.body, status: v.status, says: v.says, jsonErrors: je };
  });

/** Bodies over the limit, declared with Content-Length or streamed without one. */
const hugeBody: fc.Arbitrary<Malformed> = fc
  .tuple(fc.nat(), fc.integer({ min: 1, max: 3 * maxBodyBytes }), fc.boolean(), jsonErrors)
  .map(([i, extra, streamed, je]) => {
    const all = [...jsonEndpoints(), { method: 'POST', path: '/upload' }, { method: 'POST', path: '/oauth2/token' }];
    const e = all[i % all.length];
    if (e.path === '/oauth2/token') {
      const size = maxBodyBytes + extra;
      return {
        label: 'huge token request',
        method: 'POST',
        path: '/oauth2/token',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: streamed ? { streamBytes: size } : { bytes: size, kind: 'form' as const },
        status: [400],
        says: /limit/,
        jsonErrors: je,
        oauth: true,
      };
    }
    const upload = e.path === '/upload';
    const size = (upload ? maxUploadBytes : maxBodyBytes) + extra;
    const headers = upload ? { Authorization: `Bearer ${env.token}`, 'Content-Disposition': 'attachment; filename="huge.bin"' } : jsonHeaders();
    const body = streamed ? { streamBytes: size } : { bytes: size, kind: upload ? ('binary' as const) : ('json' as const) };
    return { label: 'huge body', method: e.method, path: concretePath(e.path), headers, body, status: [413], says: /limit/, jsonErrors: je };
  });

// Query bodies with one thing wrong; `says` names the offending part.
const queryBase = () => ({ type: 'Saksmappe', query: 'tittel = @t', parameters: { '@t': 'x' } as Record<string, unknown>, limit: 5 });
const wrongQuery: fc.Arbitrary<{ body: unknown; says: RegExp }> = fc.oneof(
  notAString.map((v) => ({ body: { ...queryBase(), type: v }, says: /\$\.type/ })),
  fc.constant({ body: { ...queryBase(), type: '' }, says: /\$\.type/ }),
  strangeName.map((v) => ({ body: { ...queryBase(), type: v }, says: new RegExp(v) })),
  // A limit above 500 is no wrong value: it is taken as 500 (the vendor's own PHP asks for 1000; query.test.ts).
  fc
    .oneof(
      fc.double({ min: 0.1, max: 99.9, noInteger: true }),
      fc.integer({ max: -1 }),
      // A text that converts exactly to a whole number ("0", "12") is accepted as that number.
      fc.string({ maxLength: 3 }).filter((t) => { const c = coerceScalar(t, 'number'); return !(c.kind === 'coerced' && Number.isInteger(c.value) && Number(c.value) >= 0); }),
    )
    .map((v) => ({ body: { ...queryBase(), limit: v }, says: /limit/ })),
  fc.oneof(fc.integer({ max: -1 }), fc.constant(1e300), fc.constant('5.5'), fc.constant('five'), fc.double({ min: 0.1, max: 9.9, noInteger: true })).map((v) => ({ body: { ...queryBase(), offset: v }, says: /offset/ })),
  notAString.filter((v) => v !== null).map((v) => ({ body: { ...queryBase(), query: v }, says: /\$\.query/ })),
  fc
    .constantFrom('tittel =', '= @t', 'tittel = @t &&', '(tittel = @t', 'tittel == @t', 'tittel @t', '&& tittel = @t', 'tittel = @t)', 'tittel = {@t:}', 'tittel.. = @t', 'tittel = @')
    .map((q) => ({ body: { ...queryBase(), query: q }, says: /query was not run/ })),
  strangeName.map((f) => ({ body: { ...queryBase(), query: `${f} = @t` }, says: new RegExp(f) })),
  fc.stringMatching(/^[a-z]{3,8}$/).map((v) => ({ body: { ...queryBase(), query: `tittel = @${v}x`, parameters: {} }, says: new RegExp(`@${v}x`) })),
  fc.oneof(notAnObject.filter((v) => v !== null), fc.constant({ '@t': { nested: true } }), fc.constant({ '@t': [1, 2] })).map((v) => ({ body: { ...queryBase(), parameters: v }, says: /parameter/ })),
  fc
    .oneof(notAnObject.filter((v) => v !== null && !Array.isArray(v)), fc.constant([{ field: 'tittel' }]), fc.constant([{ field: 'tittel', order: 'up' }]), fc.constant([{ field: 'tittel', order: 'asc', x: 1 }]), fc.constant(['tittel']))
    .map((v) => ({ body: { ...queryBase(), sortOrder: v }, says: /sortOrder/ })),
  fc.constant({ body: { ...queryBase(), sortOrder: [{ field: 'refArkivdel', order: 'asc' }] }, says: /refArkivdel/ }),
  strangeName.map((v) => ({ body: { ...queryBase(), joins: { [v]: 'refArkivdel' } }, says: /#/ })),
  notAString.map((v) => ({ body: { ...queryBase(), joins: { '#a': v } }, says: /joins/ })),
  fc.stringMatching(/^[a-z]{2,8}$/).filter((k) => !['type', 'limit', 'offset', 'query', 'joins', 'parameters', 'sortorder', 'publicuse'].includes(k)).map((k) => ({ body: { ...queryBase(), [k]: 1 }, says: new RegExp(k) })),
  notAString.filter((v) => typeof v !== 'boolean').map((v) => ({ body: { ...queryBase(), publicUse: v }, says: /publicUse/ })),
  fc.constantFrom('a\u0000b', '\ud800', 'x\udc00y').map((v) => ({ body: { ...queryBase(), parameters: { '@t': v } }, says: /NUL|surrogate/ })),
);

const queryRequests: fc.Arbitrary<Malformed> = fc.tuple(wrongQuery, jsonErrors).map(([q, je]) => ({
  label: 'wrong query',
  method: 'POST',
  path: '/query',
  headers: jsonHeaders(),
  body: JSON.stringify(q.body),
  status: [400],
  says: q.says,
  jsonErrors: je,
}));

// Transactions: a valid new case file with one thing wrong, so a failure late in the
// transaction must also undo the case file saved before it.
const newCase = () => [
  { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: 'Malformed' } } as Record<string, unknown>,
  { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: env.structure.arkivdel } as Record<string, unknown>,
  { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[0] } as Record<string, unknown>,
];
const withFirst = (patch: Record<string, unknown>) => {
  const actions = newCase();
  actions[0] = { ...actions[0], ...patch };
  return { actions };
};
const appended = (action: Record<string, unknown>) => ({ actions: [...newCase(), action] });
const missingId = fc.integer({ min: 900_000_000, max: 999_999_999 }).map(String);

const wrongTransaction = (): fc.Arbitrary<{ body: unknown; says: RegExp; status?: readonly number[]; as?: 'ordinary' }> =>
  fc.oneof(
  fc.constant({ body: {}, says: /actions/ }),
  // An empty list is a valid (empty) transaction; anything else that is not a list of actions is not.
  notAnObject.filter((v) => !(Array.isArray(v) && v.length === 0)).map((v) => ({ body: { actions: v }, says: /actions/ })),
  fc.stringMatching(/^[a-z]{2,8}$/).filter((k) => k !== 'actions').map((k) => ({ body: { actions: newCase(), [k]: true }, says: new RegExp(k) })),
  notAnObject.map((v) => ({ body: { actions: [...newCase(), v] }, says: /actions\[3\]|actions/ })),
  fc.oneof(strangeName, notAString).map((v) => ({ body: withFirst({ action: v }), says: /action/ })),
  notAString.map((v) => ({ body: withFirst({ type: v }), says: /type/ })),
  strangeName.map((v) => ({ body: withFirst({ type: v }), says: new RegExp(v) })),
  fc.oneof(fc.boolean(), fc.constant(null), fc.constant({}), fc.constant([]), fc.integer({ max: -1 }), fc.constant(1.5), fc.constant(''), fc.constant(2 ** 60)).map((v) => ({ body: withFirst({ id: v }), says: /id/ })),
  notAnObject.filter((v) => v !== null).map((v) => ({ body: withFirst({ fields: v }), says: /fields/ })),
  fc.constantFrom('refArkivdel', 'refPrimaerKlasse', 'refRegistrering').map((r) => ({ body: withFirst({ fields: { tittel: 'x', [r]: env.structure.arkivdel } }), says: new RegExp(r) })),
  fc.oneof(fc.constant({ a: 1 }), fc.constant(['a']), fc.constant([1, 2])).map((v) => ({ body: withFirst({ fields: { tittel: v } }), says: /tittel/ })),
  fc.constantFrom('a\u0000b', '\ud800', 'x\udfff').map((v) => ({ body: withFirst({ fields: { tittel: v } }), says: /NUL|surrogate/ })),
  fc.integer({ min: maxJsonDepth + 1, max: 3000 }).map((d) => ({ body: `{"actions":[{"action":"save","type":"Saksmappe","id":"${env.structure.saksmappe}","fields":{"tittel":${'['.repeat(d)}${']'.repeat(d)}}}]}`, says: /deeper than/ })),
  missingId.map((id) => ({ body: appended({ action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refSekundaerKlasse', linkToId: id }), says: new RegExp(`actions\\[3\\].*${id}`), status: [404] })),
  strangeName.map((r) => ({ body: appended({ action: 'link', type: 'Saksmappe', id: 'sak', ref: r, linkToId: env.structure.klasser[1] }), says: new RegExp(r) })),
  fc.constant({ body: appended({ action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refSekundaerKlasse', linkToId: [] }), says: /linkToId/ }),
  fc.constant({ body: appended({ action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refSekundaerKlasse', linkToId: env.structure.arkivdel }), says: /refSekundaerKlasse|Klasse/ }),
  fc.integer({ min: 2, max: 999 }).map((v) => ({ body: appended({ action: 'save', type: 'Saksmappe', id: env.structure.saksmappe, version: String(v), fields: { tittel: 'stale' } }), says: /version/, status: [409] })),
  missingId.map((id) => ({ body: appended({ action: 'delete', type: 'Saksmappe', id }), says: new RegExp(id), status: [404] })),
  fc.constant({ body: appended({ action: 'delete', type: 'Arkivdel', id: env.structure.arkivdel }), says: /still has/ }),
  fc.constant({ body: { actions: [{ action: 'delete', type: 'Korrespondansepart', id: env.structure.saksmappe }] }, says: /permission/, status: [403], as: 'ordinary' as const }),
  fc.constant({ body: appended({ action: 'unlink', type: 'Saksmappe', id: env.structure.saksmappe, ref: 'refSekundaerKlasse', unlinkFromId: env.structure.klasser[2] }), says: /not linked/ }),
  fc.constant({ body: appended({ action: 'save', type: 'Dokumentversjon', id: 'v', fields: { referanseDokumentfil: 'abc' } }), says: /referanseDokumentfil|Dokumentversjon/ }),
  fc.constant({ body: { actions: [{ action: 'save', type: 'Saksmappe', id: 'lonely', fields: { tittel: 'x' } }] }, says: /actions\[0\]/ }),
);

const transactionRequests = (): fc.Arbitrary<Malformed> =>
  fc.tuple(wrongTransaction(), jsonErrors).map(([x, je]) => ({
  label: 'wrong transaction',
  method: 'POST',
  path: '/transaction',
  headers: jsonHeaders(x.as === 'ordinary' ? ordinaryToken : env.token),
  body: typeof x.body === 'string' ? x.body : JSON.stringify(x.body),
  status: x.status ?? [400],
  says: x.says,
  jsonErrors: je,
}));

const pct = (text: string) => encodeURIComponent(text).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const baseFileName = fc.stringMatching(/^[a-z]{1,10}\.(pdf|txt|docx)$/);
const controlChar = fc.constantFrom(...[...Array(32).keys()].map((c) => String.fromCharCode(c)), '\u007f', '\u0085', '\u009b');
const hostileName: fc.Arbitrary<{ disposition: string | undefined; says: RegExp }> = fc.oneof(
  fc.tuple(baseFileName, fc.constantFrom('../', '../../etc/', '/etc/', 'C:\\Windows\\', 'dir/', '..\\', '\\\\server\\share\\', './')).map(([n, prefix]) => ({
    disposition: `attachment; filename*=UTF-8''${pct(prefix + n)}`,
    says: /is a path/,
  })),
  fc.tuple(baseFileName, fc.constantFrom('../', '/tmp/', 'a/b/')).map(([n, prefix]) => ({ disposition: `attachment; filename="${prefix}${n}"`, says: /is a path/ })),
  fc.constantFrom('.', '..', '...', '. .').map((n) => ({ disposition: `attachment; filename*=UTF-8''${pct(n)}`, says: /nothing but dots/ })),
  fc.tuple(baseFileName, controlChar, fc.nat()).map(([n, c, at]) => {
    const k = at % (n.length + 1);
    return { disposition: `attachment; filename*=UTF-8''${pct(n.slice(0, k) + c + n.slice(k))}`, says: /control characters|empty|dots/ };
  }),
  fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.constantFrom('\u202e', '\u202d', '\u200b', '\u2066', '\ufeff', '\u200f')).map(([n, c]) => ({
    disposition: `attachment; filename*=UTF-8''${pct(`${n}${c}fdp.exe`)}`,
    says: /invisible or text-direction/,
  })),
  fc.integer({ min: 128, max: 600 }).map((k) => ({ disposition: `attachment; filename*=UTF-8''${pct('ø'.repeat(k))}.pdf`, says: /bytes in UTF-8/ })),
  fc.constantFrom("UTF-8''%ZZ.pdf", "UTF-8''%C3.pdf", "UTF-8''%FF%FE.pdf", "koi8-r''abc.pdf", 'abc.pdf', "UTF-8'abc.pdf").map((v) => ({ disposition: `attachment; filename*=${v}`, says: /RFC 5987/ })),
  fc.constantFrom(undefined, 'attachment', 'inline; name="x.pdf"', 'attachment; filename=""', 'attachment; filename="   "', 'attachment; filename*=UTF-8\'\'').map((d) => ({
    disposition: d,
    says: /file name|RFC 5987/,
  })),
);

const uploadRequests: fc.Arbitrary<Malformed> = fc.tuple(hostileName, fc.uint8Array({ maxLength: 64 }), jsonErrors).map(([h, bytes, je]) => ({
  label: 'hostile file name',
  method: 'POST',
  path: '/upload',
  headers: { Authorization: `Bearer ${env.token}`, 'Content-Type': 'application/octet-stream', ...(h.disposition === undefined ? {} : { 'Content-Disposition': h.disposition }) },
  body: Buffer.from(bytes),
  status: [400],
  says: h.says,
  jsonErrors: je,
}));

const downloadRequests = (): fc.Arbitrary<Malformed> =>
  fc
  .tuple(
    fc.oneof(
      fc.constantFrom('', 'id=', 'id=abc', 'id=-1', 'id=1.5', 'id=1e3', 'id=0x10', 'id=%2012', 'id=1234567890123456789', 'id=%00', 'id=%ZZ', 'ident=12').map((q) => ({ query: q, status: [400], says: /id=|\bid\b/ })),
      missingId.map((id) => ({ query: `id=${id}`, status: [404], says: new RegExp(`No file has id ${id}`) })),
      fc.constantFrom('x', '', 'ORIGINAL', 'LIGHTPDF').map((v) => ({ query: `id=${linkedFileId}&type=${v}`, status: [400], says: /original/ })),
      fc.constant({ query: `id=${unlinkedFileId}`, status: [403], says: /only the account that uploaded/, bearer: 'ordinary' }),
    ),
    jsonErrors,
  )
  .map(([d, je]) => ({
    label: 'bad download',
    method: 'GET',
    path: `/download?${d.query}`,
    headers: { Authorization: `Bearer ${'bearer' in d ? ordinaryToken : env.token}` },
    status: d.status,
    says: d.says,
    jsonErrors: je,
  }));

const tokenRequests: fc.Arbitrary<Malformed> = fc
  .tuple(
    fc.oneof(
      fc.constant({ contentType: 'application/json', body: '{"grant_type":"client_credentials"}', status: [400], says: /form-encoded/ }),
      fc.constant({ contentType: 'application/x-www-form-urlencoded', body: 'client_id=noarkq-demo&client_secret=noarkq-demo-secret', status: [400], says: /grant_type/ }),
      strangeName.map((g) => ({ contentType: 'application/x-www-form-urlencoded', body: `grant_type=${g}`, status: [400], says: new RegExp(g) })),
      fc.string({ minLength: 1, maxLength: 20 }).map((secret) => ({
        contentType: 'application/x-www-form-urlencoded',
        body: `grant_type=client_credentials&client_id=noarkq-demo&client_secret=${encodeURIComponent(`x${secret}`)}`,
        status: [401],
        says: /wrong secret/,
      })),
      fc.constant({ contentType: 'application/x-www-form-urlencoded', body: 'grant_type=password&username=demo&password=wrong', status: [400], says: /password/ }),
      fc.constant({ contentType: 'application/x-www-form-urlencoded', body: 'grant_type=refresh_token&refresh_token=bogus', status: [400], says: /refresh token/ }),
      fc.constant({ contentType: 'application/x-www-form-urlencoded', body: 'grant_type=client_credentials', status: [401], says: /client id/ }),
    ),
    jsonErrors,
  )
  .map(([x, je]) => ({ label: 'bad token request', method: 'POST', path: '/oauth2/token', headers: { 'Content-Type': x.contentType }, body: x.body, status: x.status, says: x.says, jsonErrors: je, oauth: true }));

/** Every discovered endpoint: no or a broken token, a wrong method, a broken path parameter. */
const perEndpoint: fc.Arbitrary<Malformed> = fc
  .tuple(
    fc.nat(),
    fc.oneof(
      fc.constantFrom(undefined, 'Bearer', 'Bearer not-a-token', 'Basic bm9hcmtxLWRlbW86bm9hcmtxLWRlbW8tc2VjcmV0', 'bearer  a b').map((authorization) => ({ kind: 'auth' as const, authorization })),
      fc.constantFrom('%ZZ', '%E0%A4%A', '%C0%AF').map((segment) => ({ kind: 'segment' as const, segment })),
      fc.constant({ kind: 'method' as const }),
    ),
    jsonErrors,
  )
  .map(([i, v, je]): Malformed => {
    const e = endpoints[i % endpoints.length];
    const body = e.method === 'POST' || e.method === 'PUT' ? validBodies()[0] : undefined;
    if (v.kind === 'auth') {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (v.authorization) headers.Authorization = v.authorization;
      return { label: 'no valid token', method: e.method, path: concretePath(e.path), headers, body, status: [401], says: /token/, jsonErrors: je };
    }
    if (v.kind === 'segment' && e.path.includes('{')) {
      return { label: 'broken path segment', method: e.method, path: concretePath(e.path, v.segment), headers: jsonHeaders(), body, status: [400], says: /percent-encoding/, jsonErrors: je };
    }
    const taken = new Set(endpoints.filter((x) => x.path === e.path).map((x) => x.method));
    const method = ['GET', 'POST', 'PUT', 'DELETE'].find((m) => !taken.has(m)) ?? 'PATCH';
    return { label: 'wrong method', method, path: concretePath(e.path), headers: jsonHeaders(), body: method === 'GET' ? undefined : validBodies()[0], status: [405], says: /does not take/, jsonErrors: je };
  });

// --- the runs (1,000 requests in all) ---------------------------------------------------------

test('bad JSON to every JSON endpoint (200 requests)', () => run(badJson, 200));
test('JSON of the wrong shape, wrong content types, nesting too deep (100 requests)', () => run(wrongShape, 100));
test('bodies over the size limit, declared or streamed (60 requests)', () => run(hugeBody, 60));
test('query bodies with wrong types and values (170 requests)', () => run(queryRequests, 170));
test('transactions with wrong types, ids, links and versions (200 requests)', () => run(transactionRequests(), 200));
test('uploads with hostile file names (120 requests)', () => run(uploadRequests, 120));
test('downloads with broken ids and types (50 requests)', () => run(downloadRequests(), 50));
test('token requests that are malformed or wrong (40 requests)', () => run(tokenRequests, 40));
test('every endpoint: missing or broken tokens, wrong methods, broken path segments (60 requests)', () => run(perEndpoint, 60));

test('ordinary file names are still taken, raw UTF-8 in `filename` included', async () => {
  const cases: [disposition: string, stored: string][] = [
    [`attachment; filename*=UTF-8''${pct('Søknad om løyve.pdf')}`, 'Søknad om løyve.pdf'],
    [`attachment; filename="${Buffer.from('Møte 10.30 referat.docx', 'utf8').toString('latin1')}"`, 'Møte 10.30 referat.docx'],
    ['attachment; filename="rapport.v2.final.pdf"', 'rapport.v2.final.pdf'],
    ['attachment; filename="..notes.txt"', '..notes.txt'],
    [`attachment; filename="${'a'.repeat(251)}.pdf"`, `${'a'.repeat(251)}.pdf`],
    ["attachment; filename*=iso-8859-1''%E6%F8%E5.txt", 'æøå.txt'],
  ];
  for (const [disposition, stored] of cases) {
    const id = await upload(Buffer.from('content'), disposition);
    const down = await fetch(`${env.sandbox.sandbox.apiUrl}/download?id=${id}`, { headers: { Authorization: `Bearer ${env.token}` } });
    assert.equal(down.status, 200);
    await down.arrayBuffer();
    const header = down.headers.get('content-disposition') ?? '';
    assert.equal(decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(header)?.[1] ?? ''), stored, disposition);
  }
});

test('the sandbox still answers normally afterwards', async () => {
  const r = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'id = @id', parameters: { '@id': env.structure.saksmappe } });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.results.length, 1);
});
