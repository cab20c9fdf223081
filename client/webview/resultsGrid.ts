/**
 * The results grid: sortable, resizable columns over rows virtualized by @tanstack/virtual-core,
 * so only the rows on screen (plus a few) are in the DOM whatever the result's size. Every row is
 * `rowHeight` tall: the virtualizer is given that size and never measures a row, and the grid
 * keeps nothing per row until the user sorts.
 */
import { Virtualizer, elementScroll, observeElementOffset, type Rect, type VirtualItem, type VirtualizerOptions } from '@tanstack/virtual-core';
import { guessTextWidth, initialWidths, minColumnWidth, sortedOrder, type SortDirection } from './gridModel';
import { PackedRows, type PackedCells } from './packedCells';
import { element } from './textElements';

export const rowHeight = 22;
const headerHeight = 26;
/** Rows rendered beyond each edge of the screen, so a short scroll shows no blank rows. */
const overscan = 8;
/** One function for every row's size: the virtualizer calls it per row whenever the count changes. */
const fixedRowHeight = (): number => rowHeight;

/**
 * The scroller's size as its ResizeObserver reports it. The library's observeElementRect reads
 * clientWidth/clientHeight as the virtualizer mounts, which forces a layout before the first
 * paint; until the first observation the virtualizer uses `initialRect`. Like the library's, it
 * reports in the next frame when `useAnimationFrameWithResizeObserver` is set: the first
 * observation comes before the first paint, and a range changed then would lay out the rows again
 * before that paint.
 */
function observeScrollerRect(instance: Virtualizer<HTMLDivElement, HTMLDivElement>, cb: (rect: Rect) => void): (() => void) | undefined {
  const element = instance.scrollElement;
  const win = instance.targetWindow;
  if (!element || !win) return undefined;
  let frame: number | undefined;
  const observer = new win.ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.contentRect;
    if (!box) return;
    const rect = { width: Math.round(box.width), height: Math.round(box.height) };
    if (!instance.options.useAnimationFrameWithResizeObserver) return cb(rect);
    if (frame !== undefined) win.cancelAnimationFrame(frame);
    frame = win.requestAnimationFrame(() => {
      frame = undefined;
      cb(rect);
    });
  });
  observer.observe(element, { box: 'content-box' });
  return () => {
    observer.disconnect();
    if (frame !== undefined) win.cancelAnimationFrame(frame);
  };
}

export interface GridState {
  sort: { column: string; direction: SortDirection } | undefined;
  widths: Record<string, number>;
}

export interface GridEvents {
  /** Sort or widths changed: worth remembering across a webview reload. */
  stateChanged(state: GridState): void;
  selectionChanged(): void;
  copyCell(row: number, column: number): void;
  copyRow(row: number): void;
}

export class ResultsGrid {
  readonly root: HTMLDivElement;
  private readonly scroller: HTMLDivElement;
  private readonly canvas: HTMLDivElement;
  private readonly header: HTMLDivElement;
  private columns: string[] = [];
  private rows = new PackedRows();
  /** Rows the result has, some of which may still be on their way (`rows` messages). */
  private expected = 0;
  private widths: number[] = [];
  /** Display position → row index in `rows`; undefined while unsorted (position = index), so
   * no array as long as the result is made before the user asks for an order. */
  private order: number[] | undefined;
  private sort: { column: number; direction: SortDirection } | undefined;
  private selected: { row: number; column: number } | undefined;
  /** An empty row with one cell per column, cloned for each row rendered: cheaper than
   * creating and attributing every element. */
  private rowTemplate: HTMLDivElement = element('div', { class: 'grid-row', role: 'row' });
  /** Rendered rows by display position. */
  private readonly rendered = new Map<number, HTMLDivElement>();
  /** The virtual items the rendered rows show: the virtualizer also notifies when only its
   * scrolling flag changes, and then hands back the same array. */
  private shown: VirtualItem[] | undefined;
  private readonly virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>;
  private readonly options: VirtualizerOptions<HTMLDivElement, HTMLDivElement>;
  private readonly unmount: () => void;
  /** True while the virtualizer mounts: see `scrollToFn`. */
  private mounting = false;
  /** True from a new result until its first screen is painted: see `applyCount`. */
  private firstScreen = false;

