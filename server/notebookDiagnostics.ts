/**
 * A notebook text's diagnostics as the client gets them: each cell its share, in the cell's
 * coordinates (notebookTranslation.ts). An edit in one cell can change another's share (a block
 * it reads renamed), so pushing sends every cell whose share changed, and pulling keeps what
 * each cell was last given, to answer "unchanged" when nothing changed for it and to tell when
 * the client should pull again for cells it has no reason to.
 *
 * A share is told apart by the cell's version and its diagnostics: a cell whose text changed
 * always gets its share again, even an equal one, because the editor moved the old one with the
 * edit.
 */
import type { Diagnostic } from 'vscode-languageserver/node';
import type { NotebookText } from './notebookDocuments';
import { diagnosticsByCell } from './notebookTranslation';
import type { DocumentLookup } from './positionEncoding';

export interface CellDiagnostics {
  uri: string;
  version: number | undefined;
  diagnostics: Diagnostic[];
}

export class NotebookDiagnostics {
  /** Each cell's share as last pushed. */
  private readonly pushed = new Map<string, string>();
  /** Each cell's share as last pulled, with the result id it was given. */
  private readonly pulled = new Map<string, { key: string; resultId: string }>();
  private serial = 0;

  /** `cells` finds a cell's text document (its version). */
  constructor(private readonly cells: DocumentLookup) {}

  /** The shares to push: those of the cells whose share is not the one they were last pushed. */
  toPush(text: NotebookText, diagnostics: readonly Diagnostic[]): CellDiagnostics[] {
    const out: CellDiagnostics[] = [];
    for (const [uri, share] of diagnosticsByCell(diagnostics, text.layout, text.uri)) {
      const version = this.cells.get(uri)?.version;
      const key = keyOf(version, share);
      if (this.pushed.get(uri) === key) continue;
      this.pushed.set(uri, key);
      out.push({ uri, version, diagnostics: share });
    }
    return out;
  }

  /** A cell's share for a pull, with its result id: the same id as long as the share is. */
  pulledShare(text: NotebookText, uri: string, diagnostics: readonly Diagnostic[]): { resultId: string; items: Diagnostic[] } {
    const items = diagnosticsByCell(diagnostics, text.layout, text.uri).get(uri) ?? [];
    const key = keyOf(this.cells.get(uri)?.version, items);
    let known = this.pulled.get(uri);
    if (known?.key !== key) {
      known = { key, resultId: `notebook.${++this.serial}` };
      this.pulled.set(uri, known);
    }
    return { resultId: known.resultId, items };
  }

  /** Whether a cell that was pulled, and is not among `edited` (which the client pulls for
   * anyway), would now get another share: then the client should be asked to pull again. */
  pulledChanged(text: NotebookText, diagnostics: readonly Diagnostic[], edited: ReadonlySet<string>): boolean {
    for (const [uri, share] of diagnosticsByCell(diagnostics, text.layout, text.uri)) {
      const known = this.pulled.get(uri);
      if (known && !edited.has(uri) && known.key !== keyOf(this.cells.get(uri)?.version, share)) return true;
    }
    return false;
  }

  /** Cells removed or closed: returns those that were pushed a share, which the client should
   * now be sent none. */
  forget(uris: Iterable<string>): string[] {
    const pushed: string[] = [];
    for (const uri of uris) {
      if (this.pushed.delete(uri)) pushed.push(uri);
      this.pulled.delete(uri);
    }
    return pushed;
  }
}

function keyOf(version: number | undefined, diagnostics: readonly Diagnostic[]): string {
  return `${version ?? ''}:${JSON.stringify(diagnostics)}`;
}
