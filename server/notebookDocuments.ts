/**
 * The notebooks the client syncs (LSP 3.17 `notebookDocument/*`; the server asks for those of
 * type `noarkq-notebook`), each kept as one `.noarkq` text: its `noarkq` code cells in order,
 * each ended with "\n" (notebookLayout.ts). A cell's request may read another cell's block or
 * the preamble's file variables, so the server parses, checks and answers on that text, under a
 * uri of its own, by the same path as any document: a change to a cell is one edit of the text,
 * which the parse cache and the incremental checker take as they take an editor's.
 *
 * What a cell's request gets back is translated into the cell (notebookTranslation.ts); its
 * context (the responses of blocks run) is the notebook file's.
 */
import { LSPErrorCodes, NotebookCellKind, NotebookDocuments, ResponseError, type Connection, type Disposable, type NotebookCell, type NotebookDocument, type TextDocumentsConfiguration } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { NotebookLayout, textChange, type CellPlace } from './notebookLayout';
import { paramsToText, resultToCell } from './notebookTranslation';
import type { DocumentLookup } from './positionEncoding';
import type { RequestHandler } from './requestIsolation';

/** One notebook as the server checks it. */
export interface NotebookText {
  /** The notebook's own uri (the `.noarkq` file's). */
  readonly notebookUri: string;
  /** The uri the text is parsed and checked under: no client document has it. */
  readonly uri: string;
  /** Where each cell is in the text; replaced, never changed, when the notebook changes. */
  layout: NotebookLayout;
  /** The text; a new version for each change. */
  readonly document: TextDocument;
}

/** What a change to a notebook did to its cells. */
export interface NotebookChange {
  notebook: NotebookText;
  /** The cells whose text changed. */
  edited: ReadonlySet<string>;
  /** The cells that are no longer in it. */
  removed: readonly string[];
}

export interface NotebookListener {
  opened(text: NotebookText): void;
  changed(change: NotebookChange): void;
  /** Called while its cells are still known. */
  closed(text: NotebookText): void;
}

/** The uri of a notebook's text: a scheme of its own, so that it is never a document's. */
export function notebookTextUri(notebookUri: string): string {
  return `noarkq-notebook-text:${notebookUri}`;
}

export class NotebookTexts implements DocumentLookup {
  private readonly notebooks: NotebookDocuments<TextDocument>;
  private readonly texts = new Map<string, NotebookText>();
  /** Text versions are never reused, not even by a notebook closed and opened again. */
  private versions = 0;

  /** `cells`: how the cells' text documents are made and changed (positionEncoding.ts reads the
   * client's changes in its encoding). */
  constructor(cells: TextDocumentsConfiguration<TextDocument>) {
    this.notebooks = new NotebookDocuments(cells);
  }

  listen(connection: Connection, listener: NotebookListener): Disposable {
    const subscriptions = [
      this.notebooks.onDidOpen((notebook) => {
        const layout = this.layoutOf(notebook);
        const text: NotebookText = { notebookUri: notebook.uri, uri: notebookTextUri(notebook.uri), layout, document: TextDocument.create(notebookTextUri(notebook.uri), 'noarkq', ++this.versions, layout.text) };
        this.texts.set(text.uri, text);
        listener.opened(text);
      }),
      this.notebooks.onDidChange((event) => {
        const text = this.texts.get(notebookTextUri(event.notebookDocument.uri));
        if (!text) return;
        const layout = this.layoutOf(event.notebookDocument);
        const change = textChange(text.document.getText(), layout.text);
        if (change) {
          const range = { start: text.document.positionAt(change.start), end: text.document.positionAt(change.end) };
          TextDocument.update(text.document, [{ range, text: change.text }], ++this.versions);
        }
        text.layout = layout;
        // NotebookDocuments lists a closed cell it never knew as undefined.
        const uris = (cells: ReadonlyArray<NotebookCell | undefined> | undefined): string[] => (cells ?? []).flatMap((c) => (c ? [c.document] : []));
        listener.changed({ notebook: text, edited: new Set(uris(event.cells?.changed.textContent)), removed: uris(event.cells?.removed) });
      }),
      this.notebooks.onDidClose((notebook) => {
        const text = this.texts.get(notebookTextUri(notebook.uri));
        if (!text) return;
        listener.closed(text);
        this.texts.delete(text.uri);
      }),
      this.notebooks.listen(connection),
    ];
    return { dispose: () => subscriptions.forEach((s) => s.dispose()) };
  }

  /** A notebook's text by its uri, or a cell's text document by its. */
  get(uri: string): TextDocument | undefined {
    return this.texts.get(uri)?.document ?? this.notebooks.cellTextDocuments.get(uri);
  }

  /** The notebook text of this uri. */
  text(uri: string): NotebookText | undefined {
    return this.texts.get(uri);
  }

  all(): IterableIterator<NotebookText> {
    return this.texts.values();
  }

  /** The notebook text a code cell is part of, and its place there. */
  cell(uri: string): { text: NotebookText; cell: CellPlace } | undefined {
    const notebook = this.notebooks.findNotebookDocumentForCell(uri);
    const text = notebook && this.texts.get(notebookTextUri(notebook.uri));
    const cell = text?.layout.cell(uri);
    return text && cell ? { text, cell } : undefined;
  }

  /** The uri whose context (`FeatureContextStore`) a document's features use: a notebook text's is
   * the notebook's. */
  contextUri(uri: string): string {
    return this.texts.get(uri)?.notebookUri ?? uri;
  }

  /**
   * `handler`, answering on a notebook's text when asked about one of its cells: the params are
   * moved into the text and the answer back into the cell. A request on any other document goes
   * to `handler` as it came.
   */
  inCells<P extends { textDocument: { uri: string } }, R, E>(handler: RequestHandler<P, R, E>): RequestHandler<P, R, E> {
    return async (params, token) => {
      const found = this.cell(params.textDocument.uri);
      if (!found) return handler(params, token);
      const { text, cell } = found;
      const layout = text.layout;
      const result = await handler(paramsToText(params, layout, cell, text.uri), token);
      if (result instanceof ResponseError || result === null || result === undefined) return result;
      // Made on the text as it was: after a change meanwhile it would not fit the cells.
      if (text.layout !== layout || this.texts.get(text.uri) !== text) return new ResponseError<E>(LSPErrorCodes.ContentModified, 'The notebook changed before the answer was ready.');
      return resultToCell(result, layout, cell, text.uri);
    };
  }

  /** The notebook's `noarkq` code cells, in order. */
  private layoutOf(notebook: NotebookDocument): NotebookLayout {
    const sources = [];
    for (const cell of notebook.cells) {
      if (cell.kind !== NotebookCellKind.Code) continue;
      const document = this.notebooks.cellTextDocuments.get(cell.document);
      if (document?.languageId === 'noarkq') sources.push({ uri: cell.document, text: document.getText() });
    }
    return new NotebookLayout(sources);
  }
}
