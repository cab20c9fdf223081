/**
 * The server's diagnostics path (parse cache, one incremental checker per document, LSP
 * conversion) gives, after any sequence of editor edits, exactly what a fresh parse and check of
 * the same text gives.
 */
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver/node';
import { checkDocument, createDocumentChecker, parseDocument } from '../core/document';
import { reportedDiagnosticsLimit, toLspDiagnostics } from '../core/features/lspDiagnostics';
import { noarkModel } from '../core/schema';
import { applyDocumentEdit, documentArb, documentEditArb, editStart, type DocumentEdit } from '../test/fuzz/noarkqArbitraries';
import { applyEdit, editKinds, makeShape, shapeNames, type TextEdit } from '../test/bench/editLatencyShapes';
import type { NoarkqDiagnostic } from '../core/diagnostics';
import { runSteps } from '../core/steps';
import { DocumentDiagnostics } from './documentDiagnostics';
import { FeatureContextStore } from './featureContextStore';
import { ParseCache } from './parseCache';
import { ChunkedTextDocument } from './chunkedTextDocument';

const uri = 'file:///edited.noarkq';

function severitiesOf(diagnostics: readonly NoarkqDiagnostic[]): Record<NoarkqDiagnostic['severity'], number> {
  const counts = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}

/** An edit as the editor sends it: a range in the current version and its replacement. */
function contentChange(document: TextDocument, edit: DocumentEdit): TextDocumentContentChangeEvent {
  const length = document.getText().length;
  const start = editStart(length, edit);
  const end = Math.min(length, start + edit.remove);
  return { range: { start: document.positionAt(start), end: document.positionAt(end) }, text: edit.text };
}

function fresh(document: TextDocument, environment?: Record<string, string>) {
  return toLspDiagnostics(document, checkDocument(parseDocument(document.getText()), { model: noarkModel, environment }));
}

/** An offset edit as the editor sends it. */
function rangeChange(document: TextDocument, edit: TextEdit): TextDocumentContentChangeEvent {
  return { range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, text: edit.text };
}

