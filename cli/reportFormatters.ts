/** Text and JSON reports of `noarkq check`; SARIF has its own module. */
import type { Finding, FindingCounts } from './findings';

/** `file:line:col severity code message`, one line per finding. */
export function formatText(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.code} ${f.message}\n`).join('');
}

export function formatJson(findings: readonly Finding[]): string {
  const rows = findings.map((f) => ({
    file: f.file,
    line: f.line,
    column: f.column,
    endLine: f.endLine,
    endColumn: f.endColumn,
    severity: f.severity,
    code: f.code,
    message: f.message,
  }));
  return JSON.stringify(rows, null, 2) + '\n';
}

/** The summary line printed on stderr: `2 errors, 1 warning in 3 files`. */
export function formatSummary(counts: FindingCounts, files: number): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')} in ${plural(files, 'file')}\n`;
}
