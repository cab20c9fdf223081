/**
 * The results view: summary, load/copy/export buttons, Results / JSON / Raw tabs, the grid, full-text
 * hits, errors and a block's expectations. It mounts into any element and reaches its host only
 * through a `ResultsChannel`: the results panel's page (results.ts) gives it the webview's messaging,
 * a notebook output (notebookRenderer.ts) the renderer's messaging tagged with the output's id.
 * Archive data is only ever text here.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-progress-bar/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import { formatBytes } from '../../core/text/formatBytes';
import type { FullTextHitView, HostMessage, ResultView, WebviewMessage } from './resultsMessages';
import { ResultsGrid, type GridState } from './resultsGrid';
import { append, element, icon, type Child } from './textElements';

/** How the view talks to its host. */
export interface ResultsChannel {
  post(message: WebviewMessage): void;
  /** Called once, as the view mounts: `handler` gets every message the host sends it. */
  onMessage(handler: (message: HostMessage) => void): void;
}

type Tab = 'results' | 'json' | 'raw';
const tabs: readonly Tab[] = ['results', 'json', 'raw'];

/** What survives the page being hidden and reloaded. */
export interface ResultsViewState {
  tab?: Tab;
  grid?: GridState;
}

/**
 * Whether anything answers the view's messages. The panel's host always does. A notebook output
 * may outlive the run that made it (a notebook reopened, the extension restarted): until its host
 * answers it is `unconfirmed`, and where the notebook has no renderer messaging it is `absent`.
 * Everything the output item carries still shows; `note` says what needs the host.
 */
export type HostPresence = { kind: 'present' } | { kind: 'unconfirmed' | 'absent'; note: string };

export interface ResultsViewOptions {
  channel: ResultsChannel;
  state: { get(): ResultsViewState | undefined; set(state: ResultsViewState): void };
  host: HostPresence;
  /** A copy event aimed at no element (the page's body) copies the grid's selection: true where
   * the view is the page's only one (the panel), false among a notebook's outputs. */
  copyFromBody: boolean;
  /** The most the grid's scroller shows at once, in pixels; without it the grid fills its pane. */
  gridMaxHeight?: number;
}

// Made once at load: creating formatters costs more than using them, and `show` is on the
// path to the first paint.
const numbers = new Intl.NumberFormat();
const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

function button(label: string, iconName: string, onClick: () => void, attributes: Record<string, string | boolean> = {}): HTMLElement {
  const b = element('vscode-button', { icon: iconName, secondary: true, ...attributes }, [label]);
  b.addEventListener('click', () => {
    if (!b.hasAttribute('disabled')) onClick();
  });
  return b;
}

function setDisabled(el: HTMLElement, disabled: boolean): void {
  el.toggleAttribute('disabled', disabled);
}

export class ResultsApp {
  private generation = -1;
  private view: ResultView | undefined;
  /** The `show` drawn, until rows or hits are added to it. */
  private shown: (HostMessage & { type: 'show' }) | undefined;
  private readonly saved: ResultsViewState;
  private tab: Tab;
  private grid: ResultsGrid | undefined;
  private bodyRequested = false;
  private canLoadMore = false;
  /** The list of full-text hits, and how many it holds (later pages append to it). */
  private hitList: HTMLOListElement | undefined;
  private hitCount = 0;

  private readonly title = element('h1', { class: 'title' });
  private readonly facts = element('div', { class: 'facts' });
  private readonly status = element('vscode-badge', { class: 'status' });
  private readonly moreButtons: HTMLElement[];
  private readonly cancelButton = button('Cancel', 'close', () => this.send({ type: 'cancelLoad' }), { class: 'cancel', hidden: true });
  private readonly progress = element('vscode-progress-bar', { class: 'progress', indeterminate: true, 'aria-label': 'Loading more results', hidden: true });
  private readonly loadNote = element('span', { class: 'load-note' });
  private readonly copyButtons: HTMLElement[];
  private readonly exportCsv = button('CSV', 'export', () => this.send({ type: 'export', format: 'csv' }), { title: 'Export to CSV' });
  private readonly exportJson = button('JSON', 'json', () => this.send({ type: 'export', format: 'json' }), { title: 'Export to JSON' });
  /** What needs a host that has not answered (see `HostPresence`). */
  private readonly hostNote = element('p', { class: 'host-note', role: 'status', hidden: true });
  private hostAnswered: boolean;
  private readonly onCopy = (e: ClipboardEvent): void => this.copyEvent(e);
  private readonly tabBar = element('vscode-tabs', { class: 'tabs', panel: true });
  private readonly panes: Record<Tab, HTMLElement> = {
    results: element('section', { class: 'pane pane-results', role: 'tabpanel', 'aria-label': 'Results' }),
    json: element('section', { class: 'pane pane-json', role: 'tabpanel', 'aria-label': 'JSON' }),
    raw: element('section', { class: 'pane pane-raw', role: 'tabpanel', 'aria-label': 'Raw response' }),
  };

