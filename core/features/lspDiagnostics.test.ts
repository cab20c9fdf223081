import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
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

  it('sends at most the limit, errors first and in document order, and says what it left out and where', () => {
    const lines = Array.from({ length: 12 }, (_, i) => `line ${i}`);
    const many = TextDocument.create('file:///many.noarkq', 'noarkq', 1, lines.join('\n'));
    const at = (line: number, severity: NoarkqDiagnostic['severity']): NoarkqDiagnostic => {
      const start = many.offsetAt({ line, character: 0 });
      return { code: `noarkq.test-${line}`, severity, start, end: start + 4, message: `on line ${line}` };
    };
    const severities: NoarkqDiagnostic['severity'][] = ['warning', 'error', 'hint', 'error', 'warning', 'error', 'warning', 'information', 'error', 'warning', 'error', 'warning'];
    const diagnostics = severities.map((s, line) => at(line, s));

    const lineOf = (d: Diagnostic): number => d.range.start.line;
    const messageOf = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);
    assert.deepEqual(toLspDiagnostics(many, diagnostics, 12).map(lineOf), severities.map((_, i) => i), 'all of them when they fit');

    assert.equal(toLspDiagnostics(many, diagnostics, 11).length, 11, 'one place for the note');

    // Five errors and five warnings: the errors, then the first two warnings, in document order,
    // and the note: no more than the limit in all.
    const capped = toLspDiagnostics(many, diagnostics, 8);
    assert.deepEqual(capped.slice(0, 7).map(lineOf), [0, 1, 3, 4, 5, 8, 10]);
    assert.equal(capped.length, 8);
    const note = capped[7];
    assert.equal(note.severity, DiagnosticSeverity.Information);
    assert.equal(note.code, 'noarkq.diagnostics-limit');
    assert.equal(lineOf(note), 2, 'the note is where the first left-out diagnostic is');
    assert.match(messageOf(note), /^5 more problems in this file are not shown: the editor is sent the first 7, errors first\./);
    assert.match(messageOf(note), /`noarkq check` lists them all/);

    const fewer = toLspDiagnostics(many, diagnostics, 4);
    assert.deepEqual(fewer.slice(0, 3).map(lineOf), [1, 3, 5], 'the first errors');
    assert.match(messageOf(fewer[3]), /^9 more problems in this file are not shown \(2 errors\)/);
  });
});
