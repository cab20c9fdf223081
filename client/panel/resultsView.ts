/**
 * Turns a `BlockRunResult` into what the results webview shows (`ResultView`), and keeps the grid's
 * rows so later pages, copies and exports read the same cells. Pure: no vscode, no I/O, so the
 * host's side of the panel is tested with node:test.
 */
import { identifyingFields, noarkModel } from '../../core/schema';
import type { JsonValue } from '../../core/jsonValue';
import type { EntityObject } from '../../runner/archive/archiveApi';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import { hitEntity } from '../search/hitEntity';
import { packCells } from '../webview/packedCells';
import { describeOutcome } from '../../core/document/expectationEvaluation';
import type { ExpectationView, FullTextHitView, HighlightPart, ResultContent, ResultError, ResultView } from '../webview/resultsMessages';

type JsonObject = { [key: string]: JsonValue };

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as one line of grid text: strings as they are, nothing as empty, structures as JSON. */
export function cellText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

interface GridColumn {
  label: string;
  read(record: JsonObject): JsonValue | undefined;
}

/** An archive entity as the query endpoint returns it: type, id and a fields object. */
function isEntity(value: JsonValue): value is JsonObject & { fields: JsonObject } {
  return isObject(value) && typeof value.type === 'string' && (typeof value.id === 'string' || typeof value.id === 'number') && isObject(value.fields);
}

/**
 * The rows of a tabular answer (query results, log entries, code lists): entities show as type,
 * id, their identifying fields and every other field present; other records as their keys. Columns are added in the order they
 * first appear, so a later page only ever adds columns at the end.
 */
export class GridRows {
  readonly columns: GridColumn[] = [];
  readonly records: JsonObject[] = [];
  private readonly known = new Set<string>();

  private constructor(private readonly entities: boolean) {
    if (entities) {
      this.columns.push({ label: 'type', read: (r) => r.type }, { label: 'id', read: (r) => r.id });
      this.known.add('type').add('id');
    }
  }

  /** The grid of a body whose `results` are objects; undefined for any other body. */
  static of(body: JsonValue | undefined): GridRows | undefined {
    if (!isObject(body) || !Array.isArray(body.results)) return undefined;
    const results = body.results;
    if (!results.every(isObject)) return undefined;
    const grid = new GridRows(results.length === 0 || results.every(isEntity));
    grid.append(results);
    return grid;
  }

  get labels(): string[] {
    return this.columns.map((c) => c.label);
  }

  /** Adds records (a later page) and returns their rows. */
  append(records: readonly (JsonValue | EntityObject)[]): string[][] {
    const rows: string[][] = [];
    // An EntityObject's optional extra keys are the only difference from a JSON object.
    for (const record of records as readonly JsonValue[]) {
      if (!isObject(record)) continue;
      this.addColumnsOf(record);
      this.records.push(record);
      rows.push(this.row(this.records.length - 1));
    }
    return rows;
  }

  row(index: number): string[] {
    const record = this.records[index];
    return record ? this.columns.map((c) => cellText(c.read(record))) : [];
  }

  cell(row: number, column: number): string | undefined {
    const record = this.records[row];
    const col = this.columns[column];
    return record && col ? cellText(col.read(record)) : undefined;
  }

  *rows(from = 0, to = Infinity): Generator<string[]> {
    for (let i = from; i < Math.min(to, this.records.length); i++) yield this.row(i);
  }

  private addColumnsOf(record: JsonObject): void {
    if (this.entities) {
      const fields = record.fields;
      if (!isObject(fields)) return;
      // The fields a person knows an entity by come first (mappeIdent and tittel of a case file),
      // then the rest in the order the archive sent them.
      const identifying = typeof record.type === 'string' ? identifyingFields(noarkModel, record.type).filter((f) => f in fields) : [];
      for (const name of [...identifying, ...Object.keys(fields)]) {
        // A field called `type` or `id` must not hide the entity's own type and id.
        const label = name === 'type' || name === 'id' ? `fields.${name}` : name;
        if (this.known.has(label)) continue;
        this.known.add(label);
        this.columns.push({ label, read: (r) => (isObject(r.fields) ? r.fields[name] : undefined) });
      }
      return;
    }
    for (const name of Object.keys(record)) {
      if (this.known.has(name)) continue;
      this.known.add(name);
      this.columns.push({ label: name, read: (r) => r[name] });
    }
  }
}

