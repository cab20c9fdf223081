/**
 * A request on a notebook's cell, answered on the notebook's text (notebookLayout.ts): its
 * params' positions moved into the text, and the answer's moved back into the cells. Written
 * once for every request, as positionEncoding.ts converts every request's positions: the
 * messages are walked as JSON.
 *
 * Answering, the text's uri becomes a cell's: a `Location` (or a link's target) goes to the cell
 * its range starts in, a `WorkspaceEdit`'s edits each to the cell they start in, a command's
 * `[uri, position]` arguments to the position's cell. A position that names no document is in
 * the cell asked about. A list of things placed in the text (diagnostics, symbols, folding
 * ranges, text edits) keeps those that start in that cell: the cell's share. The core answers
 * edits with `changes`, never `documentChanges`, and no positions of other documents.
 *
 * Pure: the messages' shapes are the LSP's, but nothing here speaks to a client.
 */
import { tokensInCell, type CellPlace, type NotebookLayout, type TextPosition } from './notebookLayout';

/** A request's params with the cell's uri replaced by the text's and its positions moved into
 * the text. Another cell of the same notebook named in them (a related diagnostic's location)
 * is placed the same way. */
export function paramsToText<P>(params: P, layout: NotebookLayout, cell: CellPlace, textUri: string): P {
  const value = (v: unknown, at: CellPlace): unknown => {
    if (Array.isArray(v)) return v.map((e: unknown) => value(e, at));
    if (!isPlainObject(v)) return v;
    if (isPosition(v)) return { ...v, ...layout.toText(at, v) };
    const named = typeof v.uri === 'string' ? layout.cell(v.uri) : undefined;
    // Another document's positions are its own.
    if (typeof v.uri === 'string' && !named) return v;
    const inner = named ?? at;
    const out: Record<string, unknown> = {};
    for (const [key, e] of Object.entries(v)) out[key] = key === 'uri' && named ? textUri : value(e, inner);
    return out;
  };
  return value(params, cell) as P;
}

/** A request's answer made on the text, for the client that asked about `cell`. A semantic
 * tokens answer (`{ data: number[] }`) keeps the tokens on the cell's lines. */
export function resultToCell<R>(result: R, layout: NotebookLayout, cell: CellPlace, textUri: string): R {
  if (isPlainObject(result) && isNumbers(result.data)) return { ...result, data: tokensInCell(result.data, cell) } as R;
  return new ToCells(layout, textUri).value(result, cell, true) as R;
}

/** The diagnostics of the text, each cell's share (in the cell's coordinates); every cell of the
 * layout has an entry, empty when it has none. */
export function diagnosticsByCell<D extends { range: { start: TextPosition } }>(diagnostics: readonly D[], layout: NotebookLayout, textUri: string): Map<string, D[]> {
  const shares = new Map<string, D[]>(layout.cells.map((c) => [c.uri, []]));
  const toCells = new ToCells(layout, textUri);
  for (const diagnostic of diagnostics) {
    const cell = layout.cellAtLine(diagnostic.range.start.line);
    if (cell) shares.get(cell.uri)?.push(toCells.value(diagnostic, cell, true) as D);
  }
  return shares;
}

class ToCells {
  constructor(
    private readonly layout: NotebookLayout,
    private readonly textUri: string,
  ) {}

  /** `v` with its positions counted from `at`'s start. `share`: lists keep only what starts in
   * `at` (not inside a diagnostic's `data`, which comes back in a code action's params and must
   * come back whole). */
  value(v: unknown, at: CellPlace, share: boolean): unknown {
    if (Array.isArray(v)) return this.list(v, at, share);
    if (!isPlainObject(v)) return v;
    if (isPosition(v)) return { ...v, ...this.layout.toCell(at, v) };
    const named = this.namedCell(v);
    // Another document's positions are its own.
    if (named === null) return v;
    const inner = named ?? at;
    const out: Record<string, unknown> = {};
    for (const [key, e] of Object.entries(v)) {
      if ((key === 'uri' || key === 'targetUri') && e === this.textUri) out[key] = inner.uri;
      // A link's origin is where the request was.
      else if (key === 'originSelectionRange') out[key] = this.value(e, at, share);
      else if (key === 'changes' && isPlainObject(e)) out[key] = this.changes(e);
      else if (key === 'arguments' && Array.isArray(e)) out[key] = this.commandArguments(e, inner);
      else if ((key === 'startLine' || key === 'endLine') && typeof e === 'number') out[key] = e - inner.startLine;
      else out[key] = this.value(e, inner, share && key !== 'data');
    }
    return out;
  }

  private list(list: unknown[], at: CellPlace, share: boolean): unknown[] {
    const out: unknown[] = [];
    for (const e of list) {
      // What names its document (a location) goes to its own cell instead.
      const line = share && !namesDocument(e) ? startLine(e) : undefined;
      if (line === undefined || this.layout.holds(at, line)) out.push(this.value(e, at, share));
    }
    return out;
  }

  /** The cell of an object that names the text (by the line its range starts on); undefined when
   * it names no document, null when it names another. */
  private namedCell(v: Record<string, unknown>): CellPlace | undefined | null {
    const uri = typeof v.uri === 'string' ? v.uri : typeof v.targetUri === 'string' ? v.targetUri : undefined;
    if (uri === undefined) return undefined;
    if (uri !== this.textUri) return null;
    const range = isRange(v.range) ? v.range : isRange(v.targetRange) ? v.targetRange : undefined;
    return this.layout.cellAtLine(range?.start.line ?? 0) ?? null;
  }

  /** A `WorkspaceEdit`'s `changes`: the text's edits, each under the cell it starts in. */
  private changes(changes: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [uri, edits] of Object.entries(changes)) {
      if (uri !== this.textUri || !Array.isArray(edits)) {
        out[uri] = edits;
        continue;
      }
      for (const edit of edits) {
        const cell = this.layout.cellAtLine(startLine(edit) ?? 0);
        if (!cell) continue;
        const inCell = (out[cell.uri] ??= []) as unknown[];
        inCell.push(this.value(edit, cell, false));
      }
    }
    return out;
  }

  /** A command's `[uri, position]`: both in the position's cell. */
  private commandArguments(args: unknown[], at: CellPlace): unknown[] {
    const position = args.find(isPosition);
    const cell = (position && this.layout.cellAtLine(position.line)) ?? at;
    return args.map((a) => (a === this.textUri ? cell.uri : this.value(a, cell, false)));
  }
}

/** The line a thing placed in the text starts on: a range, or an object with a `range`, or a
 * folding range; undefined for anything else. */
function startLine(v: unknown): number | undefined {
  if (isRange(v)) return v.start.line;
  if (!isPlainObject(v)) return undefined;
  if (isRange(v.range)) return v.range.start.line;
  return typeof v.startLine === 'number' && typeof v.endLine === 'number' ? v.startLine : undefined;
}

function namesDocument(v: unknown): boolean {
  return isPlainObject(v) && (typeof v.uri === 'string' || typeof v.targetUri === 'string');
}

function isPosition(v: unknown): v is TextPosition {
  return isPlainObject(v) && typeof v.line === 'number' && typeof v.character === 'number';
}

function isRange(v: unknown): v is { start: TextPosition; end: TextPosition } {
  return isPlainObject(v) && isPosition(v.start) && isPosition(v.end);
}

function isNumbers(v: unknown): v is number[] {
  return Array.isArray(v) && v.every((n) => typeof n === 'number');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
