/**
 * The language-model tools of agent mode in a real VS Code, each invoked as an agent would with
 * `vscode.lm.invokeTool`, against the sandbox as the active environment: `noarkq_check` answers
 * diagnostics with their fixes, `noarkq_describe_type` the model, `noarkq_code_lists` the live
 * lists fenced as archive data, `noarkq_query` capped rows (and nothing sent for a query with
 * errors); in a protected environment the query waits for the modal's answer.
 */
import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as vscode from 'vscode';
import type { McpServerLaunch } from '../../../client/agent/mcpServerProvider';
import type { NoarkqExtensionApi } from '../../../client/extension';
import type { WriteConfirmation } from '../../../client/run/runPrompts';
import { extensionId, waitFor } from './suiteHelpers';

const toolNames = ['noarkq_check', 'noarkq_describe_type', 'noarkq_code_lists', 'noarkq_query'];

/** The tool's answer as the model would read it. */
async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('\n');
}

/** Starts `noarkq mcp` as agent mode would from `launch`, asks it one query, and stops it. */
async function queryThroughMcp(launch: McpServerLaunch): Promise<string> {
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    env: { ...(process.env as Record<string, string>), ...launch.env },
    ...(launch.cwd ? { cwd: launch.cwd.fsPath } : {}),
    stderr: 'ignore',
  });
  const client = new Client({ name: 'noarkq-vscode-suite', version: '1.0.0' });
  await client.connect(transport);
  try {
    const result = await client.callTool({ name: 'query', arguments: { query: 'QUERY Saksmappe\nLIMIT 1' } });
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    return (result.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('\n');
  } finally {
    await client.close();
  }
}

