/**
 * The one diagnostic shape every core analysis returns. Offsets, not positions: analyses work on
 * text slices and only the edge (LSP server, CLI) knows the whole document's line structure.
 */
import { Diagnostic, DiagnosticSeverity, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface Span {
  /** Offset of the first character. */
  start: number;
  /** Offset just past the last character. */
  end: number;
}

/** A text replacement, in the same offset space as the diagnostic that carries it. */
export interface TextEdit extends Span {
  newText: string;
}

/** A quick fix that is obvious enough to offer without asking: the LSP layer makes a code action. */
export interface Fix {
  title: string;
  edits: TextEdit[];
  /** The fix the user most likely wants; becomes `isPreferred`. */
  preferred?: boolean;
}

export interface RelatedLocation extends Span {
  message: string;
}

export interface NoarkqDiagnostic extends Span {
  /** Stable id, e.g. `noarkq.unknown-field`; documented in the diagnostic catalogue. */
  code: string;
  severity: Severity;
  /** Says what is wrong and what to do. */
  message: string;
  fixes?: Fix[];
  related?: RelatedLocation[];
}

/** A catalogue entry: every code a module can produce is listed once, with what it means. */
export interface DiagnosticCodeInfo {
  code: string;
  severity: Severity;
  /** One line for SARIF rules, docs and the README table. */
  description: string;
}

/** Moves a diagnostic (and its fixes and related locations) by `delta` characters. */
export function shiftDiagnostic(d: NoarkqDiagnostic, delta: number): NoarkqDiagnostic {
  if (delta === 0) return d;
  return placeDiagnostic(d, (s) => s.start + delta);
}

/**
 * A copy of `d` with every span (its own, its fixes' edits', its related locations') moved to
 * where `placed` puts it (`placed(s) - s.start` is the distance). The copies are written field by
 * field, not spread: a spread gives each copy a hidden class of its own, and a file full of
 * errors has hundreds of thousands of them.
 */
export function placeDiagnostic(d: NoarkqDiagnostic, placed: (s: Span) => number): NoarkqDiagnostic {
  const start = placed(d);
  const delta = start - d.start;
  const out: NoarkqDiagnostic = { code: d.code, severity: d.severity, start, end: d.end + delta, message: d.message, fixes: undefined, related: undefined };
  if (d.fixes) out.fixes = d.fixes.map((f) => placeFix(f, placed));
  if (d.related) out.related = d.related.map((r) => placeRelated(r, placed));
  return out;
}

function placeFix(f: Fix, placed: (s: Span) => number): Fix {
  const edits = f.edits.map((e): TextEdit => {
    const start = placed(e);
    return { start, end: e.end + start - e.start, newText: e.newText };
  });
  return f.preferred === undefined ? { title: f.title, edits } : { title: f.title, edits, preferred: f.preferred };
}

function placeRelated(r: RelatedLocation, placed: (s: Span) => number): RelatedLocation {
  const start = placed(r);
  return { start, end: r.end + start - r.start, message: r.message };
}

/**
 * One string for each message, title and related message that is written again (a file of many
 * similar blocks has the same few hundred messages over and over): diagnostics are kept for as
 * long as the file is open, and a message built from a template is a chain of pieces, larger
 * than its text. Changes `diagnostics` in place (they are fresh from a parse or a check) and
 * returns it.
 */
export function shareMessages<T extends NoarkqDiagnostic[]>(diagnostics: T): T {
  for (const d of diagnostics) {
    d.message = sharedText(d.message);
    if (d.related) for (const r of d.related) r.message = sharedText(r.message);
    if (d.fixes) for (const f of d.fixes) f.title = sharedText(f.title);
  }
  return diagnostics;
}

/** Messages seen lately. Forgotten all at once when full, so that what a closed file's
 * diagnostics said does not stay forever. */
const sharedTexts = new Map<string, string>();
const maxSharedTexts = 20_000;

function sharedText(text: string): string {
  const known = sharedTexts.get(text);
  if (known !== undefined) return known;
  if (sharedTexts.size >= maxSharedTexts) sharedTexts.clear();
  // The map's key is the text made flat by the look-up; keep that one.
  sharedTexts.set(text, text);
  return text;
}

const lspSeverity: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toLspRange(doc: TextDocument, span: Span): Range {
  return Range.create(doc.positionAt(span.start), doc.positionAt(span.end));
}

export function toLspDiagnostic(doc: TextDocument, d: NoarkqDiagnostic): Diagnostic {
  const result = Diagnostic.create(toLspRange(doc, d), d.message, lspSeverity[d.severity], d.code, 'noarkq');
  if (d.related?.length) {
    result.relatedInformation = d.related.map((r) => ({
      location: { uri: doc.uri, range: toLspRange(doc, r) },
      message: r.message,
    }));
  }
  return result;
}

/**
 * Whether `lsp` is what `toLspDiagnostic(doc, d)` makes, without making it: every position of
 * `d` (its own, its related locations') where `lsp` has it, and the same words. A diagnostic whose
 * block moved by characters but not lines reads the same, and the LSP one made before can be
 * given again.
 */
export function convertsTo(doc: TextDocument, d: NoarkqDiagnostic, lsp: Diagnostic): boolean {
  if (lsp.message !== d.message || lsp.code !== d.code || lsp.severity !== lspSeverity[d.severity] || lsp.data !== undefined) return false;
  if (!atRange(doc, d, lsp.range)) return false;
  const related = d.related ?? [];
  const shown = lsp.relatedInformation ?? [];
  if (shown.length !== related.length) return false;
  for (let i = 0; i < related.length; i++) {
    const r = shown[i];
    if (r.message !== related[i].message || r.location.uri !== doc.uri || !atRange(doc, related[i], r.location.range)) return false;
  }
  return true;
}

function atRange(doc: TextDocument, span: Span, range: Range): boolean {
  const start = doc.positionAt(span.start);
  if (start.line !== range.start.line || start.character !== range.start.character) return false;
  const end = doc.positionAt(span.end);
  return end.line === range.end.line && end.character === range.end.character;
}

