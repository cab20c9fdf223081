import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { NoarkqDiagnostic } from '../diagnostics';
import { fixesOf, toLspDiagnostics } from './lspDiagnostics';

describe('toLspDiagnostics', () => {
  const text = 'QUERY Saksmape\nWHERE tittel = @t\n';
  const document = TextDocument.create('file:///a.noarkq', 'noarkq', 1, text);
  const typeStart = text.indexOf('Saksmape');
  const paramStart = text.indexOf('@t');

  it('converts offsets to ranges and carries the fixes in data', () => {
    const diagnostics: NoarkqDiagnostic[] = [
      {
        code: 'noarkq.unknown-type',
        severity: 'error',
        start: typeStart,
        end: typeStart + 8,
        message: 'Unknown entity type.',
        fixes: [
          { title: 'Change to Saksmappe', preferred: true, edits: [{ start: typeStart, end: typeStart + 8, newText: 'Saksmappe' }] },
          { title: 'Change to Mappe', edits: [{ start: typeStart, end: typeStart + 8, newText: 'Mappe' }] },
        ],
      },
      { code: 'noarkq.param-undefined', severity: 'warning', start: paramStart, end: paramStart + 2, message: 'Undefined.', related: [{ start: 0, end: 5, message: 'the query' }] },
    ];
    const [withFixes, plain] = toLspDiagnostics(document, diagnostics);
    assert.deepEqual(withFixes.range, { start: { line: 0, character: 6 }, end: { line: 0, character: 14 } });
    assert.equal(withFixes.code, 'noarkq.unknown-type');
    assert.equal(withFixes.source, 'noarkq');
    assert.deepEqual(fixesOf(withFixes), [
      { title: 'Change to Saksmappe', preferred: true, edits: [{ range: withFixes.range, newText: 'Saksmappe' }] },
      { title: 'Change to Mappe', edits: [{ range: withFixes.range, newText: 'Mappe' }] },
    ]);
    assert.deepEqual(plain.range, { start: { line: 1, character: 15 }, end: { line: 1, character: 17 } });
    assert.equal(plain.data, undefined);
    assert.equal(plain.relatedInformation?.[0].message, 'the query');
    // It survives the trip over the wire.
    assert.deepEqual(fixesOf(JSON.parse(JSON.stringify(withFixes))), fixesOf(withFixes));
  });
});