const markStart = '|=hlstart=|';
// The spec says `|=hlstop=|`; some deployments end a match with `|=hlend=|`.
const markEnd = /\|=hl(?:stop|end)=\|/y;

/** Splits a full-text snippet at its highlight markers. An unclosed match runs to the end; a
 * stray end marker is dropped. */
export function highlightParts(snippet: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let text = '';
  let mark = false;
  const flush = (): void => {
    if (text) parts.push({ text, mark });
    text = '';
  };
  for (let i = 0; i < snippet.length; ) {
    if (snippet.startsWith(markStart, i)) {
      flush();
      mark = true;
      i += markStart.length;
      continue;
    }
    markEnd.lastIndex = i;
    if (markEnd.test(snippet)) {
      flush();
      mark = false;
      i = markEnd.lastIndex;
      continue;
    }
    text += snippet[i];
    i++;
  }
  flush();
  return parts;
}

function stringList(value: JsonValue | undefined): string[] {
  if (Array.isArray(value)) return value.map((v) => cellText(v));
  return value === undefined ? [] : [cellText(value)];
}

function transactionContent(saved: JsonObject): ResultContent {
  return {
    kind: 'transaction',
    saved: Object.entries(saved).map(([tempId, entity]) => {
      const e = isObject(entity) ? entity : {};
      return { tempId, type: cellText(e.type), id: cellText(e.id), version: cellText(e.version) };
    }),
  };
}

export function isFullTextHit(value: JsonValue): value is JsonObject & { ids: JsonObject; highlights: JsonObject } {
  return isObject(value) && isObject(value.highlights) && isObject(value.ids);
}

function isFullTextBody(body: JsonObject): boolean {
  return Array.isArray(body.results) && body.results.length > 0 && body.results.every(isFullTextHit);
}

/** The collection a full-text request searched (undefined: the archive's default). */
export function searchedDoctype(request: BlockRunResult['request']): string | undefined {
  const sent = request?.body;
  return isObject(sent) && typeof sent.doctype === 'string' ? sent.doctype : undefined;
}

/** Full-text hits of a search of `doctype` as the webview shows them; anything that is not a hit is left out. */
export function hitViews(records: readonly JsonValue[], doctype: string | undefined): FullTextHitView[] {
  return records.filter(isFullTextHit).map((hit) => {
    const entity = hitEntity(doctype, hit.ids);
    return {
      ids: Object.entries(hit.ids).map(([key, ids]) => ({ key, ids: stringList(ids) })),
      highlights: Object.entries(hit.highlights).map(([key, snippets]) => ({
        key,
        snippets: stringList(snippets).map(highlightParts),
      })),
      ...(entity ? { entity: { type: entity.type, id: entity.id } } : {}),
    };
  });
}

function fullTextContent(body: JsonObject, hasMore: boolean, doctype: string | undefined): ResultContent {
  const hits = hitViews(body.results as JsonValue[], doctype);
  return { kind: 'fullText', total: typeof body.total === 'number' ? body.total : hits.length, hits, hasMore };
}

/**
 * Whether results follow the ones in `body`: its `hasMore`, or for an answer that counts instead
 * (`total`: change log, full text), whether the request's offset plus the results fall short of it.
 */
export function hasMoreAfter(body: JsonObject, request: BlockRunResult['request']): boolean {
  if (typeof body.hasMore === 'boolean') return body.hasMore;
  if (typeof body.total !== 'number' || !Array.isArray(body.results)) return false;
  const sent = request?.body;
  const offset = isObject(sent) && typeof sent.offset === 'number' ? sent.offset : 0;
  return offset + body.results.length < body.total;
}

function errorOf(result: BlockRunResult): ResultError | undefined {
  const e = result.error;
  if (!e) return undefined;
  switch (e.kind) {
    case 'archive':
      return { kind: e.kind, message: e.message, status: e.status, errorId: e.errorId, description: e.description };
    case 'outcome-unknown':
      return { kind: e.kind, message: e.message, check: e.check };
    default:
      return { kind: e.kind, message: e.message };
  }
}

/** The grid's content with its first `rows` rows; `rowCount` is all of them. */
export function gridContent(grid: GridRows, hasMore: boolean, rows = Infinity): ResultContent {
  return { kind: 'grid', columns: grid.labels, cells: packCells(grid.rows(0, rows), grid.columns.length), rowCount: grid.records.length, hasMore };
}

