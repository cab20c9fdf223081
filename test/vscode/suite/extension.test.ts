/**
 * The extension in a real VS Code: activation, the language server's diagnostics and completion,
 * the sandbox, running the integration flow, the results panel, cancellation and a protected
 * environment's confirmations. The workspace is a copy of examples/.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { NoarkqExtensionApi } from '../../../client/extension';
import type { WriteConfirmation } from '../../../client/run/runPrompts';
import type { BlockRunResult } from '../../../runner/blocks/blockRunResult';

import { closeResultPanels, discardUntitled, extensionId, openUntitled, screenshot, waitFor, workspaceFile } from './suiteHelpers';

/** A stand-in archive on this machine, and its identity provider (`/oauth/token`, `/oauth/revoke`):
 * records every request, never answers `GET code-lists?type=Saksmappe`. */
class RecordingArchive {
  readonly requests: { method: string; url: string; authorization?: string; body: string }[] = [];
  aborted = 0;
  private tokensIssued = 0;
  private readonly server: Server;
  constructor() {
    this.server = createServer((request: IncomingMessage, response) => {
      const url = request.url ?? '';
      const recorded = { method: request.method ?? '', url, authorization: request.headers.authorization, body: '' };
      this.requests.push(recorded);
      if (url.includes('code-lists?type=Saksmappe')) {
        request.socket.once('close', () => this.aborted++);
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        recorded.body = Buffer.concat(chunks).toString('utf8');
        const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (url === '/oauth/token') return json(200, { access_token: `stand-in-token-${++this.tokensIssued}`, token_type: 'Bearer', expires_in: 3600 });
        if (url === '/oauth/revoke') return response.writeHead(200).end();
        json(200, url.includes('code-lists') && request.method === 'GET' ? { results: [] } : url.includes('bsm-registry') ? { results: [] } : { code: 'XY', name: 'Test' });
      });
    });
  }
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close(): void {
    this.server.closeAllConnections();
    this.server.close();
  }
}