  /** `maxHeight` bounds the scroller (a notebook output's grid, which is as tall as its rows up
   * to that); without it the grid fills what its container gives it (the panel's). */
  constructor(
    private readonly events: GridEvents,
    maxHeight?: number,
  ) {
    this.header = element('div', { class: 'grid-header', role: 'row', 'aria-rowindex': '1' });
    this.canvas = element('div', { class: 'grid-canvas' }, [this.header]);
    this.scroller = element('div', { class: 'grid-scroller', tabindex: '0' }, [this.canvas]);
    // CSSOM, not a style attribute: the page's CSP allows no inline styles.
    if (maxHeight !== undefined) this.scroller.style.setProperty('max-height', `${maxHeight}px`);
    this.root = element('div', { class: 'grid', role: 'grid', 'aria-label': 'Results' }, [this.scroller]);
    this.options = {
      count: 0,
      getScrollElement: () => this.scroller,
      estimateSize: fixedRowHeight,
      overscan,
      // Rows start below the sticky header, and scrolling to a row keeps it out from under it.
      paddingStart: headerHeight,
      scrollPaddingStart: headerHeight,
      // The scroller is not measured before the first render: the window's size bounds its own
      // (a few rows too many at first, none missing).
      initialRect: { width: window.innerWidth, height: Math.min(window.innerHeight, maxHeight ?? Infinity) },
      initialOffset: 0,
      useAnimationFrameWithResizeObserver: true,
      observeElementRect: observeScrollerRect,
      observeElementOffset,
      // Mounting writes the virtualizer's offset (`initialOffset`, 0) to the scroller, which a
      // scroller just put in the document has already; the write would force a layout before the
      // first paint.
      scrollToFn: (offset, options, instance) => {
        if (!this.mounting) elementScroll(offset, options, instance);
      },
      onChange: () => this.renderRows(),
    };
    this.virtualizer = new Virtualizer(this.options);
    this.unmount = this.virtualizer._didMount();
    this.scroller.addEventListener('keydown', (e) => this.onKey(e));
    this.scroller.addEventListener('click', (e) => this.onClick(e));
  }

  /** Call once `root` is in the document: from then on the virtualizer follows the scroller's
   * size and offset. The rows for `initialRect` are rendered already. */
  attached(): void {
    this.mounting = true;
    try {
      this.virtualizer._willUpdate();
    } finally {
      this.mounting = false;
    }
    this.renderRows();
  }

  dispose(): void {
    this.unmount();
  }

  /** Text widths in the cells' and the header's font, measured on canvases (one per font: setting
   * a canvas's font is dearer than measuring with it). The font is read from the theme's
   * variables as VS Code sets them on <html> (what results.css gives the body), not from the
   * computed style, which would make the browser recompute the page's styles before the grid is
   * even in it. */
  private textMeasures(): [cells: (text: string) => number, header: (text: string) => number] {
    const theme = document.documentElement.style;
    const family = theme.getPropertyValue('--vscode-font-family').trim() || 'system-ui, sans-serif';
    const size = theme.getPropertyValue('--vscode-font-size').trim() || '13px';
    const measure = (weight: string): ((text: string) => number) => {
      const context = new OffscreenCanvas(1, 1).getContext('2d');
      if (!context) return guessTextWidth;
      context.font = `${weight} ${size} ${family}`;
      return (text) => context.measureText(text).width;
    };
    return [measure('normal'), measure('600')];
  }

  setData(columns: string[], cells: PackedCells, rowCount: number, state: GridState | undefined): void {
    this.useColumns(columns);
    this.rows = new PackedRows();
    this.rows.add(cells);
    this.expected = rowCount;
    const guessed = initialWidths(columns, this.rows.length, (r, c) => this.rows.cell(r, c), ...this.textMeasures());
    this.widths = columns.map((c, i) => state?.widths[c] ?? guessed[i]!);
    const sortColumn = state?.sort ? columns.indexOf(state.sort.column) : -1;
    this.sort = state?.sort && sortColumn >= 0 ? { column: sortColumn, direction: state.sort.direction } : undefined;
    this.selected = undefined;
    // A new grid's scroller is at its top already (`initialOffset`).
    if (this.virtualizer.scrollElement) this.virtualizer.scrollToOffset(0);
    if (!this.firstScreen) {
      this.firstScreen = true;
      // A task queued from a frame callback runs once that frame is painted.
      requestAnimationFrame(() =>
        setTimeout(() => {
          this.firstScreen = false;
          this.applyCount();
          this.renderRows();
        }),
      );
    }
    this.reorder();
    this.renderHeader();
  }

