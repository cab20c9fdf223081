/**
 * NoarkqDiagnostic (offsets) → LSP Diagnostic (positions). The diagnostic's fixes travel in
 * `data`, already as ranges, so that a code-action request (which gets the diagnostics back from
 * the client) can offer them without checking the document again.
 */
import { Diagnostic, DiagnosticSeverity, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { toLspDiagnostic, toLspRange, type NoarkqDiagnostic, type Severity } from '../diagnostics';
import { DocumentCodes } from '../document/documentCodes';
import type { CheckedDiagnostics } from '../document/documentChecker';

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

/**
 * How many diagnostics the editor is sent for one document, the note on the rest included. A file
 * with more (a generated file gone wrong, copies of a broken one) gains nothing from the rest:
 * nobody reads the ten-thousandth problem before fixing the first, and sending them all costs the
 * server and the editor time and memory in proportion (hundreds of MB for a 10 MB file, and every
 * edit converting them again). VS Code keeps 1,000 of a file's diagnostics from an extension,
 * chosen the same way. `noarkq check` lists every one.
 */
export const reportedDiagnosticsLimit = 1_000;

/** LSP diagnostics made before, to be given again for the same diagnostic: `reuse` gives the one
 * made for `d` if it still stands (the text before it did not change), `keep` is told each one
 * made or given. */
export interface LspConversions {
  reuse(d: NoarkqDiagnostic): Diagnostic | undefined;
  keep(d: NoarkqDiagnostic, lsp: Diagnostic): void;
}

/** The diagnostics as the editor is sent them: all when they are at most `limit`; otherwise
 * `limit - 1` of them, errors before warnings before the rest and each kind in document order,
 * then one note on what was left out and where it starts. `diagnostics` are in document order,
 * as the checker gives them; only those sent (and the first left out) are read, so a check's
 * `CheckedDiagnostics` are placed in the document only as far as they are shown. */
export function toLspDiagnostics(document: TextDocument, diagnostics: readonly NoarkqDiagnostic[] | CheckedDiagnostics, limit = reportedDiagnosticsLimit, conversions?: LspConversions): Diagnostic[] {
  const lsp: Diagnostic[] = [];
  const convert = (d: NoarkqDiagnostic): Diagnostic => {
    if (conversions === undefined) return toLspDiagnosticWithFixes(document, d);
    const made = conversions.reuse(d) ?? toLspDiagnosticWithFixes(document, d);
    conversions.keep(d, made);
    return made;
  };
  if (diagnostics.length <= limit) {
    for (const d of diagnostics) lsp.push(convert(d));
    return lsp;
  }
  const severities = 'severities' in diagnostics ? diagnostics.severities : countSeverities(diagnostics);
  // Every diagnostic more severe than `cut` is kept, and the first `room` of rank `cut`.
  const counts = [severities.error, severities.warning, severities.information, severities.hint];
  let cut = 0;
  let room = limit - 1;
  while (cut < 3 && counts[cut] <= room) room -= counts[cut++];
  let firstLeftOut: NoarkqDiagnostic | undefined;
  let errorsShown = 0;
  for (const d of diagnostics) {
    const rank = severityRank[d.severity];
    if (rank < cut || (rank === cut && room-- > 0)) {
      lsp.push(convert(d));
      if (rank === 0) errorsShown++;
    } else {
      firstLeftOut ??= d;
    }
    if (lsp.length === limit - 1 && firstLeftOut !== undefined) break;
  }
  lsp.push(leftOutNote(document, firstLeftOut!, diagnostics.length - lsp.length, severities.error - errorsShown, lsp.length));
  return lsp;
}

function countSeverities(diagnostics: readonly NoarkqDiagnostic[]): Record<Severity, number> {
  const severities: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const d of diagnostics) severities[d.severity]++;
  return severities;
}

function toLspDiagnosticWithFixes(document: TextDocument, d: NoarkqDiagnostic): Diagnostic {
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
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

function leftOutNote(document: TextDocument, first: NoarkqDiagnostic, left: number, errors: number, shown: number): Diagnostic {
  const count = (n: number, word: string): string => `${roughCount(n)} ${word}${n === 1 ? '' : 's'}`;
  const message =
    `${capitalised(count(left, 'more problem'))} in this file ${left === 1 ? 'is' : 'are'} not shown` +
    (errors > 0 ? ` (${count(errors, 'error')})` : '') +
    `: the editor is sent the first ${shown.toLocaleString('en-US')}, errors first. The first left out is here; \`noarkq check\` lists them all.`;
  return Diagnostic.create(toLspRange(document, first), message, DiagnosticSeverity.Information, DocumentCodes.diagnosticsLimit, 'noarkq');
}

/**
 * A count of left-out problems as the note gives it: exact below 100, else rounded down to two
 * significant digits ("at least 9,000"). The note is part of the list the editor is sent, so an
 * exact count would re-send the whole list (a thousand diagnostics) at every edit that adds or
 * removes a problem the editor does not show.
 */
export function roughCount(n: number): string {
  if (n < 100) return n.toLocaleString('en-US');
  const unit = 10 ** (String(Math.trunc(n)).length - 2);
  return `at least ${(Math.floor(n / unit) * unit).toLocaleString('en-US')}`;
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Whether two diagnostics made by `toLspDiagnostics` say the same: every field it sets (range,
 * message, severity, code, source, related locations, the fixes in `data`), compared as such
 * rather than by walking any object's keys, which made comparing a thousand of them cost as much
 * as sending them.
 */
export function sameLspDiagnostic(a: Diagnostic, b: Diagnostic): boolean {
  if (a === b) return true;
  if (a.message !== b.message || a.severity !== b.severity || a.code !== b.code || a.source !== b.source || !sameRange(a.range, b.range)) return false;
  if (a.tags !== undefined || b.tags !== undefined || a.codeDescription !== undefined || b.codeDescription !== undefined) return false;
  const related = a.relatedInformation ?? [];
  const otherRelated = b.relatedInformation ?? [];
  if (related.length !== otherRelated.length) return false;
  for (let i = 0; i < related.length; i++) {
    const r = related[i];
    const o = otherRelated[i];
    if (r.message !== o.message || r.location.uri !== o.location.uri || !sameRange(r.location.range, o.location.range)) return false;
  }
  const fixes = (a.data as DiagnosticData | undefined)?.fixes ?? [];
  const otherFixes = (b.data as DiagnosticData | undefined)?.fixes ?? [];
  if ((a.data === undefined) !== (b.data === undefined) || fixes.length !== otherFixes.length) return false;
  for (let i = 0; i < fixes.length; i++) {
    const f = fixes[i];
    const o = otherFixes[i];
    if (f.title !== o.title || f.preferred !== o.preferred || f.edits.length !== o.edits.length) return false;
    for (let j = 0; j < f.edits.length; j++) if (f.edits[j].newText !== o.edits[j].newText || !sameRange(f.edits[j].range, o.edits[j].range)) return false;
  }
  return true;
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
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
