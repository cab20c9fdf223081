/**
 * NoarkqDiagnostic (offsets) → LSP Diagnostic (positions). The diagnostic's fixes travel in
 * `data`, already as ranges, so that a code-action request (which gets the diagnostics back from
 * the client) can offer them without checking the document again.
 */
import { Range, type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { toLspDiagnostic, toLspRange, type NoarkqDiagnostic } from '../diagnostics';

export interface FixEditData {
  range: Range;
  newText: string;
}

export interface FixData {
  title: string;
  preferred?: boolean;
  edits: FixEditData[];
}

/** What `Diagnostic.data` holds for a diagnostic with fixes. */
export interface DiagnosticData {
  fixes: FixData[];
}

export function toLspDiagnostics(document: TextDocument, diagnostics: readonly NoarkqDiagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => {
    const lsp = toLspDiagnostic(document, d);
    if (d.fixes?.length) {
      const data: DiagnosticData = {
        fixes: d.fixes.map((f) => ({
          title: f.title,
          ...(f.preferred ? { preferred: true } : {}),
          edits: f.edits.map((e) => ({ range: toLspRange(document, e), newText: e.newText })),
        })),
      };
      lsp.data = data;
    }
    return lsp;
  });
}

/** The fixes in a diagnostic's `data`, when it is ours and well-formed (it came over the wire). */
export function fixesOf(diagnostic: Diagnostic): FixData[] {
  const data: unknown = diagnostic.data;
  if (typeof data !== 'object' || data === null || !('fixes' in data) || !Array.isArray(data.fixes)) return [];
  return (data.fixes as unknown[]).filter(isFixData);
}

function isFixData(value: unknown): value is FixData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.title === 'string' && Array.isArray(v.edits) && v.edits.every(isEditData);
}

function isEditData(value: unknown): value is FixEditData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.newText === 'string' && Range.is(v.range);
}