  /** A later page, or the rest of this one: its rows go after the others, new columns at the end. */
  appendRows(columns: string[], cells: PackedCells): void {
    const first = this.rows.length;
    this.rows.add(cells);
    if (columns.length > this.columns.length) {
      const guessed = initialWidths(columns, this.rows.length - first, (r, c) => this.rows.cell(first + r, c), ...this.textMeasures());
      for (let i = this.columns.length; i < columns.length; i++) this.widths.push(guessed[i]!);
      this.useColumns(columns);
      this.renderHeader();
      this.reorder();
    } else if (this.sort) {
      this.reorder();
    } else {
      // In the result's own order the rows on screen stay where they are: only those shown
      // before their data arrived (empty) are rendered again.
      this.applyCount();
      for (const [position, row] of this.rendered) {
        if (position < first) continue;
        const fresh = this.renderRow(position);
        fresh.style.setProperty('transform', row.style.getPropertyValue('transform'));
        row.replaceWith(fresh);
        this.rendered.set(position, fresh);
      }
      this.renderRows();
    }
  }

  get rowCount(): number {
    return Math.max(this.expected, this.rows.length);
  }

  get selection(): { row: number; column: number } | undefined {
    return this.selected;
  }

  state(): GridState {
    const widths: Record<string, number> = {};
    this.columns.forEach((c, i) => (widths[c] = this.widths[i]!));
    return { widths, sort: this.sort && { column: this.columns[this.sort.column]!, direction: this.sort.direction } };
  }

  private reorder(): void {
    if (this.sort) {
      const order = sortedOrder(this.rows.column(this.sort.column), this.sort.direction);
      // Rows still on their way sort after the others until they arrive (and the order is redone).
      for (let i = this.rows.length; i < this.rowCount; i++) order.push(i);
      this.order = order;
    } else {
      this.order = undefined;
    }
    this.applyCount();
    this.invalidateRows();
  }

  /**
   * Gives the virtualizer the number of rows. A new count makes it lay out every row (a start and
   * a size each), which for 50,000 rows costs more than painting the first screen: until that
   * screen is painted it counts only the rows the window can show, and the rest a task later.
   * Rows arriving in `rows` messages do not change the count: `expected` counted them already.
   */
  private applyCount(): void {
    const all = this.rowCount;
    const screen = Math.ceil((this.options.initialRect?.height ?? window.innerHeight) / rowHeight) + overscan + 1;
    const count = this.firstScreen ? Math.min(all, screen) : all;
    if (this.options.count !== count) {
      this.options.count = count;
      this.virtualizer.setOptions(this.options);
    }
    // The scrollbar tells the whole result from the start: every row is `rowHeight` tall.
    this.canvas.style.setProperty('height', `${headerHeight + all * rowHeight}px`);
  }

  /** The row index shown at a display position. */
  private rowAt(position: number): number {
    return this.order ? this.order[position]! : position;
  }

  /** The display position of a row index. */
  private positionOf(row: number): number {
    return this.order ? this.order.indexOf(row) : row;
  }

  private invalidateRows(): void {
    for (const row of this.rendered.values()) row.remove();
    this.rendered.clear();
    this.shown = undefined;
    this.renderRows();
  }

  private applyWidths(): void {
    const template = this.widths.map((w) => `${w}px`).join(' ');
    const total = this.widths.reduce((a, b) => a + b, 0);
    // CSSOM properties, not style attributes: the page's CSP allows no inline styles.
    this.root.style.setProperty('--grid-template', template);
    this.root.style.setProperty('--grid-width', `${total}px`);
  }

  private renderHeader(): void {
    this.applyWidths();
    const cells = this.columns.map((name, i) => {
      const sorted = this.sort?.column === i ? this.sort.direction : undefined;
      const label = element('span', { class: 'grid-header-label' }, [name]);
      const arrow = element('span', { class: `codicon ${sorted === 'descending' ? 'codicon-arrow-down' : 'codicon-arrow-up'} grid-sort-indicator`, 'aria-hidden': 'true' });
      const resizer = element('div', { class: 'grid-resizer', 'aria-hidden': 'true' });
      const cell = element('div', { class: 'grid-header-cell', role: 'columnheader', 'aria-sort': sorted ?? 'none', 'data-column': String(i), title: `Sort by ${name}` }, [label, arrow, resizer]);
      cell.addEventListener('click', (e) => {
        if (e.target !== resizer) this.toggleSort(i);
      });
      resizer.addEventListener('pointerdown', (e) => this.startResize(e, i, resizer));
      return cell;
    });
    this.header.replaceChildren(...cells);
  }

