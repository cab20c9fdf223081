import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Message } from 'vscode-languageserver/node';
import { cachingJsonEncoder, messageBytes } from './messageJson';

const messageJson = (message: Message): string => messageBytes(message).toString('utf8');

const diagnosticArb = fc.record(
  {
    range: fc.record({ start: fc.record({ line: fc.nat(), character: fc.nat() }), end: fc.record({ line: fc.nat(), character: fc.nat() }) }),
    message: fc.string({ unit: 'binary' }),
    severity: fc.integer({ min: 1, max: 4 }),
    code: fc.string(),
    source: fc.constant('noarkq'),
    relatedInformation: fc.array(fc.record({ location: fc.record({ uri: fc.webUrl(), range: fc.constant({ start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }) }), message: fc.string() }), { maxLength: 2 }),
  },
  { requiredKeys: ['range', 'message'] },
);

describe('the JSON of messages written to a stream', () => {
  it('says what JSON.stringify says of any message, diagnostics lists included', () => {
    const published = fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constant('textDocument/publishDiagnostics'), params: fc.record({ uri: fc.webUrl(), version: fc.option(fc.integer(), { nil: undefined }), diagnostics: fc.array(diagnosticArb, { maxLength: 5 }) }, { requiredKeys: ['uri', 'diagnostics'] }) });
    const report = fc.record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(fc.integer(), fc.string()), result: fc.record({ kind: fc.constant('full'), resultId: fc.option(fc.string(), { nil: undefined }), items: fc.array(diagnosticArb, { maxLength: 5 }) }, { requiredKeys: ['kind', 'items'] }) });
    const other = fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer(), result: fc.jsonValue() });
    fc.assert(
      fc.property(fc.oneof(published, report, other), (message) => {
        assert.deepEqual(JSON.parse(messageJson(message as Message)), JSON.parse(JSON.stringify(message)));
      }),
    );
  });

  it('writes a diagnostic once, and the same text for it in every list it is sent in', () => {
    const diagnostic = { range: { start: { line: 1, character: 2 }, end: { line: 1, character: 5 } }, message: 'a "quoted" \u2028 word', severity: 1, source: 'noarkq' };
    const first = messageJson({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a', diagnostics: [diagnostic] } } as Message);
    // Stringified once: a later change to the object (the server makes none) is not seen.
    (diagnostic as { message: string }).message = 'changed';
    const again = messageJson({ jsonrpc: '2.0', id: 3, result: { kind: 'full', items: [diagnostic] } } as Message);
    assert.match(first, /a \\"quoted\\" \u2028 word/);
    assert.equal(JSON.parse(again).result.items[0].message, 'a "quoted" \u2028 word');
  });

  it('encodes as the charset asks', async () => {
    const bytes = await cachingJsonEncoder.encode({ jsonrpc: '2.0', id: 1, result: 'æøå' } as Message, { charset: 'utf-8' });
    assert.equal(Buffer.from(bytes).toString('utf8'), '{"jsonrpc":"2.0","id":1,"result":"æøå"}');
  });
});
