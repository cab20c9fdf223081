/** Diagnostics over LSP: pulled when the client declares `textDocument.diagnostic`, pushed otherwise. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { LspTestClient, applyEdits, offsetAt, parseMarkers, positionAt } from './lspTestClient';

const codes = (items: readonly Diagnostic[]): string[] => items.map((d) => String(d.code));
const spanOf = (text: string, d: Diagnostic): string => text.slice(offsetAt(text, d.range.start), offsetAt(text, d.range.end));

const transaction = `### register
TRANSACTION
{
  "actions": [
    { "action": "save", "type": "Journalpost", "id": "jp",
      "fields": { "tittel": "Søknad", "journalposttype": "I", "tittle": "x" } }
  ]
}
`;

describe('pull diagnostics', { timeout: 30_000 }, () => {
  let client: LspTestClient;
  before(async () => {
    client = await LspTestClient.start({ pullDiagnostics: true });
  });
  after(() => client.dispose());

  test('the server offers pull diagnostics and pushes nothing', () => {
    assert.deepEqual(client.initializeResult?.capabilities.diagnosticProvider, { identifier: 'noarkq', interFileDependencies: false, workspaceDiagnostics: false });
  });

  test('reports a query error at its range, then nothing once an incremental edit fixes it', async () => {
    const uri = 'file:///pull/query.noarkq';
    const { text, ranges } = parseMarkers('@title = "x"\n### find\nQUERY [[Saksmape]]\nWHERE tittel = @title\n');
    await client.open(uri, text);
    const first = await client.pull(uri);
    assert.equal(first.kind, 'full');
    if (first.kind !== 'full') return;
    assert.deepEqual(codes(first.items), ['noarkq.unknown-type']);
    assert.deepEqual(first.items[0].range, { start: positionAt(text, ranges[0].start), end: positionAt(text, ranges[0].end) });

    // Nothing changed: the same result id comes back as unchanged.
    assert.deepEqual(await client.pull(uri, first.resultId), { kind: 'unchanged', resultId: first.resultId });

    // Insert the missing `p` (`Saksma|pe`).
    const at = positionAt(text, ranges[0].start + 'Saksma'.length);
    await client.change(uri, [{ range: { start: at, end: at }, text: 'p' }]);
    const second = await client.pull(uri, first.resultId);
    assert.equal(second.kind, 'full');
    if (second.kind === 'full') {
      assert.deepEqual(second.items, []);
      assert.notEqual(second.resultId, first.resultId);
    }
  });

  test('an edit that changes no diagnostic is answered unchanged, with a result id of its version, to a client that sends the last one as VS Code does', async () => {
    const uri = 'file:///pull/unchanged.noarkq';
    const text = '@x = 1\n### find\nQUERY Saksmape\n\n### other\nQUERY Saksmappe\nLIMIT 1\n';
    await client.open(uri, text);
    const opened = await client.pullAsEditor(uri);
    assert.equal(opened.report.kind, 'full');
    assert.deepEqual(codes(opened.items), ['noarkq.unknown-type']);
    const at = (line: number, character: number) => ({ start: { line, character }, end: { line, character } });

    // After the diagnostic: the same diagnostic, given again.
    await client.change(uri, [{ range: at(6, 7), text: '2' }]);
    const below = await client.pullAsEditor(uri);
    assert.equal(below.report.kind, 'unchanged');
    assert.ok(below.report.resultId?.startsWith('2.'), below.report.resultId);
    // Before it on another line: the diagnostic is made anew, equal to the one the client shows.
    await client.change(uri, [{ range: at(0, 6), text: '0' }]);
    const above = await client.pullAsEditor(uri);
    assert.equal(above.report.kind, 'unchanged');
    assert.ok(above.report.resultId?.startsWith('3.'), above.report.resultId);

    // A line added above it moves it: the whole list again.
    await client.change(uri, [{ range: at(0, 0), text: '\n' }]);
    const moved = await client.pullAsEditor(uri);
    assert.equal(moved.report.kind, 'full');
    assert.deepEqual(codes(moved.items), ['noarkq.unknown-type']);
    assert.equal(moved.items[0].range.start.line, 3);
    // An id from before the document was closed and opened again is not taken for this one's.
    await client.close(uri);
    await client.open(uri, text);
    assert.equal((await client.pull(uri, moved.report.resultId)).kind, 'full');
  });

  test('includes the transaction checks', async () => {
    const uri = 'file:///pull/transaction.noarkq';
    await client.open(uri, transaction);
    const items = await client.pullItems(uri);
    const unknown = items.find((d) => d.code === 'tx.unknown-field');
    assert.ok(unknown, `expected tx.unknown-field among ${codes(items).join(', ')}`);
    assert.equal(spanOf(transaction, unknown), '"tittle"');
  });

  test('an edit in one block moves the diagnostics of the blocks below it', async () => {
    const uri = 'file:///pull/moves.noarkq';
    const text = '### a\nQUERY Saksmappe\n\n### b\nQUERY Journalpst\n';
    await client.open(uri, text);
    const before = await client.pullItems(uri);
    assert.deepEqual(codes(before), ['noarkq.unknown-type']);
    assert.equal(before[0].range.start.line, 4);
    // Two lines inserted in block a.
    const edited = await client.change(uri, [{ range: { start: { line: 1, character: 15 }, end: { line: 1, character: 15 } }, text: '\nLIMIT 5\n' }]);
    assert.equal(edited, 2);
    const afterEdit = await client.pullItems(uri);
    assert.deepEqual(codes(afterEdit), ['noarkq.unknown-type']);
    assert.equal(afterEdit[0].range.start.line, 6);
  });

  test('a document that is not open has no diagnostics', async () => {
    assert.deepEqual(await client.pullItems('file:///pull/never-opened.noarkq'), []);
  });

  test('noarkq/setContext asks the client to pull again', async () => {
    const refreshes = client.refreshes;
    const refreshed = new Promise<void>((resolve) => {
      client.connection.onRequest('workspace/diagnostic/refresh', () => {
        client.refreshes++;
        resolve();
        return null;
      });
    });
    await client.connection.sendNotification('noarkq/setContext', { environment: { year: 2024 } });
    await refreshed;
    assert.equal(client.refreshes, refreshes + 1);
  });
});

describe('pull diagnostics counted in UTF-8', { timeout: 30_000 }, () => {
  test('a new version with the same diagnostics is sent them again: equal in UTF-16 is not equal in every encoding', async () => {
    const client = await LspTestClient.start({ pullDiagnostics: true, positionEncodings: ['utf-8'] });
    try {
      const uri = 'file:///pull/utf8.noarkq';
      await client.open(uri, '### find\nQUERY Saksmape\n\n### other\nQUERY Saksmappe\nLIMIT 1\n');
      const opened = await client.pullAsEditor(uri);
      assert.equal(opened.report.kind, 'full');
      assert.equal((await client.pull(uri, opened.report.resultId)).kind, 'unchanged');
      await client.change(uri, [{ range: { start: { line: 5, character: 7 }, end: { line: 5, character: 7 } }, text: '2' }]);
      const changed = await client.pullAsEditor(uri);
      assert.equal(changed.report.kind, 'full');
      assert.deepEqual(changed.items, opened.items);
    } finally {
      await client.dispose();
    }
  });
});

describe('push diagnostics', { timeout: 30_000 }, () => {
  let client: LspTestClient;
  before(async () => {
    client = await LspTestClient.start();
  });
  after(() => client.dispose());

  test('the server does not offer pull diagnostics to a client without them', () => {
    assert.equal(client.initializeResult?.capabilities.diagnosticProvider, undefined);
  });

  test('publishes on open and after each change, tagged with the version', async () => {
    const uri = 'file:///push/query.noarkq';
    const text = '### find\nQUERY Saksmape\n';
    await client.open(uri, text);
    const opened = await client.pushedDiagnostics(uri, 1);
    assert.equal(opened.version, 1);
    assert.deepEqual(codes(opened.diagnostics), ['noarkq.unknown-type']);

    const version = await client.change(uri, [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 12 } }, text: 'p' }]);
    const changed = await client.pushedDiagnostics(uri, version);
    assert.equal(changed.version, version);
    assert.deepEqual(changed.diagnostics, []);
  });

  test('a pushed diagnostic carries no fix; a code action asked right after an edit gets it from the edited version', async () => {
    const uri = 'file:///push/fixable.noarkq';
    const text = '@x = 1\n### find\nQUERY Saksmape\n';
    await client.open(uri, text);
    const [typo] = (await client.pushedDiagnostics(uri, 1)).diagnostics;
    assert.equal(typo.code, 'noarkq.unknown-type');
    assert.equal(typo.data, undefined);
    // Sent before the edited version's check is done, or its diagnostics are pushed.
    await client.change(uri, [{ range: { start: { line: 0, character: 5 }, end: { line: 0, character: 6 } }, text: '12' }]);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: typo.range, context: { diagnostics: [typo] } });
    const fix = actions.find((a) => a.isPreferred);
    assert.equal(fix?.title, 'Change to Saksmappe');
    assert.deepEqual(fix.diagnostics, [typo]);
    assert.equal(applyEdits('@x = 12\n### find\nQUERY Saksmape\n', fix.edit!.changes![uri]), '@x = 12\n### find\nQUERY Saksmappe\n');
  });

  test('an edit that changes no diagnostic is not published again: the client shows them already', async () => {
    const hooked = await LspTestClient.start({ testHooks: true });
    try {
      const uri = 'file:///push/unchanged.noarkq';
      const text = '@x = 1\n### find\nQUERY Saksmape\n\n### other\nQUERY Saksmappe\nLIMIT 1\n';
      const at = (line: number, character: number) => ({ start: { line, character }, end: { line, character } });
      await hooked.open(uri, text);
      const opened = await hooked.pushedDiagnostics(uri, 1);
      assert.deepEqual(codes(opened.diagnostics), ['noarkq.unknown-type']);

      // After the diagnostic, and before it on another line (made anew, equal): nothing sent.
      for (const [version, range, typed] of [[2, at(6, 7), '2'], [3, at(0, 6), '0']] as const) {
        const shown = hooked.nextShown(uri, version);
        await hooked.change(uri, [{ range, text: typed }]);
        assert.deepEqual(await shown, { version, pushed: false, diagnostics: opened.diagnostics });
      }
      // A line added above it moves it: published.
      const moved = hooked.nextShown(uri, 4);
      await hooked.change(uri, [{ range: at(0, 0), text: '\n' }]);
      const published = await moved;
      assert.equal(published.pushed, true);
      assert.equal(published.diagnostics[0].range.start.line, 3);
      // Closed (cleared) and opened again: published, if the same as before the close.
      await hooked.close(uri);
      const reopened = hooked.nextShown(uri, 1);
      await hooked.open(uri, text);
      assert.deepEqual(await reopened, { version: 1, pushed: true, diagnostics: opened.diagnostics });
    } finally {
      await hooked.dispose();
    }
  });

  test('changes sent together are published in version order, ending with the last one', async () => {
    const uri = 'file:///push/burst.noarkq';
    await client.open(uri, '### a\nQUERY Saksmappe\n');
    await client.pushedDiagnostics(uri, 1);
    const seen: Array<number | undefined> = [];
    const last = client.nextPush(uri, (p) => {
      seen.push(p.version);
      return p.version === 4;
    });
    // Three edits written in one turn reach the server together.
    void client.change(uri, [{ range: { start: { line: 1, character: 15 }, end: { line: 1, character: 15 } }, text: '\n' }]);
    void client.change(uri, [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: 'LIMIT' }]);
    void client.change(uri, [{ range: { start: { line: 2, character: 5 }, end: { line: 2, character: 5 } }, text: ' 1000' }]);
    const published = await last;
    assert.deepEqual(seen, [...seen].sort(), 'versions out of order');
    assert.equal(new Set(seen).size, seen.length, 'a version was published twice');
    assert.deepEqual(codes(published.diagnostics), ['noarkq.limit-too-large']);
  });

  test('live code lists from noarkq/setContext reach the transaction checks, and every open document is re-published', async () => {
    const uri = 'file:///push/codes.noarkq';
    await client.open(uri, transaction);
    const before = await client.pushedDiagnostics(uri, 1);
    assert.ok(!codes(before.diagnostics).includes('tx.unknown-code'));
    const republished = client.nextPush(uri, (p) => codes(p.diagnostics).includes('tx.unknown-code'));
    await client.connection.sendNotification('noarkq/setContext', { codeLists: { journalposttype: [{ code: 'X', name: 'Annet' }] } });
    const after = await republished;
    const unknownCode = after.diagnostics.find((d) => d.code === 'tx.unknown-code')!;
    assert.equal(spanOf(transaction, unknownCode), '"I"');
    // Forget the live list again: back to the model's defaults.
    const restored = client.nextPush(uri, (p) => !codes(p.diagnostics).includes('tx.unknown-code'));
    await client.connection.sendNotification('noarkq/setContext', { codeLists: null });
    await restored;
  });

  test('an environment turns an unknown {{name}} from a warning into an error', async () => {
    const uri = 'file:///push/environment.noarkq';
    await client.open(uri, '### dl\nDOWNLOAD {{fileId}}\n');
    const unknown = (await client.pushedDiagnostics(uri, 1)).diagnostics.find((d) => d.code === 'noarkq.reference-unknown-name');
    assert.equal(unknown?.severity, 2);
    const asError = client.nextPush(uri, (p) => p.diagnostics.some((d) => d.code === 'noarkq.reference-unknown-name' && d.severity === 1));
    await client.connection.sendNotification('noarkq/setContext', { environment: { other: 1 } });
    await asError;
    const defined = client.nextPush(uri, (p) => !p.diagnostics.some((d) => d.code === 'noarkq.reference-unknown-name'));
    await client.connection.sendNotification('noarkq/setContext', { environment: { fileId: '123' } });
    await defined;
    await client.connection.sendNotification('noarkq/setContext', { environment: null });
  });

  test('EXPECT lines are checked too: live code lists and the environment reach their checks', async () => {
    const uri = 'file:///push/expectations.noarkq';
    const text = '### find\nQUERY Journalpost\nEXPECT results[0].fields.journalposttype = "Q"\nEXPECT results.length = @count\nEXPECT results[0].fields.titel exists\n';
    await client.open(uri, text);
    const opened = (await client.pushedDiagnostics(uri, 1)).diagnostics;
    assert.deepEqual(
      opened.map((d) => [d.code, spanOf(text, d), d.severity]),
      [
        ['noarkq.expectation-code-value', '"Q"', 1],
        ['noarkq.expectation-unknown-variable', '@count', 2],
        ['noarkq.expectation-unknown-path', 'titel', 1],
      ],
    );
    // A live list that holds Q, and an environment without `count`: the code is fine, the variable an error.
    const republished = client.nextPush(uri, (p) => !codes(p.diagnostics).includes('noarkq.expectation-code-value') && p.diagnostics.some((d) => d.code === 'noarkq.expectation-unknown-variable' && d.severity === 1));
    await client.connection.sendNotification('noarkq/setContext', { codeLists: { journalposttype: [{ code: 'Q', name: 'Annet' }] }, environment: { other: 1 } });
    await republished;
    const defined = client.nextPush(uri, (p) => codes(p.diagnostics).join() === 'noarkq.expectation-unknown-path');
    await client.connection.sendNotification('noarkq/setContext', { environment: { count: 1 } });
    await defined;
    await client.connection.sendNotification('noarkq/setContext', { codeLists: null, environment: null });
  });

  test('closing a document clears its diagnostics', async () => {
    const uri = 'file:///push/closed.noarkq';
    await client.open(uri, '### a\nQUERY Nothing\n');
    assert.equal((await client.pushedDiagnostics(uri, 1)).diagnostics.length, 1);
    const cleared = client.nextPush(uri, (p) => p.diagnostics.length === 0);
    await client.close(uri);
    assert.equal((await cleared).version, undefined);
  });
});

describe('settings', { timeout: 30_000 }, () => {
  test('noarkq.diagnostics.enable = false, read through workspace/configuration, silences diagnostics', async () => {
    const client = await LspTestClient.start({ pullDiagnostics: true, settings: { diagnostics: { enable: false } } });
    try {
      const uri = 'file:///settings/off.noarkq';
      // The settings are read after `initialized`; what is sent after the answer sees them.
      await client.configured;
      await client.open(uri, '### a\nQUERY Nothing\n');
      assert.deepEqual(await client.pullItems(uri), []);
      // Turned on again (the client announces a change; the server reads the settings anew).
      const refreshed = new Promise<void>((resolve) => client.connection.onRequest('workspace/diagnostic/refresh', () => (resolve(), null)));
      client.settings.diagnostics = { enable: true };
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      await refreshed;
      assert.deepEqual(codes(await client.pullItems(uri)), ['noarkq.unknown-type']);
    } finally {
      await client.dispose();
    }
  });
});
