/**
 * The results grid: sortable, resizable columns over virtualized rows, so only the rows on screen
 * (plus a few) are in the DOM whatever the result's size. Every row is `rowHeight` tall, so which
 * rows are on screen follows from the scroll offset alone: nothing is kept or computed per row
 * until the user sorts, and showing 50,000 rows costs what showing one screen does.
 */
import { guessTextWidth, initialWidths, minColumnWidth, sortedOrder, type SortDirection } from './gridModel';
import { PackedRows, type PackedCells } from './packedCells';
import { element } from './textElements';

export const rowHeight = 22;
const headerHeight = 26;
/** Rows rendered beyond each edge of the screen, so a short scroll shows no blank rows. */
const overscan = 8;

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
  /** The scroller's scroll offset and height, as its events last reported them: reading them
   * from the element would force a layout. Until the scroller is measured, the window's height
   * bounds its own. */
  private scrollTop = 0;
  private viewportHeight = window.innerHeight;
  private readonly resizes: ResizeObserver;

  constructor(private readonly events: GridEvents) {
    this.header = element('div', { class: 'grid-header', role: 'row', 'aria-rowindex': '1' });
    this.canvas = element('div', { class: 'grid-canvas' }, [this.header]);
    this.scroller = element('div', { class: 'grid-scroller', tabindex: '0' }, [this.canvas]);
    this.root = element('div', { class: 'grid', role: 'grid', 'aria-label': 'Results' }, [this.scroller]);
    this.resizes = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (!box) return;
      this.viewportHeight = box.height;
      // A smaller screen than guessed keeps its extra rows until the next scroll: removing them
      // now would lay the page out again before its first paint.
      if (!this.renderedCover()) this.renderRows();
    });
    this.scroller.addEventListener(
      'scroll',
      () => {
        this.scrollTop = this.scroller.scrollTop;
        this.renderRows();
      },
      { passive: true },
    );
    this.scroller.addEventListener('keydown', (e) => this.onKey(e));
    this.scroller.addEventListener('click', (e) => this.onClick(e));
  }

  /** Call once `root` is in the document: from then on the scroller's size is observed. */
  attached(): void {
    this.resizes.observe(this.scroller);
    this.renderRows();
  }

  dispose(): void {
    this.resizes.disconnect();
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
    this.scroller.scrollTop = 0;
    this.scrollTop = 0;
    this.reorder();
    this.renderHeader();
  }

  /** A later page: its rows go after the others, new columns at the end. */
  appendRows(columns: string[], cells: PackedCells): void {
    const first = this.rows.length;
    this.rows.add(cells);
    if (columns.length > this.columns.length) {
      const guessed = initialWidths(columns, this.rows.length - first, (r, c) => this.rows.cell(first + r, c), ...this.textMeasures());
      for (let i = this.columns.length; i < columns.length; i++) this.widths.push(guessed[i]!);
      this.useColumns(columns);
      this.renderHeader();
    }
    this.reorder();
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
    this.canvas.style.setProperty('height', `${headerHeight + this.rowCount * rowHeight}px`);
    this.invalidateRows();
  }

  /** The row index shown at a display position. */
  private rowAt(position: number): number {
    return this.order ? this.order[position]! : position;
  }

  /** The display position of a row index. */
  private positionOf(row: number): number {
    return this.order ? this.order.indexOf(row) : row;
  }

  /** Display positions on screen, plus `overscan` either side; `last` < `first` when none. */
  private visibleRange(): { first: number; last: number } {
    const count = this.rowCount;
    // Row p spans headerHeight + p·rowHeight to one rowHeight further, under the sticky header.
    const first = Math.max(0, Math.floor((this.scrollTop - headerHeight) / rowHeight) - overscan);
    const last = Math.min(count - 1, Math.ceil((this.scrollTop + this.viewportHeight - headerHeight) / rowHeight) - 1 + overscan);
    return { first, last };
  }

  /** Whether every row the screen needs is rendered already. */
  private renderedCover(): boolean {
    const { first, last } = this.visibleRange();
    for (let p = first; p <= last; p++) if (!this.rendered.has(p)) return false;
    return true;
  }

  private invalidateRows(): void {
    for (const row of this.rendered.values()) row.remove();
    this.rendered.clear();
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
    const { first, last } = this.visibleRange();
    for (const [position, row] of this.rendered) {
      if (position < first || position > last) {
        row.remove();
        this.rendered.delete(position);
      }
    }
    for (let position = first; position <= last; position++) {
      if (this.rendered.has(position)) continue;
      const row = this.renderRow(position);
      row.style.setProperty('transform', `translateY(${headerHeight + position * rowHeight}px)`);
      this.rendered.set(position, row);
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
    this.scrollIntoView(next);
    this.select(this.rowAt(next), column);
  }

  /** Scrolls as little as shows the row at `position` whole, below the sticky header. */
  private scrollIntoView(position: number): void {
    const top = position * rowHeight;
    const bottom = headerHeight + (position + 1) * rowHeight;
    if (top < this.scrollTop) this.scroller.scrollTop = top;
    else if (bottom > this.scrollTop + this.viewportHeight) this.scroller.scrollTop = bottom - this.viewportHeight;
  }
}
