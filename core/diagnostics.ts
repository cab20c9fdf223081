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
  return {
    ...d,
    start: d.start + delta,
    end: d.end + delta,
    fixes: d.fixes?.map((f) => ({ ...f, edits: f.edits.map((e) => ({ ...e, start: e.start + delta, end: e.end + delta })) })),
    related: d.related?.map((r) => ({ ...r, start: r.start + delta, end: r.end + delta })),
  };
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