  constructor(
    private readonly root: HTMLElement,
    private readonly options: ResultsViewOptions,
  ) {
    this.saved = options.state.get() ?? {};
    this.tab = this.saved.tab ?? 'results';
    this.hostAnswered = options.host.kind === 'present';
    this.moreButtons = [
      button('Load next page', 'arrow-down', () => this.send({ type: 'loadMore', all: false }), { class: 'load-next' }),
      button('Load all', 'cloud-download', () => this.send({ type: 'loadMore', all: true }), { class: 'load-all' }),
    ];
    this.copyButtons = [
      button('Copy cell', 'copy', () => this.copy(false), { class: 'copy-cell', disabled: true, title: 'Copy the selected cell (Ctrl+C)' }),
      button('Copy row', 'copy', () => this.copy(true), { class: 'copy-row', disabled: true, title: 'Copy the selected row as JSON (Ctrl+Shift+C)' }),
    ];
    for (const t of tabs) {
      this.tabBar.appendChild(element('vscode-tab-header', { slot: 'header', 'data-tab': t }, [t === 'results' ? 'Results' : t === 'json' ? 'JSON' : 'Raw']));
    }
    this.tabBar.addEventListener('vsc-tabs-select', (e) => this.selectTab(tabs[e.detail.selectedIndex] ?? 'results'));
    const more = element('div', { class: 'more', hidden: true }, [...this.moreButtons, this.cancelButton, this.progress, this.loadNote]);
    root.classList.add('noarkq-results');
    root.replaceChildren(
      element('header', { class: 'bar' }, [
        element('div', { class: 'summary' }, [this.status, this.title, this.facts]),
        element('div', { class: 'actions' }, [more, element('div', { class: 'tools' }, [...this.copyButtons, this.exportCsv, this.exportJson])]),
      ]),
      this.hostNote,
      this.tabBar,
      element('div', { class: 'panes' }, Object.values(this.panes)),
    );
    if (options.host.kind === 'absent') this.showHostNote();
    // VS Code routes its Copy command to the page as a copy event.
    document.addEventListener('copy', this.onCopy);
    options.channel.onMessage((message) => {
      if (!this.hostAnswered) {
        this.hostAnswered = true;
        this.hostNote.hidden = true;
      }
      this.receive(message);
    });
  }

  /** Takes the view out of the page's listeners; the caller removes `root`. */
  dispose(): void {
    document.removeEventListener('copy', this.onCopy);
    this.grid?.dispose();
    this.grid = undefined;
  }

  private copyEvent(e: ClipboardEvent): void {
    const target = e.target;
    const onBody = target === document.body || target === document.documentElement;
    if (onBody ? !this.options.copyFromBody : !(target instanceof Node && this.root.contains(target))) return;
    if (this.tab !== 'results' || !this.grid?.selection || document.getSelection()?.toString()) return;
    e.preventDefault();
    this.copy(false);
  }

  /** Every message to the host: one that needs an answer says so when no host has answered yet. */
  private send(message: WebviewMessage): void {
    if (!this.hostAnswered && message.type !== 'ready') this.showHostNote();
    this.options.channel.post(message);
  }

  private showHostNote(): void {
    const host = this.options.host;
    if (host.kind === 'present') return;
    this.hostNote.replaceChildren(icon('info'), ' ', host.note);
    this.hostNote.hidden = false;
  }

  private get hostAbsent(): boolean {
    return this.options.host.kind === 'absent';
  }

  private save(): void {
    this.options.state.set(this.saved);
  }

