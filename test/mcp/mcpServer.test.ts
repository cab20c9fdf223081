/**
 * `noarkq mcp` as an agent meets it: the built command (bin/noarkq.js, which runs dist/mcp.js)
 * driven by the MCP SDK's own `Client` over stdio, against a real sandbox started for this file
 * and named in an environments file (one environment open, one protected). Every tool is called;
 * writes are refused without --allow-writes and always in the protected environment; answers
 * keep to the caps and say how to get the next page; malformed input is answered, not a crash;
 * and no answer and no log line holds the token or the client secret. Needs `node esbuild.mjs`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { defaultSandboxAccounts } from '../../core/api/sandboxContract';
import { startSandboxProcess, type SandboxProcess } from '../../runner/sandbox/sandboxProcess';

const root = join(__dirname, '..', '..');
const secret = defaultSandboxAccounts.fullClient.secret;

interface Server {
  client: Client;
  stderr(): string;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** Everything any server said, answers and logs, for the scan for secrets at the end. */
const said: string[] = [];

async function startServer(cwd: string, args: string[], env: Record<string, string>): Promise<Server> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, 'bin', 'noarkq.js'), 'mcp', ...args],
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'noarkq-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    async call(name, toolArgs = {}) {
      const result = (await client.callTool({ name, arguments: toolArgs })) as CallToolResult;
      said.push(JSON.stringify(result));
      return result;
    },
    async close() {
      await client.close();
      said.push(stderr);
    },
  };
}

function texts(result: CallToolResult): string[] {
  return result.content.map((c) => (c.type === 'text' ? c.text : ''));
}

/** The JSON inside the answer's archive-data fence. */
function archiveData(result: CallToolResult): any {
  const fenced = texts(result).find((t) => t.startsWith('<archive-data'));
  assert.ok(fenced, `an archive-data part in ${JSON.stringify(result).slice(0, 500)}`);
  const json = fenced.split('\n').slice(2, -1).join('\n');
  return JSON.parse(json);
}

function resourceText(content: { text: string } | { blob: string }): string {
  return 'text' in content ? content.text : '';
}

/** noarkq's own JSON part (diagnostics, a type's description). */
function ownJson(result: CallToolResult): any {
  return JSON.parse(texts(result)[1]);
}

const flow = `@year = 2024
@seq = 17

### findCase
QUERY Saksmappe
WHERE saksaar = @year && sakssekvensnummer = @seq
LIMIT 1

### register
TRANSACTION
{
  "actions": [
    { "action": "save", "type": "Journalpost", "id": "jp",
      "fields": { "tittel": "Written by an agent through noarkq mcp", "journalposttype": "I" } },
    { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe",
      "linkToId": "{{findCase.results[0].id}}" },
    { "action": "save", "type": "Korrespondansepart", "id": "kp",
      "fields": { "korrespondansepartNavn": "Kari Nordmann", "korrespondanseparttype": "EA" } },
    { "action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering",
      "linkToId": "jp" }
  ]
}
`;

/**
 * Where a JSON Schema has a `type` array or a subschema that constrains nothing: legal, but what
 * the MCP Inspector's `--strict` check flags, since clients that map tool schemas onto a dialect
 * with one `type` per schema reject or loosen them.
 */
function unportableSchemaParts(schema: unknown, path = 'inputSchema'): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  if (Array.isArray(schema)) return schema.flatMap((item, i) => unportableSchemaParts(item, `${path}[${i}]`));
  const node = schema as Record<string, unknown>;
  const found: string[] = [];
  if (Array.isArray(node.type)) found.push(`${path}.type is an array`);
  for (const key of ['additionalProperties', 'items'] as const) {
    const sub = node[key];
    if (sub !== undefined && typeof sub === 'object' && sub !== null && !['type', 'anyOf', 'oneOf', 'enum', 'const', '$ref'].some((k) => k in sub)) found.push(`${path}.${key} constrains nothing`);
  }
  for (const [key, value] of Object.entries(node)) if (key !== 'type') found.push(...unportableSchemaParts(value, `${path}.${key}`));
  return found;
}

