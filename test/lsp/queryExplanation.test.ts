/** "Explain this query" over the real server: hover on QUERY/WHERE, the code actions, the
 * `noarkq/explainQuery` request, and the language by `locale` and `noarkq.explain.language`. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { ResponseError } from 'vscode-languageserver-protocol';
import type { ExplainQueryResult } from '../../protocol/customMessages';
import { applyEdits, LspTestClient, parseMarkers, positionAt } from './lspTestClient';

const uri = 'file:///explain.noarkq';
const { text, cursor } = parseMarkers(`@e = "4551"
@sys = "Ekstern"

### byExternalId
QUERY Saksmappe
WH|ERE refEksternId.eksternID = @e && refEksternId.eksterntSystem = @sys
LIMIT 10

### register
TRANSACTION
{ "actions": [] }
`);
const at = positionAt(text, cursor!);
const transactionLine = { line: text.split('\n').indexOf('TRANSACTION'), character: 2 };

async function hover(client: LspTestClient): Promise<string> {
  const result: Hover | null = await client.request('textDocument/hover', { textDocument: { uri }, position: at });
  assert.ok(result, 'no hover on WHERE');
  return (result.contents as MarkupContent).value;
}

function codeActions(client: LspTestClient, position = at): Promise<CodeAction[]> {
  return client.request('textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } });
}

describe('explain a query: VS Code in Norwegian (locale nb-NO, the extension\'s command)', { timeout: 60_000 }, () => {
  let client: LspTestClient;
  before(async () => {
    client = await LspTestClient.start({ pullDiagnostics: true, settings: {}, locale: 'nb-NO', initializationOptions: { explainCommand: 'noarkq.explainQuery' } });
    await client.configured;
    await client.open(uri, text);
  });
  after(() => client.dispose());

  test('hover on WHERE explains the query in bokmål, the one-path rule included', async () => {
    const markdown = await hover(client);
    assert.ok(markdown.startsWith('Finner saksmapper (`Saksmappe`) med 2 vilkår, høyst 10 per svar.'), markdown);
    assert.ok(markdown.includes('begge vilkårene må gjelde samme ekstern ID (`EksternId`)'), markdown);
  });

  test('the code actions: "Explain this query" runs the command, and the # comments are an edit', async () => {
    const actions = (await codeActions(client)).filter((a) => a.kind === undefined);
    assert.deepEqual(actions.map((a) => a.title), ['Forklar denne spørringen', 'Forklar denne spørringen i #-kommentarer over den']);
    assert.deepEqual(actions[0].command, { title: 'Forklar denne spørringen', command: 'noarkq.explainQuery', arguments: [uri, { line: 4, character: 0 }] });
    const edits = actions[1].edit?.changes?.[uri];
    assert.ok(edits);
    const after = applyEdits(text, edits);
    assert.ok(after.includes('### byExternalId\n# Finner saksmapper (Saksmappe) med 2 vilkår, høyst 10 per svar.\n'), after);
    assert.deepEqual((await codeActions(client, transactionLine)).filter((a) => a.kind === undefined), [], 'a TRANSACTION block is no query');
  });

  test('noarkq/explainQuery gives the Markdown document the command shows', async () => {
    const result: ExplainQueryResult = await client.request('noarkq/explainQuery', { uri, position: at });
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.title, 'Spørringen byExternalId forklart');
    assert.ok(result.markdown.startsWith('# Spørringen byExternalId forklart\n\n```noarkq\nQUERY Saksmappe\n'), result.markdown);
    const other: ExplainQueryResult = await client.request('noarkq/explainQuery', { uri, position: transactionLine });
    assert.deepEqual(other, { ok: false, error: '`register` har ingen QUERY: sett markøren i en blokk med en QUERY.' });
    const closed: ExplainQueryResult = await client.request('noarkq/explainQuery', { uri: 'file:///closed.noarkq', position: at });
    assert.deepEqual(closed, { ok: false, error: 'file:///closed.noarkq is not open in the editor.' });
  });

  test('invalid params are refused with InvalidParams, naming the problem', async () => {
    const error = await client.request('noarkq/explainQuery', { uri }).catch((e: unknown) => e);
    assert.ok(error instanceof ResponseError, String(error));
    assert.match(error.message, /^noarkq\/explainQuery: position: /);
  });

  test('noarkq.explain.language wins over the display language, and a change is read', async () => {
    // The server asks for the settings anew and, as they changed, asks the client to pull again:
    // by then it has applied them.
    const refreshed = new Promise<void>((resolve) => client.connection.onRequest('workspace/diagnostic/refresh', () => (resolve(), null)));
    client.settings.explain = { language: 'en' };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await refreshed;
    const markdown = await hover(client);
    assert.ok(markdown.startsWith('Finds case files (`Saksmappe`) with 2 conditions, at most 10 per answer.'), markdown);
  });
});

describe('explain a query: another editor (English locale, no command)', { timeout: 60_000 }, () => {
  let client: LspTestClient;
  before(async () => {
    client = await LspTestClient.start({ pullDiagnostics: true, locale: 'en-GB' });
    await client.open(uri, text);
  });
  after(() => client.dispose());

  test('hover in English, and only the # comments action', async () => {
    assert.ok((await hover(client)).startsWith('Finds case files'));
    const actions = (await codeActions(client)).filter((a) => a.kind === undefined);
    assert.deepEqual(actions.map((a) => [a.title, a.command]), [['Explain this query in # comments above it', undefined]]);
  });
});
