/** A diagnostic placed in a file by line and column (1-based), the unit every report prints. */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { NoarkqDiagnostic, Severity } from '../core/diagnostics';

export interface Finding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
}

export function toFindings(file: string, text: string, diagnostics: readonly NoarkqDiagnostic[]): Finding[] {
  const doc = TextDocument.create('file:///' + encodeURI(file), 'noarkq', 1, text);
  return diagnostics.map((d) => {
    const start = doc.positionAt(d.start);
    const end = doc.positionAt(d.end);
    return {
      file,
      line: start.line + 1,
      column: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
      severity: d.severity,
      code: d.code,
      message: d.message,
    };
  });
}

export interface FindingCounts {
  errors: number;
  warnings: number;
}

export function countFindings(findings: readonly Finding[]): FindingCounts {
  return {
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
  };
}
