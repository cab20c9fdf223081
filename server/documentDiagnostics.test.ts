/**
 * The server's diagnostics path (parse cache, one incremental checker per document, LSP
 * conversion) gives, after any sequence of editor edits, exactly what a fresh parse and check of
 * the same text gives.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { checkDocument, parseDocument } from '../core/document';
import { toLspDiagnostics } from '../core/features/lspDiagnostics';
import { noarkModel } from '../core/schema';
import { documentArb } from '../test/fuzz/noarkqArbitraries';
import { DocumentDiagnostics } from './documentDiagnostics';
import { FeatureContextStore } from './featureContextStore';
import { ParseCache } from './parseCache';

const uri = 'file:///edited.noarkq';

/** Pieces that make, break and retarget blocks, names and references. */
const insertions = [
  '',
  '\n',
  '###',
  '\n### letter\nUPLOAD ./a.pdf\n',
  '\n### findCase\nQUERY Dokument\n',
  '{{findCase.results[0].id}}',
  '{{letter.id}}',
  '{{caseId}}',
  '\n@caseId = {{findCase.results[0].id}}\n',
  'tittel',
  '"',
  'x',
];

interface Edit {
  at: number;
  remove: number;
  text: string;
}

const editArb: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  remove: fc.integer({ min: 0, max: 25 }),
  text: fc.oneof(fc.constantFrom(...insertions), fc.string({ maxLength: 3 })),
});

/** An edit as the editor sends it: a range in the current version and its replacement. */
function contentChange(document: TextDocument, edit: Edit): TextDocumentContentChangeEvent {
  const length = document.getText().length;
  const start = length === 0 ? 0 : edit.at % (length + 1);
  const end = Math.min(length, start + edit.remove);
  return { range: { start: document.positionAt(start), end: document.positionAt(end) }, text: edit.text };
}

function fresh(document: TextDocument, environment?: Record<string, string>) {
  return toLspDiagnostics(document, checkDocument(parseDocument(document.getText()), { model: noarkModel, environment }));
}

describe('server diagnostics over edits', () => {
  it('equal a fresh check after every version, with one or several changes per version', () => {
    fc.assert(
      fc.property(documentArb, fc.array(fc.array(editArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), (text, versions) => {
        const contexts = new FeatureContextStore(noarkModel);
        const diagnostics = new DocumentDiagnostics(new ParseCache(), contexts);
        let document = TextDocument.create(uri, 'noarkq', 1, text);
        assert.deepEqual(diagnostics.diagnose(document).lsp, fresh(document));
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
});
