/**
 * Test support for the query tests: fixtures are whole request texts with optional block
 * variable lines (`@name = <JSON>` or `@name = {{ref}}`) above the QUERY line, and an expected
 * range marked with `«...»` (guillemets, because the query language uses `[`, `]`, `{`, `}`).
 */
import type { NoarkqDiagnostic, TextEdit } from '../diagnostics';
import type { JsonValue } from '../jsonValue';
import { noarkModel } from '../schema/index';
import type { NoarkModel } from '../schema/types';
import { checkQueryRequest } from './queryChecker';
import type { QueryRequest } from './queryAst';
import type { VariableBinding } from './queryContext';
import { parseQueryRequest } from './queryRequestParser';

/** Removes the `«`/`»` marks; `span` is the marked range in the cleaned text. */
export function unmark(marked: string): { text: string; span?: { start: number; end: number } } {
  const open = marked.indexOf('«');
  if (open < 0) return { text: marked };
  const close = marked.indexOf('»', open);
  if (close < 0) throw new Error(`fixture has « without »: ${marked}`);
  return { text: marked.slice(0, open) + marked.slice(open + 1, close) + marked.slice(close + 1), span: { start: open, end: close - 1 } };
}

export interface RunOptions {
  /** File-scope variables (never reported unused). */
  fileVariables?: Record<string, JsonValue>;
  model?: NoarkModel;
}

export interface RunResult {
  text: string;
  request: QueryRequest;
  parseDiagnostics: NoarkqDiagnostic[];
  checkDiagnostics: NoarkqDiagnostic[];
  diagnostics: NoarkqDiagnostic[];
}

/** Parses the block variables above the QUERY line, then parses and checks the request. */
export function runQuery(text: string, options: RunOptions = {}): RunResult {
  const variables: VariableBinding[] = [];
  let queryStart = -1;
  let offset = 0;
  for (const line of text.split('\n')) {
    const m = /^@(\S+)\s*=\s*(.*)$/.exec(line);
    if (/^\s*QUERY\b/i.test(line)) {
      queryStart = offset;
      break;
    }
    if (m) {
      const raw = m[2].trim();
      let value: VariableBinding['value'];
      if (raw.startsWith('{{')) value = { kind: 'reference', text: raw };
      else {
        try {
          value = { kind: 'json', value: JSON.parse(raw) as JsonValue };
        } catch {
          value = { kind: 'invalid' };
        }
      }
      variables.push({ name: m[1], scope: 'block', span: { start: offset, end: offset + 1 + m[1].length }, value });
    }
    offset += line.length + 1;
  }
  if (queryStart < 0) throw new Error(`fixture has no QUERY line: ${text}`);
  for (const [name, value] of Object.entries(options.fileVariables ?? {})) variables.push({ name, scope: 'file', value: { kind: 'json', value } });
  const { request, diagnostics: parseDiagnostics } = parseQueryRequest(text, queryStart, text.length);
  const checkDiagnostics = checkQueryRequest(request, { model: options.model ?? noarkModel, variables });
  return { text, request, parseDiagnostics, checkDiagnostics, diagnostics: [...parseDiagnostics, ...checkDiagnostics] };
}

/** Applies non-overlapping edits (any order) to `text`. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

/** `code@"covered text"` per diagnostic: compact, readable assertion output. */
export function describeDiagnostics(text: string, diagnostics: readonly NoarkqDiagnostic[]): string[] {
  return diagnostics.map((d) => `${d.code}@${JSON.stringify(text.slice(d.start, d.end))}`);
}
