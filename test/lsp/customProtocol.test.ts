/** The `noarkq/...` messages: live context, block responses, the body a QUERY block sends, and the tested blocks of a file. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ResponseError } from 'vscode-languageserver-protocol';
import type { QueryRequestBodyResult, TestBlocksResult } from '../../protocol/customMessages';
import { LspTestClient, parseMarkers, positionAt } from './lspTestClient';

const uri = 'file:///protocol.noarkq';
const { text, cursor } = parseMarkers(`@year = 2024
@seq = 17

### findCase
QUERY Saksmappe
WHERE saksaar = @year && sakssekvensnummer = @seq
JOIN #k = refPrimaerKlasse
SORT opprettetDato DESC
LIMIT 1

### entries
@case = {{findCase.results[0].id}}
QUERY Journalpost
WHERE refMappe = @ca|se && journalaar = @jaar

### register
TRANSACTION
{ "actions": [] }

### broken
QUERY Saksmappe
WHERE titel = @year
`);

describe('noarkq/queryRequestBody', { timeout: 30_000 }, () => {
  let client: LspTestClient;
  const body = (params: Record<string, unknown>): Promise<QueryRequestBodyResult> => client.request('noarkq/queryRequestBody', { uri, ...params });
  before(async () => {
    client = await LspTestClient.start({ pullDiagnostics: true });
    await client.open(uri, text);
  });
  after(() => client.dispose());

  test('a named QUERY block: the exact POST query body, parameters resolved from file variables', async () => {
    assert.deepEqual(await body({ blockName: 'findCase' }), {
      ok: true,
      blockName: 'findCase',
      body: {
        type: 'Saksmappe',
        query: 'saksaar = @year && sakssekvensnummer = @seq',
        joins: { '#k': 'refPrimaerKlasse' },
        parameters: { '@year': 2024, '@seq': 17 },
        sortOrder: [{ field: 'opprettetDato', order: 'desc' }],
        limit: 1,
      },
    });
  });

  test('a parameter defined by a reference needs the referenced block to have run', async () => {
    const result = await body({ position: positionAt(text, cursor!) });
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.error, /findCase.*has not run in this session: run it first/);
  });

  test('with the response recorded (noarkq/setResponses) the reference resolves; what nothing defines is asked for', async () => {
    await client.connection.sendNotification('noarkq/setResponses', {
      uri,
      responses: { findCase: { status: 200, body: { results: [{ type: 'Saksmappe', id: '7300012', version: '2', fields: {} }] }, receivedAt: 1_700_000_000_000 } },
    });
    const missing = await body({ position: positionAt(text, cursor!) });
    assert.deepEqual(missing, {
      ok: false,
      error: 'No value for @jaar: declare it with `@name = value`, add it to the environment, or enter a value.',
      missingParameters: ['jaar'],
    });
    const answered = await body({ position: positionAt(text, cursor!), values: { jaar: 2023 } });
    assert.deepEqual(answered, {
      ok: true,
      blockName: 'entries',
      body: { type: 'Journalpost', query: 'refMappe = @case && journalaar = @jaar', parameters: { '@case': '7300012', '@jaar': 2023 } },
    });
  });

  test('the environment (noarkq/setContext) comes before values the user typed', async () => {
    await client.connection.sendNotification('noarkq/setContext', { environment: { jaar: 2020 } });
    const result = await body({ blockName: 'entries', values: { jaar: 2023 } });
    assert.ok(result.ok);
    assert.deepEqual(result.body.parameters, { '@case': '7300012', '@jaar': 2020 });
    await client.connection.sendNotification('noarkq/setContext', { environment: null });
  });

  test('a failed run of the referenced block is reported as such', async () => {
    await client.connection.sendNotification('noarkq/setResponses', { uri, responses: { findCase: { status: 500, body: { error: 'x' }, receivedAt: 1 } } });
    const result = await body({ blockName: 'entries', values: { jaar: 1 } });
    assert.deepEqual(result, { ok: false, error: '{{findCase.results[0].id}}: the last run of block `findCase` failed (status 500); run it again.' });
    await client.connection.sendNotification('noarkq/setResponses', { uri, responses: { findCase: null } });
    const forgotten = await body({ blockName: 'entries', values: { jaar: 1 } });
    assert.equal(forgotten.ok, false);
    if (!forgotten.ok) assert.match(forgotten.error, /has not run/);
  });

  test('a block that is not a QUERY, a block with errors, an unknown block', async () => {
    assert.deepEqual(await body({ blockName: 'register' }), { ok: false, error: 'Block `register` holds a TRANSACTION request, not a QUERY.' });
    const broken = await body({ blockName: 'broken' });
    assert.equal(broken.ok, false);
    if (!broken.ok) assert.match(broken.error, /^Block `broken` has errors; fix them before running it\. Line 22: .*`titel`/);
    assert.deepEqual(await body({ blockName: 'nope' }), { ok: false, error: 'No block is named `nope` in this file.' });
    assert.deepEqual(await body({ uri: 'file:///closed.noarkq', blockName: 'x' }), { ok: false, error: 'file:///closed.noarkq is not open in the editor.' });
  });

  test('params that fail validation are answered InvalidParams', async () => {
    const error = await body({ blockName: 42 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof ResponseError);
    assert.equal(error.code, -32602);
    assert.match(error.message, /blockName/);
    const neither = await client.request('noarkq/queryRequestBody', { uri }).catch((e: unknown) => e);
    assert.ok(neither instanceof ResponseError);
    assert.match(neither.message, /give blockName or position/);
  });

  test('an invalid notification is logged and ignored', async () => {
    await client.connection.sendNotification('noarkq/setResponses', { uri, responses: { findCase: { status: 'ok' } } });
    const logged = await client.logLine((l) => l.message.startsWith('noarkq: ignoring noarkq/setResponses with invalid params'));
    assert.equal(logged.type, 1);
    const result = await body({ blockName: 'findCase' });
    assert.equal(result.ok, true);
  });
});

describe('noarkq/testBlocks', { timeout: 30_000 }, () => {
  let client: LspTestClient;
  const tested = `### findCase
QUERY Saksmappe
LIMIT 1
EXPECT status = 200
EXPECT results.length = 1

### step
GET code-lists
`;
  before(async () => {
    client = await LspTestClient.start({ pullDiagnostics: true });
    await client.open(uri, tested);
  });
  after(() => client.dispose());

  test("an open document: the blocks with EXPECT lines, from the server's copy", async () => {
    const result: TestBlocksResult = await client.request('noarkq/testBlocks', { uri });
    assert.deepEqual(result, { blocks: [{ index: 0, name: 'findCase', named: true, headerLine: 0, requestLine: 1, endLine: 4, expectationLines: [3, 4], writes: false }] });
  });

  test('a file not open in the editor is sent with its text', async () => {
    const result: TestBlocksResult = await client.request('noarkq/testBlocks', { uri: 'file:///closed.noarkq', text: '### register\nTRANSACTION\n{ "actions": [] }\nEXPECT status = 200\n' });
    assert.deepEqual(result.blocks.map((b) => [b.name, b.headerLine, b.endLine, b.writes]), [['register', 0, 3, true]]);
  });

  test('a closed file without its text, or invalid params, are answered InvalidParams', async () => {
    for (const params of [{ uri: 'file:///closed.noarkq' }, { uri, text: 42 }]) {
      const error = await client.request('noarkq/testBlocks', params).catch((e: unknown) => e);
      assert.ok(error instanceof ResponseError, JSON.stringify(params));
      assert.equal(error.code, -32602);
      assert.match(error.message, /^noarkq\/testBlocks: /);
    }
  });
});