  receive(message: HostMessage): void {
    if (message.type === 'show') {
      if (this.isShown(message)) return;
      this.generation = message.generation;
      this.shown = message;
      this.show(message.view, message.canLoadMore);
      return;
    }
    if (message.generation !== this.generation || !this.view) return;
    switch (message.type) {
      case 'rows':
        this.shown = undefined;
        this.grid?.appendRows(message.columns, message.cells);
        this.canLoadMore = message.hasMore;
        this.renderFacts();
        // The JSON view shows every row loaded: ask again when it is next opened.
        this.bodyRequested = false;
        if (this.tab !== 'results') this.requestBody();
        return;
      case 'hits':
        this.shown = undefined;
        this.appendHits(message.hits);
        this.canLoadMore = message.hasMore;
        this.renderFacts();
        this.bodyRequested = false;
        if (this.tab !== 'results') this.requestBody();
        return;
      case 'loading':
        this.renderLoading(message.state === 'loading', message.loaded, message.all, message.note);
        return;
      case 'body':
        this.renderBody(message.request, message.pretty, message.raw, message.truncated);
        return;
    }
  }

  /**
   * Whether `message` is the `show` on screen, nothing added since. A notebook output draws the
   * `show` its item holds and then says `ready`, which its host answers with that same `show`:
   * drawing it again would only lose the scroll position and the selection. Compared only when
   * the generation is the same, which the panel's page never gets twice.
   */
  private isShown(message: HostMessage & { type: 'show' }): boolean {
    const shown = this.shown;
    if (!shown || shown.generation !== message.generation) return false;
    return shown.canLoadMore === message.canLoadMore && JSON.stringify(shown.view) === JSON.stringify(message.view);
  }

  private show(view: ResultView, canLoadMore: boolean): void {
    this.view = view;
    this.canLoadMore = canLoadMore;
    this.bodyRequested = false;
    this.grid?.dispose();
    this.grid = undefined;
    this.hitList = undefined;
    this.hitCount = 0;
    this.title.textContent = view.title;
    this.status.textContent = view.status === undefined ? (view.error?.kind ?? '—') : String(view.status);
    this.status.classList.toggle('failed', !view.ok);
    const grid = this.renderResults(view);
    const hostless = this.hostAbsent;
    const bodyPlaceholder = (): HTMLElement => element('p', { class: 'placeholder' }, [!view.hasBody ? 'No body.' : hostless ? 'The body is not kept with this output.' : 'Loading…']);
    this.panes.json.replaceChildren(bodyPlaceholder());
    this.panes.raw.replaceChildren(...(hostless ? [bodyPlaceholder()] : []));
    this.renderLoading(false, 0, false, undefined);
    this.renderFacts();
    const exportable = view.content.kind === 'grid' || view.content.kind === 'transaction';
    setDisabled(this.exportCsv, !exportable || hostless);
    setDisabled(this.exportJson, !view.hasBody || hostless);
    // An answer with nothing to tabulate is best read as JSON (when there is a host to ask for it).
    const tab = view.content.kind === 'none' && !view.error && view.hasBody && !hostless ? 'json' : this.tab;
    this.selectTab(tab);
    grid?.attached();
  }

  private rowCount(): number | undefined {
    const content = this.view?.content;
    if (!content) return undefined;
    if (content.kind === 'grid') return this.grid?.rowCount ?? content.rowCount;
    if (content.kind === 'transaction') return content.saved.length;
    if (content.kind === 'fullText') return this.hitCount;
    return undefined;
  }

  /** "1 row", "20 rows"; full-text results count hits. */
  private count(n: number): string {
    const [one, many] = this.view?.content.kind === 'fullText' ? ['hit', 'hits'] : ['row', 'rows'];
    return `${numbers.format(n)} ${n === 1 ? one : many}`;
  }

  private renderFacts(): void {
    const view = this.view;
    if (!view) return;
    const rows = this.rowCount();
    const parts = [
      view.request && `${view.request.method} ${view.request.url}`,
      `${numbers.format(Math.round(view.durationMs))} ms`,
      formatBytes(view.bytes),
      rows !== undefined && `${this.count(rows)}${this.canLoadMore ? ', more available' : ''}`,
      view.pages !== undefined && `${view.pages} pages`,
      clock.format(view.receivedAt),
    ].filter((p): p is string => typeof p === 'string');
    this.facts.textContent = parts.join(' · ');
    for (const b of this.moreButtons) b.closest('.more')?.toggleAttribute('hidden', !this.canLoadMore && !this.loading);
  }