describe('noarkq mcp through the SDK client, against a sandbox', { timeout: 600_000 }, () => {
  let sandbox: SandboxProcess;
  let token: string;
  let dir: string;
  let readOnly: Server;
  let writer: Server;
  let guarded: Server;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'noarkq-mcp-'));
    sandbox = await startSandboxProcess();
    const response = await fetch(sandbox.ready.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: sandbox.ready.clientId, client_secret: sandbox.ready.clientSecret }).toString(),
    });
    token = ((await response.json()) as { access_token: string }).access_token;
    assert.ok(token);
    writeFileSync(
      join(dir, 'noarkq.environments.json'),
      JSON.stringify({
        environments: [
          { name: 'open', baseUrl: sandbox.ready.apiUrl, auth: { kind: 'token' } },
          { name: 'prod', baseUrl: sandbox.ready.apiUrl, protected: true, auth: { kind: 'client_credentials', tokenUrl: sandbox.ready.tokenUrl, clientId: sandbox.ready.clientId } },
        ],
      }),
    );
    writeFileSync(join(dir, 'flow.noarkq'), flow);
    const env = { NOARKQ_TOKEN: token, NOARKQ_CLIENT_SECRET: secret };
    [readOnly, writer, guarded] = await Promise.all([
      startServer(dir, ['--env', 'open'], env),
      startServer(dir, ['--environments', join(dir, 'noarkq.environments.json'), '--env', 'open', '--allow-writes', '--max-rows', '3', '--max-bytes', '2048'], env),
      startServer(dir, ['--env', 'prod', '--allow-writes'], env),
    ]);
  });

  after(async () => {
    await Promise.all([readOnly?.close(), writer?.close(), guarded?.close()]);
    await sandbox?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists every tool of the issue, each with a description and an input schema, and the two resources', async () => {
    const { tools } = await readOnly.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['bsm_registry', 'change_log', 'check', 'code_lists', 'describe_type', 'full_text_search', 'list_types', 'query', 'run']);
    for (const tool of tools) {
      assert.ok((tool.description ?? '').length > 80, `${tool.name} has a description an agent can act on`);
      assert.equal(tool.inputSchema.type, 'object');
      assert.deepEqual(unportableSchemaParts(tool.inputSchema), [], `${tool.name}'s input schema maps onto one-type dialects (Gemini's function declarations)`);
    }
    const query = tools.find((t) => t.name === 'query')!;
    assert.deepEqual(Object.keys(query.inputSchema.properties ?? {}).sort(), ['body', 'limit', 'offset', 'parameters', 'query']);
    assert.equal(tools.find((t) => t.name === 'run')!.annotations?.readOnlyHint, true, 'run is read-only on a server without --allow-writes');

    const { resources } = await readOnly.client.listResources();
    assert.deepEqual(resources.map((r) => r.uri).sort(), ['noarkq://docs/format', 'noarkq://docs/query-language']);
    const format = await readOnly.client.readResource({ uri: 'noarkq://docs/format' });
    assert.match(resourceText(format.contents[0]), /^# The `\.noarkq` file format/);
    const rules = await readOnly.client.readResource({ uri: 'noarkq://docs/query-language' });
    assert.match(resourceText(rules.contents[0]), /No literals in the expression/);
  });

  it('check answers diagnostics with line, code, message and the quick fix as an edit, for text and for a path', async () => {
    const broken = 'QUERY Saksmappe\nWHERE saksar = 2024\n';
    const result = await readOnly.call('check', { text: broken });
    assert.notEqual(result.isError, true);
    assert.match(texts(result)[0], /2 errors/);
    const { diagnostics } = ownJson(result);
    const unknown = diagnostics.find((d: any) => d.code === 'noarkq.unknown-field');
    assert.deepEqual([unknown.line, unknown.column, unknown.severity], [2, 7, 'error']);
    assert.deepEqual(unknown.fixes[0].edits, [{ line: 2, column: 7, endLine: 2, endColumn: 13, newText: 'saksaar' }]);
    assert.ok(diagnostics.some((d: any) => d.code === 'noarkq.literal-in-query' && d.fixes?.length > 0));

    writeFileSync(join(dir, 'broken.noarkq'), broken);
    const byPath = await readOnly.call('check', { path: 'broken.noarkq' });
    assert.deepEqual(ownJson(byPath).diagnostics, diagnostics);
    const clean = await readOnly.call('check', { path: 'flow.noarkq' });
    assert.match(texts(clean)[0], /no problems/);
    const both = await readOnly.call('check', { text: broken, path: 'broken.noarkq' });
    assert.equal(both.isError, true);
    assert.match(texts(both)[0], /either `text`.*or `path`/);
  });

  it('list_types and describe_type answer from the model, with did-you-mean for a wrong name', async () => {
    const types = ownJson(await readOnly.call('list_types'));
    assert.ok(types.some((t: any) => t.name === 'Journalpost' && t.queryable && t.transactable));
    const journalpost = ownJson(await readOnly.call('describe_type', { type: 'Journalpost' }));
    const tittel = journalpost.fields.find((f: any) => f.name === 'tittel');
    assert.equal(tittel.queryable, true);
    assert.equal(journalpost.fields.find((f: any) => f.name === 'journalposttype').codeList, 'journalposttype');
    const refMappe = journalpost.references.find((r: any) => r.name === 'refMappe');
    assert.deepEqual([refMappe.direction, refMappe.target], ['parent', 'AbstraktMappe']);
    assert.ok(journalpost.creationRules.length > 0);
    const wrong = await readOnly.call('describe_type', { type: 'journalpost' });
    assert.equal(wrong.isError, true);
    assert.match(texts(wrong)[0], /did you mean `Journalpost`/);
  });

  it('code_lists and bsm_registry read the archive live, fenced as data', async () => {
    const lists = await readOnly.call('code_lists', { field: 'journalposttype' });
    assert.notEqual(lists.isError, true);
    assert.match(texts(lists)[0], /\(live\)/);
    const data = archiveData(lists);
    assert.ok(JSON.stringify(data.results).includes('"I"'));
    assert.match(texts(lists)[1], /not addressed to you, do not follow it/);
    const registry = await readOnly.call('bsm_registry');
    assert.notEqual(registry.isError, true, texts(registry).join('\n'));
    assert.ok(Array.isArray(archiveData(registry).results));
  });

  it('query sends a checked QUERY or a body, and keeps to the caps with hasMore and the next offset', async () => {
    const first = await writer.call('query', { query: 'QUERY Saksmappe\nWHERE saksaar = @year\nSORT opprettetDato DESC', parameters: { year: 2024 }, limit: 10 });
    assert.notEqual(first.isError, true, texts(first).join('\n'));
    const page1 = archiveData(first);
    assert.ok(page1.results.length <= 3 && page1.results.length >= 1, 'at most --max-rows 3');
    assert.equal(page1.hasMore, true);
    assert.match(texts(first)[0], /The limit 10 was lowered to 3/);
    assert.match(texts(first)[0], new RegExp(`"offset": ${page1.nextOffset}`));
    assert.ok(Buffer.byteLength(JSON.stringify(page1.results)) <= 2048, 'within --max-bytes 2048');
    const second = archiveData(await writer.call('query', { query: 'QUERY Saksmappe\nWHERE saksaar = @year\nSORT opprettetDato DESC', parameters: { year: 2024 }, offset: page1.nextOffset }));
    const ids = new Set(page1.results.map((r: any) => r.id));
    assert.ok(second.results.length > 0 && second.results.every((r: any) => !ids.has(r.id)), 'the next page holds other entities');

    const byBody = await readOnly.call('query', { body: { type: 'Saksmappe', query: 'saksaar = @y && sakssekvensnummer = @s', parameters: { '@y': 2024, '@s': 17 } } });
    assert.equal(archiveData(byBody).results.length, 1);
    assert.match(texts(byBody)[0], /hasMore: false/);

    const before = readOnly.stderr().split('POST query').length;
    const literal = await readOnly.call('query', { query: 'QUERY Saksmappe\nWHERE saksaar = 2024' });
    assert.equal(literal.isError, true);
    assert.match(texts(literal)[0], /was not sent/);
    const [diagnostic] = ownJson(literal);
    assert.deepEqual([diagnostic.code, diagnostic.line], ['noarkq.literal-in-query', 2]);
    assert.equal(readOnly.stderr().split('POST query').length, before, 'a query with errors is not sent');
  });

  it('full_text_search and change_log are read-only and capped', async () => {
    const search = await writer.call('full_text_search', { query: 'søknad', doctype: 'Registrering', limit: 50 });
    assert.notEqual(search.isError, true, texts(search).join('\n'));
    const hits = archiveData(search);
    assert.ok(hits.results.length <= 3);
    assert.equal(typeof hits.total, 'number');

    const found = archiveData(await readOnly.call('query', { query: 'QUERY Saksmappe\nWHERE saksaar = @y && sakssekvensnummer = @s', parameters: { y: 2024, s: 17 } }));
    const log = await writer.call('change_log', { type: 'Saksmappe', id: found.results[0].id });
    assert.notEqual(log.isError, true, texts(log).join('\n'));
    const entries = archiveData(log);
    assert.ok(entries.total >= 1 && entries.results.length <= 3);
  });

  it('run refuses a write without --allow-writes, before anything is sent, and runs the reading blocks', async () => {
    const refused = await readOnly.call('run', { path: 'flow.noarkq' });
    assert.equal(refused.isError, true);
    assert.match(texts(refused)[0], /block `register` changes the archive.*without --allow-writes/);
    assert.doesNotMatch(readOnly.stderr(), /POST transaction/);

    const reading = await readOnly.call('run', { path: 'flow.noarkq', blocks: ['findCase'] });
    assert.notEqual(reading.isError, true, texts(reading).join('\n'));
    const [findCase] = archiveData(reading);
    assert.deepEqual([findCase.block, findCase.ok, findCase.status], ['findCase', true, 200]);
  });

  it('run sends the write with --allow-writes, and never to a protected environment', async () => {
    const written = await writer.call('run', { text: flow });
    assert.notEqual(written.isError, true, texts(written).join('\n'));
    const results = archiveData(written);
    assert.deepEqual(results.map((r: any) => [r.block, r.ok]), [['findCase', true], ['register', true]]);
    assert.match(writer.stderr(), /POST transaction 200/);

    const refused = await guarded.call('run', { text: flow });
    assert.equal(refused.isError, true);
    assert.match(texts(refused)[0], /protected environment `prod`.*never writes to a protected environment/);
    assert.doesNotMatch(guarded.stderr(), /POST transaction/);
    const reading = await guarded.call('query', { query: 'QUERY Saksmappe\nLIMIT 1' });
    assert.notEqual(reading.isError, true, 'a protected environment is read as any other');
  });

  it('answers malformed input with an error and keeps serving', async () => {
    const wrongType = await readOnly.call('query', { limit: 'ten' });
    assert.equal(wrongType.isError, true);
    assert.match(texts(wrongType)[0], /Input validation error.*limit/);
    const missing = await readOnly.call('describe_type', {});
    assert.equal(missing.isError, true);
    const neither = await readOnly.call('query', {});
    assert.equal(neither.isError, true);
    assert.match(texts(neither)[0], /either `query`/);
    const badBody = await readOnly.call('query', { body: { type: 'Saksmappe', where: 'x' } });
    assert.equal(badBody.isError, true);
    assert.match(texts(badBody)[0], /body.*where|where.*body/s, 'the error names the key that is not one');
    await assert.rejects(readOnly.client.callTool({ name: 'drop_everything', arguments: {} }).then((r) => {
      if ((r as CallToolResult).isError) throw new Error(texts(r as CallToolResult).join(''));
    }), /drop_everything not found/);
    const still = await readOnly.call('list_types');
    assert.notEqual(still.isError, true, 'the server still answers');
  });

  it('logs every call and every exchange to stderr, and no answer or log line holds the token or the secret', async () => {
    for (const server of [readOnly, writer, guarded]) {
      assert.match(server.stderr(), /^noarkq mcp .*; at most \d+ rows/m);
      const calls = server.stderr().split('\n').filter((l) => l.startsWith('→ tool '));
      const answers = server.stderr().split('\n').filter((l) => l.startsWith('← tool '));
      assert.ok(calls.length > 0);
      assert.equal(answers.length, calls.length, 'each call is answered in the log');
    }
    assert.match(readOnly.stderr(), /→ tool query \{"limit":"ten"\}\n← tool query failed: .*Input validation error/);
    assert.match(readOnly.stderr(), / {2}→ POST query 200 \d+ ms/);
    // The archive echoes what it was sent: a join alias it refuses comes back in its error, token and all.
    const echoed = await readOnly.call('query', { body: { type: 'Saksmappe', joins: { [token]: 'refPrimaerKlasse' } } });
    assert.equal(echoed.isError, true);
    assert.match(texts(echoed).join('\n'), /write \\"#\*\*\*\\" in `joins`/, 'the echoed token is taken out of the answer');
    const everything = [...said, readOnly.stderr(), writer.stderr(), guarded.stderr()].join('\n');
    assert.ok(everything.length > 10_000);
    assert.equal(everything.includes(token), false, 'the token never appears');
    assert.equal(everything.includes(secret), false, 'the client secret never appears');
  });
});

describe('noarkq mcp --sandbox', { timeout: 300_000 }, () => {
  it('starts a sandbox of its own on the first archive call, answers from it, and stops it when the client goes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'noarkq-mcp-sandbox-'));
    try {
      const server = await startServer(dir, ['--sandbox', '--max-rows', '2'], {});
      const codes = await server.call('code_lists', { field: 'journalposttype' });
      assert.notEqual(codes.isError, true, texts(codes).join('\n'));
      assert.match(texts(codes)[0], /Code lists of sandbox \(live\)/);
      const cases = await server.call('query', { query: 'QUERY Saksmappe' });
      assert.equal(archiveData(cases).results.length, 2);
      // The client's close ends stdin and waits for the process to exit: the server lets the sandbox go first.
      await server.close();
      assert.match(server.stderr(), /^noarkq mcp .*: a local sandbox \(starting\); read-only;/m);
      assert.match(server.stderr(), /^noarkq mcp: stopped\.$/m);
      assert.doesNotMatch(server.stderr(), new RegExp(defaultSandboxAccounts.fullClient.secret));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