  private useColumns(columns: string[]): void {
    this.columns = columns;
    this.rowTemplate = element(
      'div',
      { class: 'grid-row', role: 'row' },
      columns.map((_, c) => element('div', { class: 'grid-cell', role: 'gridcell', 'data-column': String(c) })),
    );
  }

  private toggleSort(column: number): void {
    const current = this.sort?.column === column ? this.sort.direction : undefined;
    // Ascending, descending, then the result's own order again.
    this.sort = current === undefined ? { column, direction: 'ascending' } : current === 'ascending' ? { column, direction: 'descending' } : undefined;
    this.reorder();
    this.renderHeader();
    this.events.stateChanged(this.state());
  }

  private startResize(e: PointerEvent, column: number, handle: HTMLElement): void {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const startWidth = this.widths[column]!;
    handle.setPointerCapture(e.pointerId);
    const move = (m: PointerEvent): void => {
      this.widths[column] = Math.max(minColumnWidth, Math.round(startWidth + m.clientX - startX));
      this.applyWidths();
    };
    const end = (): void => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      this.events.stateChanged(this.state());
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  }

  private renderRows(): void {
    const items = this.virtualizer.getVirtualItems();
    if (items === this.shown) return;
    this.shown = items;
    // The default range extractor gives a run of consecutive indexes.
    const first = items[0]?.index ?? 0;
    const last = items[items.length - 1]?.index ?? -1;
    for (const [position, row] of this.rendered) {
      if (position < first || position > last) {
        row.remove();
        this.rendered.delete(position);
      }
    }
    for (const item of items) {
      if (this.rendered.has(item.index)) continue;
      const row = this.renderRow(item.index);
      row.style.setProperty('transform', `translateY(${item.start}px)`);
      this.rendered.set(item.index, row);
      this.canvas.appendChild(row);
    }
  }

  private renderRow(position: number): HTMLDivElement {
    const index = this.rowAt(position);
    const row = this.rowTemplate.cloneNode(true) as HTMLDivElement;
    row.setAttribute('aria-rowindex', String(position + 2));
    row.setAttribute('data-row', String(index));
    const cells = row.children;
    for (let c = 0; c < cells.length; c++) {
      const cell = cells[c]!;
      // A string given to append() becomes a Text node: archive data stays text.
      cell.append(this.rows.cell(index, c));
      if (this.isSelected(index, c)) cell.classList.add('selected');
    }
    return row;
  }

  private isSelected(row: number, column: number): boolean {
    return this.selected?.row === row && this.selected.column === column;
  }

  private onClick(e: MouseEvent): void {
    const cell = (e.target as Element).closest<HTMLElement>('.grid-cell');
    const row = cell?.closest<HTMLElement>('.grid-row');
    if (!cell || !row) return;
    this.select(Number(row.dataset.row), Number(cell.dataset.column));
  }

  private select(row: number, column: number): void {
    this.selected = { row, column };
    for (const el of this.canvas.querySelectorAll('.grid-cell.selected')) el.classList.remove('selected');
    this.rendered.get(this.positionOf(row))?.children[column]?.classList.add('selected');
    this.events.selectionChanged();
  }

  private onKey(e: KeyboardEvent): void {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'c' && this.selected) {
      e.preventDefault();
      if (e.shiftKey) this.events.copyRow(this.selected.row);
      else this.events.copyCell(this.selected.row, this.selected.column);
      return;
    }
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[e.key];
    const count = this.rowCount;
    if (!move || count === 0) return;
    e.preventDefault();
    const position = this.selected ? this.positionOf(this.selected.row) : -1;
    const next = Math.min(count - 1, Math.max(0, position + move[0]));
    const column = Math.min(this.columns.length - 1, Math.max(0, (this.selected?.column ?? 0) + move[1]));
    // As little scrolling as shows the row whole, below the sticky header (`scrollPaddingStart`).
    this.virtualizer.scrollToIndex(next, { align: 'auto' });
    this.select(this.rowAt(next), column);
  }
}