export interface DescribedResult {
  view: ResultView;
  /** The rows behind a grid view, kept by the host for later pages, copies and exports. */
  grid: GridRows | undefined;
}

export function describeResult(title: string, result: BlockRunResult): DescribedResult {
  const body = result.body;
  let content: ResultContent = { kind: 'none' };
  let grid: GridRows | undefined;
  // An error body is shown as the error (and in the JSON view), never as results; a success
  // that an EXPECT line finds wrong is still a result, shown with the expectations under it.
  if (answeredWithSuccess(result) && isObject(body)) {
    if (isObject(body.saved)) content = transactionContent(body.saved);
    else if (isFullTextBody(body)) content = fullTextContent(body, hasMoreAfter(body, result.request), searchedDoctype(result.request));
    else if ((grid = GridRows.of(body))) content = gridContent(grid, hasMoreAfter(body, result.request));
  }
  const view: ResultView = {
    title,
    kind: result.kind,
    ok: result.ok,
    request: result.request && { method: result.request.method, url: result.request.url },
    status: result.status,
    durationMs: result.durationMs,
    bytes: result.bytes,
    pages: result.pages,
    receivedAt: result.receivedAt,
    headers: Object.entries(result.headers ?? {}),
    error: errorOf(result),
    content,
    hasBody: body !== undefined || result.request !== undefined,
  };
  const expectations = expectationsOf(result);
  if (expectations) view.expectations = expectations;
  return { view, grid };
}

function answeredWithSuccess(result: BlockRunResult): boolean {
  if (result.ok) return true;
  return result.error?.kind === 'expectation' && result.status !== undefined && result.status >= 200 && result.status < 300;
}

/** The block's expectations as judged, when it has an `EXPECT` line (the implied 2xx alone is no list). */
function expectationsOf(result: BlockRunResult): ExpectationView[] | undefined {
  const outcomes = result.expectations;
  if (!outcomes?.some((e) => !e.implied)) return undefined;
  return outcomes.map((e) => ({ passed: e.passed, line: e.line, text: describeOutcome(e).replace(/^[✔✘] /, '') }));
}

/**
 * Pretty JSON (exactly `JSON.stringify(value, null, 2)`) in pieces no bigger than one array
 * element or object member two levels down, so 50,000 results stream to a file or stop at a size
 * limit without building the whole text first.
 */
export function* prettyJsonChunks(value: JsonValue, indent = '', depth = 0): Generator<string> {
  if (depth >= 2 || value === null || typeof value !== 'object' || Object.keys(value).length === 0) {
    const text = JSON.stringify(value, null, 2);
    yield indent ? text.replaceAll('\n', '\n' + indent) : text;
    return;
  }
  const inner = indent + '  ';
  const entries: [string | undefined, JsonValue][] = Array.isArray(value) ? value.map((v) => [undefined, v]) : Object.entries(value);
  yield Array.isArray(value) ? '[\n' : '{\n';
  for (let i = 0; i < entries.length; i++) {
    const [key, v] = entries[i]!;
    yield key === undefined ? inner : `${inner}${JSON.stringify(key)}: `;
    yield* prettyJsonChunks(v, inner, depth + 1);
    yield i < entries.length - 1 ? ',\n' : '\n';
  }
  yield indent + (Array.isArray(value) ? ']' : '}');
}

/** The start of a text made of chunks, cut at `limit` characters. */
export function boundedText(chunks: Iterable<string>, limit: number): { text: string; truncated: boolean } {
  const parts: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    if (length + chunk.length > limit) {
      parts.push(chunk.slice(0, limit - length));
      return { text: parts.join(''), truncated: true };
    }
    parts.push(chunk);
    length += chunk.length;
  }
  return { text: parts.join(''), truncated: false };
}

/** The body the JSON view and the JSON export show: the answer, with every page loaded since
 * (the rows of a grid, or `records`: the full-text hits loaded). */
export function bodyWithLoadedRows(body: JsonValue | undefined, grid: GridRows | undefined, hasMore: boolean, records?: readonly JsonValue[]): JsonValue | undefined {
  const results = grid?.records ?? records;
  if (!results || !isObject(body)) return body;
  return 'hasMore' in body ? { ...body, hasMore, results: [...results] } : { ...body, results: [...results] };
}