  private loading = false;

  private renderLoading(loading: boolean, loaded: number, all: boolean, note: string | undefined): void {
    this.loading = loading;
    for (const b of this.moreButtons) setDisabled(b, loading || this.hostAbsent);
    this.cancelButton.toggleAttribute('hidden', !loading);
    this.progress.toggleAttribute('hidden', !loading);
    this.loadNote.textContent = loading ? `${all ? 'Loading all' : 'Loading next page'}… ${this.count(loaded)}` : (note ?? '');
    this.renderFacts();
  }

  private selectTab(tab: Tab): void {
    this.tab = tab;
    this.saved.tab = tab;
    this.save();
    const index = tabs.indexOf(tab);
    if (this.tabBar.getAttribute('selected-index') !== String(index)) this.tabBar.setAttribute('selected-index', String(index));
    for (const t of tabs) this.panes[t].toggleAttribute('hidden', t !== tab);
    for (const b of this.copyButtons) b.toggleAttribute('hidden', tab !== 'results' || this.view?.content.kind !== 'grid');
    if (tab !== 'results') this.requestBody();
  }

  private requestBody(): void {
    if (this.bodyRequested || !this.view?.hasBody || this.hostAbsent) return;
    this.bodyRequested = true;
    this.send({ type: 'requestBody' });
  }

  private copy(row: boolean): void {
    const selection = this.grid?.selection;
    if (!selection) return;
    this.send(row ? { type: 'copyRow', row: selection.row } : { type: 'copyCell', row: selection.row, column: selection.column });
  }

  private renderResults(view: ResultView): ResultsGrid | undefined {
    const pane = this.panes.results;
    const children: Child[] = [];
    if (view.error) children.push(this.errorBox(view.error));
    const content = view.content;
    switch (content.kind) {
      case 'grid': {
        if (content.rowCount === 0 && !content.hasMore) {
          children.push(element('p', { class: 'placeholder' }, ['No results.']));
          break;
        }
        const grid = new ResultsGrid({
          stateChanged: (state) => {
            this.saved.grid = state;
            this.save();
          },
          selectionChanged: () => {
            for (const b of this.copyButtons) setDisabled(b, !grid.selection || this.hostAbsent);
          },
          copyCell: (row, column) => this.send({ type: 'copyCell', row, column }),
          copyRow: (row) => this.send({ type: 'copyRow', row }),
        }, this.options.gridMaxHeight);
        grid.setData(content.columns, content.cells, content.rowCount, this.saved.grid);
        this.grid = grid;
        children.push(grid.root);
        break;
      }
      case 'transaction':
        children.push(this.transactionTable(content.saved));
        break;
      case 'fullText':
        children.push(this.fullTextHits(content.total));
        this.appendHits(content.hits);
        break;
      case 'none':
        if (!view.error) children.push(element('p', { class: 'placeholder' }, [!view.hasBody ? 'No body.' : this.hostAbsent ? 'Nothing to tabulate.' : 'Nothing to tabulate: see JSON.']));
        break;
    }
    if (view.expectations) children.push(this.expectationList(view.expectations));
    pane.replaceChildren();
    append(pane, children);
    for (const b of this.copyButtons) setDisabled(b, true);
    return this.grid;
  }

  /** Each `EXPECT` line of the block, passed or failed, under the results. */
  private expectationList(expectations: NonNullable<ResultView['expectations']>): HTMLElement {
    const passed = expectations.filter((e) => e.passed).length;
    const items = expectations.map((e) =>
      element('li', { class: e.passed ? 'expectation passed' : 'expectation failed' }, [icon(e.passed ? 'pass' : 'error'), ' ', element('span', { class: 'expectation-line' }, [`line ${e.line}`]), ' ', e.text]),
    );
    return element('div', { class: 'expectations', role: 'group', 'aria-label': 'Expectations' }, [
      element('h2', {}, [`Expectations: ${passed} of ${expectations.length} passed`]),
      element('ul', {}, items),
    ]);
  }