describe('server diagnostics over edits', () => {
  it('equal a fresh check after every version, with one or several changes per version', () => {
    fc.assert(
      fc.property(documentArb, fc.array(fc.array(documentEditArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), (text, versions) => {
        const contexts = new FeatureContextStore(noarkModel);
        const diagnostics = new DocumentDiagnostics(new ParseCache(), contexts);
        let document = TextDocument.create(uri, 'noarkq', 1, text);
        assert.deepEqual(diagnostics.diagnose(document).lsp, fresh(document));
        // The server's own document, in chunks of a few characters so that edits cross them,
        // parsed from the stretch it says the edits changed.
        const chunked = new ChunkedTextDocument(uri, 'noarkq', 1, text, { size: 8, limit: 16 });
        const chunkedDiagnostics = new DocumentDiagnostics(new ParseCache(), new FeatureContextStore(noarkModel));
        assert.deepEqual(chunkedDiagnostics.diagnose(chunked).lsp, fresh(document));
        // The core checker on its own too, its counts and a cap of 5 (so that the capped walk
        // over its runs is tried on small documents).
        const checker = createDocumentChecker({ model: noarkModel });
        let parsed = parseDocument(text);
        const compare = (): void => {
          const whole = checkDocument(parseDocument(document.getText()), { model: noarkModel });
          parsed = parseDocument(document.getText(), parsed);
          const checked = runSteps(checker.checkedSteps(parsed));
          assert.deepEqual({ length: checked.length, ...checked.severities }, { length: whole.length, ...severitiesOf(whole) });
          assert.deepEqual(toLspDiagnostics(document, checked, 5), toLspDiagnostics(document, whole, 5));
          assert.deepEqual([...checked], whole);
        };
        compare();
        for (const edits of versions) {
          // Each change's range is in the text the previous changes of the same version made
          // (on a copy: `TextDocument.update` changes the document it is given).
          const staged = TextDocument.create(uri, 'noarkq', document.version, document.getText());
          const changes = edits.map((e) => {
            const change = contentChange(staged, e);
            TextDocument.update(staged, [change], staged.version);
            return change;
          });
          document = TextDocument.update(document, changes, document.version + 1);
          assert.equal(document.getText(), staged.getText());
          assert.deepEqual(diagnostics.diagnose(document).lsp, fresh(document));
          const before = chunkedDiagnostics.known(chunked)!;
          chunked.update(changes, chunked.version + 1);
          const after = chunkedDiagnostics.diagnose(chunked);
          assert.deepEqual(after.lsp, fresh(document));
          // A version keeps the list's serial (a pull is answered `unchanged`) exactly when its
          // diagnostics equal the last version's.
          assert.equal(after.listSerial === before.listSerial, isDeepStrictEqual(after.lsp, before.lsp));
          compare();
        }
      }),
      { numRuns: Number(process.env.NOARKQ_PROPERTY_RUNS ?? 200) },
    );
  });

  it('equal a fresh check under the new context after the context changes between edits', () => {
    const contexts = new FeatureContextStore(noarkModel);
    const diagnostics = new DocumentDiagnostics(new ParseCache(), contexts);
    let document = TextDocument.create(uri, 'noarkq', 1, '### a\nGET code-lists?t={{token}}\n### b\nUPLOAD ./x.pdf\n');
    assert.deepEqual(diagnostics.diagnose(document).lsp, fresh(document));
    assert.equal(diagnostics.diagnose(document).lsp.length, 1, 'the unknown {{token}}');
    contexts.setContext({ environment: { token: 'x' } });
    document = TextDocument.update(document, [{ range: { start: { line: 2, character: 5 }, end: { line: 2, character: 5 } }, text: '\n' }], 2);
    assert.deepEqual(diagnostics.diagnose(document).lsp, fresh(document, { token: 'x' }));
    assert.equal(diagnostics.diagnose(document).lsp.length, 0);
  });

  // The shapes and edits of the edit-latency benchmark, at a twentieth of its size: big enough that
  // every edit has blocks before, after and reading it, and (for the file of broken copies) more
  // diagnostics than the editor is shown.
  for (const name of shapeNames) {
    it(`equal a fresh check after each kind of edit and its undo in the ${name} file`, () => {
      const shape = makeShape(name, 1_000);
      const diagnostics = new DocumentDiagnostics(new ParseCache(), new FeatureContextStore(noarkModel));
      let document = TextDocument.create(uri, 'noarkq', 1, shape.text);
      diagnostics.diagnose(document);
      // The server's own document too, in chunks of 4 KB.
      const chunked = new ChunkedTextDocument(uri, 'noarkq', 1, shape.text, { size: 4096, limit: 8192 });
      const chunkedDiagnostics = new DocumentDiagnostics(new ParseCache(), new FeatureContextStore(noarkModel));
      chunkedDiagnostics.diagnose(chunked);
      // The core checker on its own too: the editor is shown at most 1,000 of its diagnostics.
      const checker = createDocumentChecker({ model: noarkModel });
      let parsed = parseDocument(shape.text);
      checker.check(parsed);
      let kinds = 0;
      for (const kind of editKinds) {
        const pair = shape.edits[kind]?.[0];
        if (pair === undefined) continue;
        kinds++;
        for (const edit of [pair.edit, pair.undo]) {
          const text = applyEdit(document.getText(), edit);
          const change = rangeChange(document, edit);
          document = TextDocument.update(document, [change], document.version + 1);
          assert.equal(document.getText(), text);
          const what: string = `${name}: ${kind}, ${edit === pair.edit ? 'edited' : 'undone'}`;
          const whole = checkDocument(parseDocument(text), { model: noarkModel });
          parsed = parseDocument(text, parsed);
          const checked = runSteps(checker.checkedSteps(parsed));
          assert.deepEqual([...checked], whole, what);
          assert.deepEqual({ length: checked.length, ...checked.severities }, { length: whole.length, ...severitiesOf(whole) }, `${what}: the counts`);
          assert.deepEqual(checker.check(parsed), whole, what);
          assert.deepEqual(diagnostics.diagnose(document).lsp, toLspDiagnostics(document, whole), what);
          chunked.update([change], chunked.version + 1);
          assert.deepEqual(chunkedDiagnostics.diagnose(chunked).lsp, toLspDiagnostics(document, whole), `${what} (chunked document)`);
        }
      }
      assert.ok(kinds >= 6, `${name}: only ${kinds} kinds of edit`);
      if (name === 'errors') assert.ok(checker.check(parsed).length > reportedDiagnosticsLimit, 'more diagnostics than the editor is shown');
      assert.equal(document.getText(), shape.text);
    });
  }
});

describe('LSP diagnostics over edits', () => {
  it('are given again, the same objects, where the text before them did not change, and made anew past an edit', () => {
    const shape = makeShape('errors', 1_000);
    const diagnostics = new DocumentDiagnostics(new ParseCache(), new FeatureContextStore(noarkModel));
    const chunked = new ChunkedTextDocument(uri, 'noarkq', 1, shape.text, { size: 4096, limit: 8192 });
    const first = diagnostics.diagnose(chunked).lsp;
    assert.equal(first.length, reportedDiagnosticsLimit);
    const fresh = (): Diagnostic[] => toLspDiagnostics(chunked, checkDocument(parseDocument(chunked.getText()), { model: noarkModel }));
    // Typing near the end, past every diagnostic shown.
    const end = chunked.getText().length;
    chunked.update([rangeChange(chunked, { start: end, end, text: '\n# a comment\n' })], 2);
    const second = diagnostics.diagnose(chunked).lsp;
    assert.deepEqual(second, fresh());
    assert.equal(second[0], first[0]);
    assert.equal(second[second.length - 2], first[first.length - 2]);
    // A line break after the second block's first line: the first block's diagnostics stay, the
    // others move.
    const secondBlock = chunked.getText().indexOf('\n###', chunked.getText().indexOf('\n###') + 1) + 1;
    const at = chunked.getText().indexOf('\n', secondBlock) + 1;
    chunked.update([rangeChange(chunked, { start: at, end: at, text: '\r\n' })], 3);
    const third = diagnostics.diagnose(chunked).lsp;
    assert.deepEqual(third, fresh());
    const moved = third.findIndex((d) => d.range.start.line > chunked.positionAt(at).line);
    assert.ok(moved > 0);
    assert.equal(third[0], second[0]);
    assert.notEqual(third[moved], second[moved]);
  });

  it('are given again where their block moved within its line, unless a place they point at moved otherwise', () => {
    // A file variable and a duplicate name that the diagnostics below them point back at.
    const text = '@from = "2024-01-01"\n@to = 1\n### q\nQUERY Saksmappe\nWHERE saksaar = @from\n### a\nGET x\n### a\nGET y\n';
    const diagnostics = new DocumentDiagnostics(new ParseCache(), new FeatureContextStore(noarkModel));
    const chunked = new ChunkedTextDocument(uri, 'noarkq', 1, text, { size: 16, limit: 32 });
    const fresh = (): Diagnostic[] => toLspDiagnostics(chunked, checkDocument(parseDocument(chunked.getText()), { model: noarkModel }));
    const byCode = (list: Diagnostic[], code: string, n = 0): Diagnostic => list.filter((d) => d.code === code)[n];
    let before = diagnostics.diagnose(chunked).lsp;
    assert.deepEqual(before, fresh());
    let version = 1;
    const edit = (start: number, end: number, newText: string): Diagnostic[] => {
      chunked.update([rangeChange(chunked, { start, end, text: newText })], ++version);
      const after = diagnostics.diagnose(chunked).lsp;
      assert.deepEqual(after, fresh(), `after version ${version}`);
      return after;
    };
    // Typing in the second variable's value moves every block by a character, not a line: the
    // blocks' own diagnostics are given again.
    let after = edit(text.indexOf('1\n###'), text.indexOf('1\n###') + 1, '12');
    assert.equal(byCode(after, 'noarkq.unknown-endpoint', 1), byCode(before, 'noarkq.unknown-endpoint', 1));
    before = after;
    // A space before the first variable's name moves the place the type mismatch points back at.
    after = edit(0, 0, ' ');
    assert.notEqual(byCode(after, 'noarkq.param-type-mismatch'), byCode(before, 'noarkq.param-type-mismatch'));
    before = after;
    // A space in the first block named a moves its name, which the duplicate points back at.
    const first = chunked.getText().indexOf('### a') + 3;
    after = edit(first, first, ' ');
    assert.notEqual(byCode(after, 'noarkq.duplicate-block-name'), byCode(before, 'noarkq.duplicate-block-name'));
    assert.equal(byCode(after, 'noarkq.unknown-endpoint', 1), byCode(before, 'noarkq.unknown-endpoint', 1));
    before = after;
    // A digit typed in the second variable's value moves both blocks named a, and the duplicate's
    // pointer to the first, by a character and no line: it is given again too.
    const value = chunked.getText().indexOf('12\n###');
    after = edit(value, value, '3');
    assert.equal(byCode(after, 'noarkq.duplicate-block-name'), byCode(before, 'noarkq.duplicate-block-name'));
  });
});

describe('a block\'s diagnostics given again whole', () => {
  const session = (text: string) => {
    const diagnostics = new DocumentDiagnostics(new ParseCache(), new FeatureContextStore(noarkModel));
    const chunked = new ChunkedTextDocument(uri, 'noarkq', 1, text, { size: 16, limit: 32 });
    let version = 1;
    const fresh = (): Diagnostic[] => toLspDiagnostics(chunked, checkDocument(parseDocument(chunked.getText()), { model: noarkModel }));
    const first = diagnostics.diagnose(chunked);
    assert.deepEqual(first.lsp, fresh());
    return {
      first,
      chunked,
      /** Replaces `length` characters at the first `at` (after `after`) with `newText`. */
      edit(at: string, length: number, newText: string, after = '') {
        const start = chunked.getText().indexOf(at, chunked.getText().indexOf(after));
        assert.ok(start !== -1, at);
        chunked.update([rangeChange(chunked, { start, end: start + length, text: newText })], ++version);
        const result = diagnostics.diagnose(chunked);
        assert.deepEqual(result.lsp, fresh(), `after version ${version}`);
        return result;
      },
    };
  };

  it('are made anew when a line break of the same length as what it replaced moves them a line', () => {
    const s = session('### a\nGET x1\n### b\nGET y\n');
    const before = s.first.lsp.find((d) => String(d.message).includes('`y`'))!;
    const after = s.edit('1\n', 1, '\n').lsp.find((d) => String(d.message).includes('`y`'))!;
    assert.equal(after.range.start.line, before.range.start.line + 1);
  });

  it('point at the first block of a name when an earlier block is renamed to it in as many characters', () => {
    const s = session('### x\nGET p\n### a\nGET q\n### a\nGET y\n');
    const pointedAt = (lsp: Diagnostic[]) => lsp.filter((d) => d.code === 'noarkq.duplicate-block-name').map((d) => d.relatedInformation?.[0]?.location.range.start.line);
    assert.deepEqual(pointedAt(s.first.lsp), [2]);
    assert.deepEqual(pointedAt(s.edit('x', 1, 'a').lsp), [0, 0]);
  });

  it('stand for the checker\'s diagnostics of their version, placed when a code action asks, after later edits too', () => {
    // Typing in a file variable moves every block by a character: their runs are given again
    // whole, and their diagnostics are placed only when asked for.
    const s = session('@year = 2024\n### q\nQUERY Saksmape\nWHERE saksaar = @year\n### r\nGET y\n');
    const typed = s.edit('2024', 4, '20245');
    const typo = typed.lsp.find((d) => String(d.message).includes('Saksmape'))!;
    assert.equal(typo, s.first.lsp.find((d) => String(d.message).includes('Saksmape')), 'given again');
    const textThen = s.chunked.getText();
    s.edit('### r', 0, '\n\n');
    const source = typed.shown.sourceOf(typo)!;
    assert.ok(source, 'found');
    assert.equal(textThen.slice(source.start, source.end), 'Saksmape', 'placed in the version it was shown in');
    assert.ok(source.fixes?.some((f) => f.edits.some((e) => e.newText === 'Saksmappe')), 'with its fix');
  });
});

describe('the incremental checker on generated files', () => {
  // Random edits (pieces that make, break and retarget blocks and references) on a small file of
  // each shape of the benchmark: the runs each block keeps, their counts and a capped conversion
  // equal a fresh check's sorted list after every edit, wherever the edits leave diagnostics.
  for (const name of shapeNames) {
    it(`equal a fresh check after random edits in the ${name} file`, () => {
      // The start of the benchmark's file (smaller ones have no sites for its edits).
      const whole = makeShape(name, 1_000).text;
      let cut = 0;
      for (let i = 0; i < 120; i++) cut = whole.indexOf('\n###', cut + 1);
      const start = whole.slice(0, cut + 1);
      fc.assert(
        fc.property(fc.array(documentEditArb, { minLength: 1, maxLength: 6 }), (edits) => {
          const checker = createDocumentChecker({ model: noarkModel });
          let text = start;
          let parsed = parseDocument(text);
          checker.check(parsed);
          for (const edit of edits) {
            text = applyDocumentEdit(text, edit);
            parsed = parseDocument(text, parsed);
            const whole = checkDocument(parseDocument(text), { model: noarkModel });
            const checked = runSteps(checker.checkedSteps(parsed));
            assert.deepEqual([...checked], whole);
            assert.deepEqual({ length: checked.length, ...checked.severities }, { length: whole.length, ...severitiesOf(whole) });
            const document = TextDocument.create(uri, 'noarkq', 1, text);
            assert.deepEqual(toLspDiagnostics(document, checked, 20), toLspDiagnostics(document, whole, 20));
          }
        }),
        { numRuns: Number(process.env.NOARKQ_PROPERTY_RUNS ?? 15) },
      );
    });
  }
});

describe('diagnostics reported to the editor', () => {
  const at = (start: number, severity: NoarkqDiagnostic['severity']): NoarkqDiagnostic => ({ code: 'noarkq.test', severity, start, end: start + 1, message: `${severity} at ${start}` });
  const document = TextDocument.create('file:///many.noarkq', 'noarkq', 1, 'x'.repeat(3000));

  it('are all of them up to the limit', () => {
    const all = Array.from({ length: reportedDiagnosticsLimit }, (_, i) => at(i, i % 2 ? 'warning' : 'error'));
    assert.equal(toLspDiagnostics(document, all).length, reportedDiagnosticsLimit);
  });

  it('past the limit, are the errors first, then the warnings, in document order, and a note saying how many more there are: 1,000 in all, as VS Code keeps', () => {
    // 600 warnings, then 600 errors, then 10 hints: 999 places, all 600 errors and the first 399 warnings.
    const all = [
      ...Array.from({ length: 600 }, (_, i) => at(i, 'warning')),
      ...Array.from({ length: 600 }, (_, i) => at(1000 + i, 'error')),
      ...Array.from({ length: 10 }, (_, i) => at(2000 + i, 'hint')),
    ];
    const shown = toLspDiagnostics(document, all);
    assert.equal(shown.length, reportedDiagnosticsLimit);
    assert.deepEqual(
      shown.slice(0, -1).map((d) => document.offsetAt(d.range.start)),
      [...all.slice(0, 399), ...all.slice(600, 1200)].map((d) => d.start),
    );
    const note = shown[shown.length - 1];
    assert.equal(note.code, 'noarkq.diagnostics-limit');
    assert.equal(document.offsetAt(note.range.start), 399, 'at the first diagnostic left out');
    assert.match(typeof note.message === 'string' ? note.message : '', /^At least 210 more problems in this file are not shown: the editor is sent the first 999, errors first/);
  });
});
