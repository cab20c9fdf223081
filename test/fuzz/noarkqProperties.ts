/**
 * The properties every parser and checker must keep on ANY input: they never throw, every
 * diagnostic lies inside the text with a catalogued code and a message, every fix edits inside the
 * text, and re-parsing after an edit (reusing unchanged blocks) gives what a fresh parse gives.
 * Shared by the quick property test (`npm test`) and the long fuzz run (`npm run fuzz`).
 */
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { checkDocument, createDocumentChecker, parseDocument } from '../../core/document';
import { allDiagnosticCodes } from '../../core/diagnosticCatalog';
import type { NoarkqDiagnostic } from '../../core/diagnostics';
import { parseQueryExpression } from '../../core/query';
import { noarkModel } from '../../core/schema';
import { anyDocumentArb, anyExpressionArb, applyDocumentEdit, documentArb, documentEditArb } from './noarkqArbitraries';

const knownCodes = new Set(allDiagnosticCodes.map((c) => c.code));

function assertWellFormed(text: string, diagnostics: readonly NoarkqDiagnostic[]): void {
  for (const d of diagnostics) {
    assert.ok(knownCodes.has(d.code), `uncatalogued code ${d.code}`);
    assert.ok(d.message.length > 0, `empty message for ${d.code}`);
    assert.ok(0 <= d.start && d.start <= d.end && d.end <= text.length, `${d.code} range ${d.start}-${d.end} outside 0-${text.length}`);
    for (const fix of d.fixes ?? []) {
      for (const e of fix.edits) {
        assert.ok(0 <= e.start && e.start <= e.end && e.end <= text.length, `fix "${fix.title}" of ${d.code} edits outside the text`);
      }
    }
  }
}

function check(text: string): NoarkqDiagnostic[] {
  return checkDocument(parseDocument(text), { model: noarkModel });
}

const summary = (ds: NoarkqDiagnostic[]) => ds.map((d) => `${d.start}-${d.end} ${d.code} ${d.message}`);

export const documentNeverThrows = fc.property(anyDocumentArb, (text) => {
  assertWellFormed(text, check(text));
});

export const incrementalParseEqualsFreshParse = fc.property(anyDocumentArb, anyDocumentArb, (before, after) => {
  const previous = parseDocument(before);
  const reused = checkDocument(parseDocument(after, previous), { model: noarkModel });
  assert.deepEqual(summary(reused), summary(check(after)));
});

export const expressionNeverThrows = fc.property(anyExpressionArb, (expression) => {
  const { diagnostics } = parseQueryExpression(expression);
  assertWellFormed(expression, diagnostics);
});

/** A property with its argument types erased, so that properties of different arities share a list. */
export interface NamedProperty {
  name: string;
  check(params: fc.Parameters<unknown>): fc.RunDetails<unknown>;
}

function named<T extends [unknown, ...unknown[]]>(name: string, property: fc.IProperty<T>): NamedProperty {
  return { name, check: (params) => fc.check(property, params as fc.Parameters<T>) as fc.RunDetails<unknown> };
}

export const allProperties: readonly NamedProperty[] = [
  named('documentNeverThrows', documentNeverThrows),
  named('incrementalParseEqualsFreshParse', incrementalParseEqualsFreshParse),
  named('expressionNeverThrows', expressionNeverThrows),
  named('incrementalCheckEqualsFreshCheck', incrementalCheckEqualsFreshCheck()),
];

/**
 * The incremental checker, fed one edit after another (each parse reusing the previous one),
 * gives at every check exactly what a fresh check of the same text gives. A function (hoisted) so
 * that `allProperties` above can list it.
 */
export function incrementalCheckEqualsFreshCheck() {
  // Several edits between two checks, as an editor sends several changes in one version: one edit
  // can unname a block while another names a different one, which no single edit does.
  const batches = fc.array(fc.array(documentEditArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 });
  return fc.property(documentArb, batches, (start, versions) => {
    const checker = createDocumentChecker({ model: noarkModel });
    let text = start;
    let doc = parseDocument(text);
    assert.deepEqual(checker.check(doc), check(text));
    for (const edits of versions) {
      for (const e of edits) text = applyDocumentEdit(text, e);
      doc = parseDocument(text, doc);
      assert.deepEqual(checker.check(doc), check(text));
    }
  });
}
