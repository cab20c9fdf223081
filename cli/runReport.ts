/**
 * How `noarkq run` prints a block's result for a person: a status line, then a table of query
 * results (type, id and the type's identifying fields, fitted to the terminal), temporary id →
 * real id for a transaction, the file id of an upload, where a download went, the JSON of any
 * other answer, or the archive's error with its status and errorId.
 */
import { describeOutcome } from '../core/document/expectationEvaluation';
import type { JsonValue } from '../core/jsonValue';
import { identifyingFields, type NoarkModel } from '../core/schema';
import { formatBytes } from '../core/text/formatBytes';
import type { BlockRunResult } from '../runner/blocks/blockRunResult';

export interface TextStyle {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

const ansi = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;
export const colourStyle: TextStyle = { bold: ansi(1, 22), dim: ansi(2, 22), red: ansi(31, 39), green: ansi(32, 39), yellow: ansi(33, 39) };
const same = (text: string) => text;
export const plainStyle: TextStyle = { bold: same, dim: same, red: same, green: same, yellow: same };

export interface ReportOptions {
  style: TextStyle;
  /** Terminal width; undefined when not a terminal (nothing is cut). */
  width: number | undefined;
  model: NoarkModel;
}

/** Longest JSON answer printed whole; longer ones are cut with a pointer to --format json / --out. */
const maxJsonLines = 60;
const indent = '  ';

export function formatBlockResult(result: BlockRunResult, options: ReportOptions): string {
  const { style } = options;
  const name = result.blockName ?? (result.blockIndex < 0 ? '(preamble)' : `(block ${result.blockIndex + 1})`);
  const what = result.request ? `${result.request.method} ${result.request.path}` : kindLabel(result);
  const lines: string[] = [];
  if (result.ok) {
    const cost = [`${result.status}`, formatDuration(result.durationMs), formatBytes(result.bytes), ...(result.pages ? [`${result.pages} page${result.pages === 1 ? '' : 's'}`] : [])];
    lines.push(`${style.green('✔')} ${style.bold(name)}  ${what}  ${style.dim(cost.join('  '))}`);
    // An answer outside 2xx is a success only when the block expects it: show it as it came.
    const answered = result.status !== undefined && (result.status < 200 || result.status > 299) ? jsonLines(result.body, options) : successBody(result, options);
    lines.push(...answered.map((l) => indent + l));
    lines.push(...expectationLines(result, options));
  } else if (result.error?.kind === 'expectation' && result.expectations) {
    const status = result.status !== undefined ? `  ${result.status}` : '';
    lines.push(`${style.red('✖')} ${style.bold(name)}  ${what}${status}  ${style.dim(`line ${result.line}`)}`);
    lines.push(...expectationLines(result, options));
  } else {
    const error = result.error;
    const status = result.status !== undefined ? `  ${result.status}` : '';
    lines.push(`${style.red('✖')} ${style.bold(name)}  ${what}${style.red(status)}  ${style.dim(`line ${result.line}`)}`);
    if (error?.kind === 'archive') {
      lines.push(indent + style.red(`The archive answered ${error.status}${error.errorId ? ` (errorId ${error.errorId})` : ''}:`));
      lines.push(...wrapText(error.description, options.width, indent + indent).map((l) => style.red(l)));
    } else if (error?.kind === 'outcome-unknown') {
      // The line above names the request already; the message begins by naming it again.
      const what = error.message.replace(/^\S+ \S+: outcome unknown — /, '');
      lines.push(...wrapText(`Outcome unknown: ${what}`, options.width, indent).map((l) => style.yellow(l)));
    } else if (error) {
      lines.push(...wrapText(error.message, options.width, indent).map((l) => style.red(l)));
    }
  }
  return lines.join('\n') + '\n';
}

/** Each expectation of the block, passed or not, and the tries a RETRY took. */
function expectationLines(result: BlockRunResult, options: ReportOptions): string[] {
  const outcomes = result.expectations ?? [];
  const { style } = options;
  const lines = outcomes.map((o) => indent + (o.passed ? style.green(describeOutcome(o)) : style.red(describeOutcome(o))));
  if (result.tries !== undefined) lines.push(indent + style.dim(`${result.tries} ${result.tries === 1 ? 'try' : 'tries'} (RETRY)`));
  return lines;
}

function kindLabel(result: BlockRunResult): string {
  return result.kind === 'http' ? 'request' : result.kind.toUpperCase();
}

function successBody(result: BlockRunResult, options: ReportOptions): string[] {
  const body = result.body;
  switch (result.kind) {
    case 'query':
      return queryTable(body, options);
    case 'transaction':
      return transactionTable(body, options);
    case 'upload':
      return [`file id ${stringAt(body, 'id') ?? '?'} ${options.style.dim('(link it to a Dokumentversjon as referanseDokumentfil within 3600 s)')}`];
    case 'download': {
      const file = asObject(body);
      const sha = typeof file?.sha256 === 'string' ? `  sha256 ${file.sha256}` : '';
      return [`saved ${formatBytes(Number(file?.bytes ?? 0))} to ${String(file?.path ?? '?')}${options.style.dim(sha)}`];
    }
    default:
      return jsonLines(body, options);
  }
}

function queryTable(body: JsonValue | undefined, options: ReportOptions): string[] {
  const results = asArray(asObject(body)?.results) ?? [];
  const hasMore = asObject(body)?.hasMore === true;
  const count = `${results.length} result${results.length === 1 ? '' : 's'}${hasMore ? ', more in the archive (run with --all-pages, or page with OFFSET)' : ''}`;
  if (results.length === 0) return [options.style.dim(count)];
  const fieldNames: string[] = [];
  for (const entity of results) {
    const type = stringAt(entity, 'type') ?? '';
    for (const f of identifyingFields(options.model, type)) if (!fieldNames.includes(f)) fieldNames.push(f);
  }
  const header = ['type', 'id', ...fieldNames];
  const rows = results.map((entity) => {
    const fields = asObject(asObject(entity)?.fields) ?? {};
    return [stringAt(entity, 'type') ?? '', stringAt(entity, 'id') ?? '', ...fieldNames.map((f) => cellText(fields[f]))];
  });
  return [...table(header, rows, options), options.style.dim(count)];
}

function transactionTable(body: JsonValue | undefined, options: ReportOptions): string[] {
  const saved = asObject(asObject(body)?.saved) ?? {};
  const keys = Object.keys(saved);
  if (keys.length === 0) return [options.style.dim('nothing saved (links, unlinks and deletes answer with an empty `saved`)')];
  const rows = keys.map((key) => {
    const entity = asObject(saved[key]);
    const id = stringAt(entity, 'id') ?? '';
    return [key === id ? `${key} (updated)` : key, stringAt(entity, 'type') ?? '', id, stringAt(entity, 'version') ?? ''];
  });
  return table(['temporary id', 'type', 'id', 'version'], rows, options);
}

function jsonLines(body: JsonValue | undefined, options: ReportOptions): string[] {
  if (body === undefined || body === null || body === '') return [options.style.dim('no body')];
  const lines = (typeof body === 'string' ? body : JSON.stringify(body, null, 2)).split('\n');
  if (lines.length <= maxJsonLines) return lines;
  return [...lines.slice(0, maxJsonLines), options.style.dim(`… ${lines.length - maxJsonLines} more lines (--format json or --out DIR gives the whole answer)`)];
}

/** Columns padded to the widest cell; when the terminal is narrower, the widest columns give way. */
export function table(header: string[], rows: string[][], options: Pick<ReportOptions, 'width' | 'style'>): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  if (options.width !== undefined) {
    const available = options.width - indent.length - 2 * (header.length - 1);
    while (widths.reduce((a, b) => a + b, 0) > available) {
      const widest = widths.indexOf(Math.max(...widths));
      if (widths[widest] <= 6) break;
      widths[widest]--;
    }
  }
  const line = (cells: string[]) => cells.map((c, i) => fit(c, widths[i], i === cells.length - 1)).join('  ').trimEnd();
  return [options.style.bold(line(header)), options.style.dim(widths.map((w) => '─'.repeat(w)).join('  ')), ...rows.map(line)];
}

function fit(text: string, width: number, last: boolean): string {
  const flat = text.replace(/\s+/g, ' ');
  if (flat.length > width) return flat.slice(0, Math.max(0, width - 1)) + '…';
  return last ? flat : flat.padEnd(width);
}

function wrapText(text: string, width: number | undefined, prefix: string): string[] {
  const max = width === undefined ? Infinity : Math.max(20, width - prefix.length);
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line && line.length + 1 + word.length > max) {
        out.push(prefix + line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(prefix + line);
  }
  return out;
}

function cellText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function asObject(value: JsonValue | undefined): Record<string, JsonValue> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

function asArray(value: JsonValue | undefined): JsonValue[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

function stringAt(value: JsonValue | undefined, key: string): string | undefined {
  const v = asObject(value)?.[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

