/**
 * What one results panel does with its result, apart from VS Code: answers the webview's
 * messages (validated here, as untrusted input), loads further pages, copies and exports.
 * `ResultsPanels` gives it a `ResultsHost` made of a webview, the clipboard and a save dialog;
 * the tests give it fakes.
 */
import type { Writable } from 'node:stream';
import type { JsonValue } from '../../core/jsonValue';
import type { EntityObject } from '../../runner/archive/archiveApi';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import type { EntityRef } from '../archive/entityRef';
import { hitEntity } from '../search/hitEntity';
import { webviewMessage, type HostMessage, type ResultView } from '../webview/resultsMessages';
import { writeCsv, writeJson } from './resultsExport';
import { packCells } from '../webview/packedCells';
import { bodyWithLoadedRows, boundedText, describeResult, gridContent, hitViews, isFullTextHit, prettyJsonChunks, searchedDoctype, type GridRows } from './resultsView';

/** The next pages of a result that has more: query results, log entries or full-text hits. */
export interface MorePages {
  next(signal: AbortSignal): Promise<{ results: readonly (JsonValue | EntityObject)[]; hasMore: boolean }>;
}

export interface ResultsHost {
  post(message: HostMessage): void;
  copy(text: string): Promise<void>;
  /** Asks where to save; undefined when the user changes their mind. */
  saveTarget(format: 'csv' | 'json', suggestedName: string): Promise<{ out: Writable; name: string } | undefined>;
  report(severity: 'info' | 'error', message: string): void;
  /** Shows the entity in the archive tree; a host without one (a test page) leaves it out. */
  reveal?(entity: EntityRef): Promise<void>;
}

/** Texts longer than this are cut in the JSON and raw views: the page stays responsive and
 * the export holds everything. */
export const bodyTextLimit = 2_000_000;

/** Rows sent with `show`; the rest follow in a `rows` message. Enough for several screens, so
 * the first paint does not wait for 50,000 rows to be cloned into the webview. */
export const firstRows = 500;

interface Shown {
  generation: number;
  title: string;
  result: BlockRunResult;
  view: ResultView;
  grid: GridRows | undefined;
  /** The full-text hits received so far, as the archive sent them (a full-text result only). */
  hits: JsonValue[] | undefined;
  more: MorePages | undefined;
  hasMore: boolean;
  loading: { controller: AbortController; all: boolean } | undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function fileNameOf(title: string): string {
  return title.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'results';
}

export class ResultsSession {
  private generation = 0;
  private ready = false;
  private shown: Shown | undefined;

  constructor(private readonly host: ResultsHost) {}

  show(title: string, result: BlockRunResult, more?: MorePages): void {
    this.shown?.loading?.controller.abort();
    const { view, grid } = describeResult(title, result);
    const hasMore = (view.content.kind === 'grid' || view.content.kind === 'fullText') && view.content.hasMore;
    const body = result.body;
    const hits = view.content.kind === 'fullText' && typeof body === 'object' && body !== null && !Array.isArray(body) && Array.isArray(body.results) ? [...body.results] : undefined;
    this.shown = { generation: ++this.generation, title, result, view, grid, hits, more, hasMore, loading: undefined };
    if (this.ready) this.postShow(this.shown);
  }

  /** A message from the webview, whatever it is. */
  async receive(raw: unknown): Promise<void> {
    const parsed = webviewMessage.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    const shown = this.shown;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (shown) this.postShow(shown);
        return;
      case 'loadMore':
        if (shown) await this.load(shown, message.all);
        return;
      case 'cancelLoad':
        shown?.loading?.controller.abort();
        return;
      case 'copyCell': {
        const text = shown?.grid?.cell(message.row, message.column);
        if (text !== undefined) await this.host.copy(text);
        return;
      }
      case 'copyRow': {
        const record = shown?.grid?.records[message.row];
        if (record) await this.host.copy(JSON.stringify(record, null, 2));
        return;
      }
      case 'requestBody':
        if (shown) this.postBody(shown);
        return;
      case 'export':
        if (shown) await this.export(shown, message.format);
        return;
      case 'revealHit':
        if (shown) await this.reveal(shown, message.hit);
        return;
    }
  }

  dispose(): void {
    this.shown?.loading?.controller.abort();
    this.shown = undefined;
  }

  /** After a webview reload the grid comes back with every page loaded so far. */
  private postShow(shown: Shown): void {
    const { view, grid } = shown;
    const current: ResultView =
      grid && view.content.kind === 'grid'
        ? { ...view, content: gridContent(grid, shown.hasMore, firstRows) }
        : shown.hits && view.content.kind === 'fullText'
          ? { ...view, content: { ...view.content, hits: hitViews(shown.hits, searchedDoctype(shown.result.request)), hasMore: shown.hasMore } }
          : view;
    this.host.post({ type: 'show', generation: shown.generation, view: current, canLoadMore: shown.hasMore && shown.more !== undefined });
    if (grid && view.content.kind === 'grid' && grid.records.length > firstRows) {
      const cells = packCells(grid.rows(firstRows), grid.columns.length);
      this.host.post({ type: 'rows', generation: shown.generation, columns: grid.labels, cells, hasMore: shown.hasMore });
    }
    if (shown.loading) this.postLoading(shown, 'loading');
  }