  private errorBox(error: NonNullable<ResultView['error']>): HTMLElement {
    const heading = error.kind === 'archive' ? `The archive answered ${error.status ?? ''}`.trim() : error.kind === 'outcome-unknown' ? 'The outcome is unknown' : `Failed (${error.kind})`;
    const facts: Child[] = [];
    const fact = (label: string, value: string | undefined, cls: string): void => {
      if (value) facts.push(element('dt', {}, [label]), element('dd', { class: cls }, [value]));
    };
    fact('Status', error.status === undefined ? undefined : String(error.status), 'error-status');
    fact('Error id', error.errorId, 'error-id');
    fact('Description', error.description, 'error-description');
    fact('Message', error.message, 'error-message');
    fact('How to check', error.check, 'error-check');
    return element('div', { class: 'error', role: 'alert' }, [element('h2', {}, [icon('error'), ' ', heading]), element('dl', {}, facts)]);
  }

  private transactionTable(saved: { tempId: string; type: string; id: string; version: string }[]): HTMLElement {
    const head = element('tr', {}, ['Temp id', 'Type', 'Id', 'Version'].map((h) => element('th', { scope: 'col' }, [h])));
    const rows = saved.map((s) => element('tr', {}, [s.tempId, s.type, s.id, s.version].map((v) => element('td', {}, [v]))));
    return element('table', { class: 'table transaction' }, [element('caption', {}, ['Saved: temporary id → archive id']), element('thead', {}, [head]), element('tbody', {}, rows)]);
  }

  private fullTextHits(total: number): HTMLElement {
    this.hitList = element('ol', { class: 'hits' });
    return element('div', { class: 'full-text' }, [element('p', { class: 'hit-total' }, [`${numbers.format(total)} matches`]), this.hitList]);
  }

  /** Adds hits after those shown; each names its position, which is all "Reveal" sends. */
  private appendHits(hits: FullTextHitView[]): void {
    const list = this.hitList;
    if (!list) return;
    for (const hit of hits) {
      const index = this.hitCount++;
      list.appendChild(
        element('li', { class: 'hit' }, [
          element('div', { class: 'hit-head' }, [
            element(
              'div',
              { class: 'hit-ids' },
              hit.ids.map((i) => element('span', { class: 'hit-id' }, [element('span', { class: 'hit-key' }, [i.key]), ' ', i.ids.join(', ')])),
            ),
            hit.entity && button('Reveal', 'list-tree', () => this.send({ type: 'revealHit', hit: index }), { class: 'hit-reveal', title: `Reveal ${hit.entity.type} ${hit.entity.id} in the archive tree` }),
          ]),
          ...hit.highlights.map((h) =>
            element('div', { class: 'hit-highlight' }, [
              element('div', { class: 'hit-key' }, [h.key]),
              ...h.snippets.map((parts) => element('p', { class: 'snippet' }, parts.map((p) => (p.mark ? element('mark', {}, [p.text]) : p.text)))),
            ]),
          ),
        ]),
      );
    }
  }

  private renderBody(request: string | undefined, pretty: string, raw: string, truncated: boolean): void {
    const note = truncated ? element('p', { class: 'truncated' }, [icon('info'), ' Cut short to keep the panel responsive; export to JSON for everything.']) : undefined;
    this.panes.json.replaceChildren();
    append(this.panes.json, [note, element('pre', { class: 'json' }, [pretty])]);
    const view = this.view;
    const headers = (view?.headers ?? []).map(([name, value]) => element('tr', {}, [element('th', { scope: 'row' }, [name]), element('td', {}, [value])]));
    const children: Child[] = [
      request !== undefined && element('h2', {}, ['Request']),
      request !== undefined && element('pre', { class: 'raw-request' }, [request]),
      element('h2', {}, ['Response']),
      element('p', { class: 'raw-status' }, [view?.status === undefined ? 'No response.' : `Status ${view.status}`]),
      headers.length > 0 && element('table', { class: 'table headers' }, [element('tbody', {}, headers)]),
      element('pre', { class: 'raw-body' }, [raw]),
    ];
    this.panes.raw.replaceChildren();
    append(this.panes.raw, [note?.cloneNode(true), ...children]);
  }
}