export function registerAgentToolTests(): void {
  suite('noarkq language-model tools (agent mode)', () => {
    let api: NoarkqExtensionApi;
    let sandboxUrl: string;
    const confirmations: WriteConfirmation[] = [];
    let answerConfirmation = false;

    suiteSetup(async () => {
      const extension = vscode.extensions.getExtension<NoarkqExtensionApi>(extensionId);
      assert.ok(extension, `${extensionId} is installed`);
      api = await extension.activate();
      await api.languageServerReady;
      sandboxUrl = await vscode.commands.executeCommand<string>('noarkq.startSandbox');
      assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox'), 'sandbox');
      // Outside a chat, VS Code asks a tool's confirmation in a dialog a test cannot click: the
      // setting turns it off (the protected environment's modal goes through the prompts below).
      await vscode.workspace.getConfiguration('noarkq').update('agent.confirmArchiveCalls', false, vscode.ConfigurationTarget.Global);
      api.setPrompts({
        confirmWrite: async (request) => {
          confirmations.push(request);
          return answerConfirmation;
        },
        askSecret: async () => 'noarkq-demo-secret',
      });
      // The tools are registered with the extension's services, right after activation.
      await waitFor('the noarkq language-model tools', () => toolNames.every((name) => vscode.lm.tools.some((t) => t.name === name)));
    });

    suiteTeardown(async () => {
      api.setPrompts(undefined);
      await vscode.workspace.getConfiguration('noarkq').update('agent.confirmArchiveCalls', undefined, vscode.ConfigurationTarget.Global);
      await vscode.workspace.getConfiguration('noarkq').update('environments', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox');
    });

    test('each tool is declared with an input schema and a description for the model', () => {
      for (const name of toolNames) {
        const tool = vscode.lm.tools.find((t) => t.name === name);
        assert.ok(tool, name);
        assert.ok(tool.description.length > 80, `${name} has a description`);
        assert.equal((tool.inputSchema as { type?: string } | undefined)?.type, 'object');
      }
    });

    test('noarkq_check answers each diagnostic with its line, code and quick fix', async () => {
      const answer = await invoke('noarkq_check', { text: 'QUERY Saksmappe\nWHERE saksar = 2024\n' });
      assert.match(answer, /2 errors/);
      assert.match(answer, /"code": "noarkq\.unknown-field"/);
      assert.match(answer, /"newText": "saksaar"/);
      assert.match(answer, /"code": "noarkq\.literal-in-query"/);
    });

    test('noarkq_describe_type describes a type, and suggests the name for a wrong one', async () => {
      const journalpost = await invoke('noarkq_describe_type', { type: 'Journalpost' });
      assert.match(journalpost, /"name": "refMappe"/);
      assert.match(journalpost, /"requiredOnCreate"/);
      assert.match(await invoke('noarkq_describe_type', { type: 'journalpost' }), /did you mean `Journalpost`/);
    });

    test('noarkq_code_lists reads the active environment live, fenced as archive data', async () => {
      const answer = await invoke('noarkq_code_lists', { field: 'journalposttype' });
      assert.match(answer, /Code lists of sandbox \(live\)/);
      assert.match(answer, /<archive-data environment="sandbox">/);
      assert.match(answer, /"code": "I"/);
    });

    test('noarkq_query answers capped rows with hasMore, and sends nothing for a query with errors', async () => {
      const answer = await invoke('noarkq_query', { query: 'QUERY Saksmappe\nWHERE saksaar = @year', parameters: { year: 2024 }, limit: 2 });
      assert.match(answer, /Saksmappe: 2 results from offset 0 \(environment sandbox\)/);
      assert.match(answer, /hasMore: true\. For the next page call query again with the same query and "offset": 2/);
      const literal = await invoke('noarkq_query', { query: 'QUERY Saksmappe\nWHERE saksaar = 2024' });
      assert.match(literal, /The query was not sent/);
      assert.equal(confirmations.length, 0, 'the sandbox is not protected: no modal');
    });

    test('in a protected environment the query waits for the modal, and is not sent when declined', async () => {
      await vscode.workspace.getConfiguration('noarkq').update(
        'environments',
        [{ name: 'guarded-agent', baseUrl: `${sandboxUrl}/rms/api/public/noark5/v1`, auth: { kind: 'client_credentials', tokenUrl: `${sandboxUrl}/oauth2/token`, clientId: 'noarkq-demo', clientAuth: 'basic' }, protected: true }],
        vscode.ConfigurationTarget.Global,
      );
      assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'guarded-agent'), 'guarded-agent');
      answerConfirmation = false;
      const declined = await invoke('noarkq_query', { query: 'QUERY Saksmappe\nLIMIT 1' });
      assert.match(declined, /did not allow this in the protected environment `guarded-agent`: nothing was sent/);
      assert.deepEqual(confirmations.at(-1), { environment: 'guarded-agent', block: 'The agent', description: 'a query (POST query)', typeName: false });
      answerConfirmation = true;
      const allowed = await invoke('noarkq_query', { query: 'QUERY Saksmappe\nLIMIT 1' });
      assert.match(allowed, /Saksmappe: 1 result from offset 0 \(environment guarded-agent\)/);
      assert.doesNotMatch(allowed, /noarkq-demo-secret/);
    });

    // VS Code 1.100 keeps `registerMcpServerDefinitionProvider` behind a proposal, so here the
    // definition's parts are started as agent mode (1.101+) starts them.
    test("agent mode's MCP server follows the active environment, with the secrets from SecretStorage", async () => {
      const launches = await api.mcpServerLaunches();
      let changes = 0;
      const listening = launches.onDidChange(() => changes++);
      try {
        assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox'), 'sandbox');
        const sandbox = await launches.current();
        assert.equal(sandbox.label, 'noarkq (sandbox)');
        assert.match(await queryThroughMcp(sandbox), /Saksmappe: 1 result from offset 0 \(environment sandbox\)/);

        const before = changes;
        assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'guarded-agent'), 'guarded-agent');
        await waitFor('the definition to change with the environment', () => changes > before);
        const guarded = await launches.current();
        assert.equal(guarded.label, 'noarkq (guarded-agent)');
        assert.notEqual(guarded.version, sandbox.version, 'a new version makes VS Code restart the server');
        assert.deepEqual(guarded.args.slice(-2), ['--env', 'guarded-agent']);
        assert.equal(guarded.env.NOARKQ_CLIENT_SECRET, 'noarkq-demo-secret', 'the secret the user gave, from SecretStorage');
        const answer = await queryThroughMcp(guarded);
        assert.match(answer, /Saksmappe: 1 result from offset 0 \(environment guarded-agent\)/);
        assert.doesNotMatch(answer, /noarkq-demo-secret/);
      } finally {
        listening.dispose();
      }
    });
  });
}