  private postLoading(shown: Shown, state: 'loading' | 'idle', note?: string): void {
    this.host.post({ type: 'loading', generation: shown.generation, state, all: shown.loading?.all ?? false, loaded: shown.grid?.records.length ?? shown.hits?.length ?? 0, note });
  }

  private async load(shown: Shown, all: boolean): Promise<void> {
    const { more, grid, hits } = shown;
    if (!more || (!grid && !hits) || shown.loading || !shown.hasMore) return;
    const controller = new AbortController();
    shown.loading = { controller, all };
    const live = (): boolean => this.shown === shown && !controller.signal.aborted;
    this.postLoading(shown, 'loading');
    let note: string | undefined;
    try {
      do {
        const page = await more.next(controller.signal);
        if (!live()) break;
        shown.hasMore = page.hasMore;
        if (grid) {
          const rows = grid.append(page.results);
          this.host.post({ type: 'rows', generation: shown.generation, columns: grid.labels, cells: packCells(rows, grid.columns.length), hasMore: page.hasMore });
        } else if (hits) {
          // Only hits are kept, so a hit's position here is its position in the webview.
          const records = (page.results as readonly JsonValue[]).filter(isFullTextHit);
          hits.push(...records);
          this.host.post({ type: 'hits', generation: shown.generation, hits: hitViews(records, searchedDoctype(shown.result.request)), hasMore: page.hasMore });
        }
        // An archive that says there is more but sends nothing would keep "Load all" busy forever.
        if (page.hasMore && page.results.length === 0) {
          note = 'The archive said there were more results but sent none.';
          break;
        }
        if (all) this.postLoading(shown, 'loading');
      } while (all && shown.hasMore && live());
    } catch (error) {
      if (!controller.signal.aborted) note = `Loading failed: ${errorMessage(error)}`;
    }
    if (controller.signal.aborted && !note) note = 'Cancelled.';
    shown.loading = undefined;
    if (this.shown === shown) this.postLoading(shown, 'idle', note);
  }

  /** The entity a full-text hit stands for, to the archive tree. The webview names only the
   * hit's position: which entity that is comes from the hit as the archive sent it. */
  private async reveal(shown: Shown, index: number): Promise<void> {
    const hit = shown.hits?.[index];
    if (hit === undefined) return;
    const ids = typeof hit === 'object' && hit !== null && !Array.isArray(hit) ? hit.ids : undefined;
    const entity = hitEntity(searchedDoctype(shown.result.request), ids);
    if (!entity || !this.host.reveal) {
      this.host.report('info', `Hit ${index + 1} names no entity the archive tree can show.`);
      return;
    }
    try {
      await this.host.reveal(entity);
    } catch (error) {
      this.host.report('error', `Could not reveal ${entity.type} ${entity.id}: ${errorMessage(error)}`);
    }
  }

  private postBody(shown: Shown): void {
    const { result } = shown;
    const body = bodyWithLoadedRows(result.body, shown.grid, shown.hasMore, shown.hits);
    const pretty = body === undefined ? { text: '', truncated: false } : boundedText(prettyJsonChunks(body), bodyTextLimit);
    const raw = result.body === undefined ? { text: '', truncated: false } : boundedText([JSON.stringify(result.body)], bodyTextLimit);
    const request = result.request && boundedText(
      [`${result.request.method} ${result.request.url}`, ...(result.request.body === undefined ? [] : ['\n\n', ...prettyJsonChunks(result.request.body)])],
      bodyTextLimit,
    );
    this.host.post({
      type: 'body',
      generation: shown.generation,
      request: request?.text,
      pretty: pretty.text,
      raw: raw.text,
      truncated: pretty.truncated || raw.truncated || (request?.truncated ?? false),
    });
  }

  private async export(shown: Shown, format: 'csv' | 'json'): Promise<void> {
    const { grid, view } = shown;
    let write: (out: Writable) => Promise<void>;
    let count: string;
    if (format === 'json') {
      const body = bodyWithLoadedRows(shown.result.body, grid, shown.hasMore, shown.hits);
      if (body === undefined) return;
      // A grid exports its rows (every page loaded); anything else the answer as it came.
      const value = grid ? grid.records : body;
      write = (out) => writeJson(value, out);
      count = grid ? `${grid.records.length} rows` : 'the answer';
    } else if (grid) {
      write = (out) => writeCsv(grid.labels, grid.rows(), out);
      count = `${grid.records.length} rows`;
    } else if (view.content.kind === 'transaction') {
      const saved = view.content.saved;
      write = (out) => writeCsv(['tempId', 'type', 'id', 'version'], saved.map((s) => [s.tempId, s.type, s.id, s.version]), out);
      count = `${saved.length} rows`;
    } else {
      return;
    }
    const target = await this.host.saveTarget(format, `${fileNameOf(shown.title)}.${format}`);
    if (!target) return;
    try {
      await write(target.out);
      this.host.report('info', `Exported ${count} to ${target.name}.`);
    } catch (error) {
      this.host.report('error', `Export to ${target.name} failed: ${errorMessage(error)}`);
    }
  }
}