export function registerExtensionTests(): void {
  suite('noarkq in VS Code', () => {
    let api: NoarkqExtensionApi;
    const flow = () => workspaceFile('integration-flow.noarkq');

    test('activates when a .noarkq file is opened, not before', async () => {
      const extension = vscode.extensions.getExtension<NoarkqExtensionApi>(extensionId);
      assert.ok(extension, `${extensionId} is installed`);
      assert.equal(extension.isActive, false, 'nothing activated the extension before a .noarkq file was opened');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(flow()));
      api = await waitFor('activation', () => extension.isActive && extension.exports);
      await api.languageServerReady;
    });

    test('the language server reports the mistakes in broken.noarkq', async () => {
      const uri = workspaceFile('broken.noarkq');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
      const diagnostics = await waitFor('diagnostics', () => {
        const found = vscode.languages.getDiagnostics(uri);
        return found.length > 10 && found;
      });
      const codes = new Set(diagnostics.map((d) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code))));
      for (const code of ['noarkq.unknown-field', 'noarkq.unknown-type', 'noarkq.param-undefined']) assert.ok(codes.has(code), `${code} among ${[...codes].join(', ')}`);
      assert.ok(diagnostics.every((d) => d.source === 'noarkq' || d.source === undefined || d.source.startsWith('noarkq')));
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    test('the language server keeps the code cache of its bundles in the global storage', async () => {
      const folder = await api.languageServerCodeCache;
      // Written a few seconds after the server started, once it has loaded its analyses.
      const files = await waitFor('the code cache', () => {
        const names = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.v8cache')) : [];
        return names.length === 2 && names.sort();
      });
      assert.deepEqual(
        files.map((f) => f.replace(/-[0-9a-f]{8}\./, '-#.')),
        ['serverAnalyses-#.v8cache', 'serverConnection-#.v8cache'],
      );
      assert.match(folder, /globalStorage/);
    });

    test('completes the fields of the queried type', async () => {
      const document = await vscode.workspace.openTextDocument(flow());
      const line = document.getText().split('\n').findIndex((l) => l.startsWith('WHERE saksaar'));
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(line, 'WHERE '.length));
      const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      for (const field of ['saksaar', 'sakssekvensnummer', 'tittel', 'refEksternId']) assert.ok(labels.includes(field), `${field} among ${labels.slice(0, 30).join(', ')}…`);
    });

    test('noarkq.startSandbox starts the sandbox and makes it the active environment', async () => {
      const url = await vscode.commands.executeCommand<string>('noarkq.startSandbox');
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(await vscode.commands.executeCommand('noarkq.startSandbox'), url, 'a second start returns the running one');
      assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox'), 'sandbox');
    });

    test('CodeLens offers Run above each block and Run all at the top', async () => {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(flow()), vscode.ViewColumn.One);
      const lenses = await waitFor('code lenses', async () => {
        const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', flow());
        return found.length > 0 && found;
      });
      const titles = lenses.map((l) => l.command?.title ?? '');
      assert.equal(titles.filter((t) => t.endsWith(' Run')).length, 8, titles.join(' | '));
      assert.equal(titles.filter((t) => t === 'Run all pages').length, 4);
      assert.equal(lenses[0].range.start.line, 0);
      assert.ok(titles[0].endsWith('Run all'));
      await screenshot('editor-codelens', '.contentWidgets .codelens-decoration');
    });

    test('noarkq.runBlock runs findCase and opens its results panel', async () => {
      const result = await vscode.commands.executeCommand<BlockRunResult>('noarkq.runBlock', flow(), 'findCase');
      assert.ok(result.ok, JSON.stringify(result.error));
      assert.equal(result.status, 200);
      assert.equal(result.request?.method, 'POST');
      const body = result.body as { results: { type: string; fields: Record<string, unknown> }[] };
      assert.equal(body.results.length, 1);
      assert.equal(body.results[0].type, 'Saksmappe');
      assert.equal(body.results[0].fields.mappeIdent, '2024/17');
      assert.ok(api.openResultPanels().includes(`${flow().toString()}#findCase`), api.openResultPanels().join(', '));
      await screenshot('results-panel', 'iframe.webview');
    });

    test('noarkq.runAll runs the integration flow in order; the file comes back byte for byte', async () => {
      const results = await vscode.commands.executeCommand<BlockRunResult[]>('noarkq.runAll', flow());
      assert.deepEqual(
        results.map((r) => r.blockName),
        ['findCase', 'register', 'letter', 'attach', 'checkEntry', 'checkVersion', 'fetchBack', 'findByExternalId'],
      );
      for (const r of results) assert.ok(r.ok, `${r.blockName}: ${JSON.stringify(r.error)}`);
      const byName = new Map(results.map((r) => [r.blockName, r.body as Record<string, unknown>]));
      const saved = byName.get('register')?.saved as Record<string, { type: string; id: string }>;
      assert.equal(saved.jp.type, 'Journalpost');
      assert.equal(saved.kp.type, 'Korrespondansepart');
      const entry = (byName.get('checkEntry')?.results as { id: string }[])[0];
      assert.equal(entry.id, saved.jp.id);
      const version = (byName.get('checkVersion')?.results as { fields: { sjekksum: string } }[])[0];
      assert.equal(byName.get('fetchBack')?.sha256, version.fields.sjekksum);
      assert.ok(api.openResultPanels().length >= 8);
    });

    suite('against a stand-in archive', () => {
      const archive = new RecordingArchive();
      const confirmations: WriteConfirmation[] = [];
      let confirm = false;
      let document: vscode.TextDocument;

      suiteSetup(async () => {
        const baseUrl = await archive.listen();
        await vscode.workspace.getConfiguration('noarkq').update(
          'environments',
          [
            { name: 'stand-in', baseUrl, auth: { kind: 'token' } },
            { name: 'guarded', baseUrl, auth: { kind: 'token' }, protected: true },
            {
              name: 'signed-in',
              baseUrl,
              auth: { kind: 'client_credentials', tokenUrl: `${baseUrl}/oauth/token`, revocationUrl: `${baseUrl}/oauth/revoke`, clientId: 'stand-in-client' },
            },
          ],
          vscode.ConfigurationTarget.Global,
        );
        api.setPrompts({
          askSecret: async () => 'test-token',
          confirmWrite: async (request) => {
            confirmations.push(request);
            return confirm;
          },
        });
        document = await openUntitled(
          'noarkq',
          ['### slow', 'GET code-lists?type=Saksmappe', '', '### rename', 'PUT code-lists/dokumenttype/XY', '{ "name": "Test" }', '', '### remove', 'DELETE code-lists/dokumenttype/XY', ''].join('\n'),
        );
      });

      suiteTeardown(async () => {
        api.setPrompts(undefined);
        await vscode.workspace.getConfiguration('noarkq').update('environments', undefined, vscode.ConfigurationTarget.Global);
        archive.close();
        await discardUntitled(document);
        await closeResultPanels(['noarkq: slow', 'noarkq: rename', 'noarkq: remove']);
      });

      test('cancelling a run aborts its HTTP request', async () => {
        assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'stand-in'), 'stand-in');
        const running = vscode.commands.executeCommand<BlockRunResult>('noarkq.runBlock', document.uri, 'slow');
        await waitFor('the request to reach the archive', () => archive.requests.some((r) => r.url.includes('type=Saksmappe')));
        await vscode.commands.executeCommand('noarkq.cancelRun');
        const result = await running;
        assert.equal(result.ok, false);
        assert.equal(result.error?.kind, 'cancelled', JSON.stringify(result.error));
        await waitFor('the connection to close', () => archive.aborted > 0);
      });

      test('a protected environment sends a write only when confirmed; a delete needs the name typed', async () => {
        assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'guarded'), 'guarded');
        const puts = () => archive.requests.filter((r) => r.method === 'PUT').length;

        confirm = false;
        const refused = await vscode.commands.executeCommand<BlockRunResult>('noarkq.runBlock', document.uri, 'rename');
        assert.equal(refused.error?.kind, 'not-sent');
        assert.equal(puts(), 0, 'nothing was sent');
        const asked = confirmations.at(-1);
        assert.equal(asked?.environment, 'guarded');
        assert.match(asked?.block ?? '', /rename/);
        assert.equal(asked?.description, 'PUT code-lists/dokumenttype/XY');
        assert.equal(asked?.typeName, false);

        confirm = true;
        const sent = await vscode.commands.executeCommand<BlockRunResult>('noarkq.runBlock', document.uri, 'rename');
        assert.ok(sent.ok, JSON.stringify(sent.error));
        assert.equal(puts(), 1);

        await vscode.commands.executeCommand<BlockRunResult>('noarkq.runBlock', document.uri, 'remove');
        assert.equal(confirmations.at(-1)?.typeName, true, 'a delete asks for the environment name');
      });

      test('noarkq.signOut revokes the tokens at the identity provider, and the next run signs in anew', async () => {
        assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'signed-in'), 'signed-in');
        const sentWith = () => archive.requests.filter((r) => r.method === 'PUT').at(-1)?.authorization;
        const first = await vscode.commands.executeCommand<BlockRunResult>('noarkq.runBlock', document.uri, 'rename');
        assert.ok(first.ok, JSON.stringify(first.error));
        assert.equal(sentWith(), 'Bearer stand-in-token-1');

        await vscode.commands.executeCommand('noarkq.signOut');
        const revocations = archive.requests.filter((r) => r.url === '/oauth/revoke');
        assert.equal(revocations.length, 1, 'one revocation request');
        const form = new URLSearchParams(revocations[0].body);
        assert.equal(form.get('token'), 'stand-in-token-1');
        assert.equal(form.get('token_type_hint'), 'access_token');

        const again = await vscode.commands.executeCommand<BlockRunResult>('noarkq.runBlock', document.uri, 'rename');
        assert.ok(again.ok, JSON.stringify(again.error));
        assert.equal(sentWith(), 'Bearer stand-in-token-2', 'a new token after signing out');
      });
    });
  });
}
