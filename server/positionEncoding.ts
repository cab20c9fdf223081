/**
 * Position encodings (LSP 3.17 `positionEncoding`): a client may count a position's `character`
 * in UTF-8 bytes or UTF-32 code points instead of UTF-16 code units. The core counts in UTF-16
 * (JavaScript strings, vscode-languageserver-textdocument), so positions are converted here, at
 * the protocol's edge only: the client's into UTF-16 before a handler reads them, the server's
 * into the client's encoding as they go out. For a UTF-16 client nothing is walked or copied.
 *
 * A conversion reads only the lines its positions are on (found through the document's line
 * offsets), each once per message. Positions that are not on a character boundary are clamped
 * as vscode-languageserver-textdocument clamps UTF-16 ones: past the line's end to its end, and
 * inside a character (a UTF-8 sequence, a surrogate pair) to the character's start.
 */
import {
  Range,
  ResponseError,
  TextDocumentContentChangeEvent,
  type CancellationToken,
  type Position,
  type SemanticTokens,
  type TextDocumentsConfiguration,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { RequestHandler } from './requestIsolation';

/** The `PositionEncodingKind`s the server supports. */
export type PositionEncoding = 'utf-8' | 'utf-16' | 'utf-32';

/** The server has no preference among them: the client's order decides. */
const supported: readonly PositionEncoding[] = ['utf-8', 'utf-16', 'utf-32'];

/** The first of the client's `general.positionEncodings` the server supports; UTF-16 when it
 * lists none (the LSP specification: UTF-16 is the one every client and server supports). */
export function negotiatePositionEncoding(offered: unknown): PositionEncoding {
  if (!Array.isArray(offered)) return 'utf-16';
  return offered.find((kind): kind is PositionEncoding => supported.includes(kind as PositionEncoding)) ?? 'utf-16';
}

/** Where a conversion finds a document by its uri (the server's `TextDocuments`). */
export interface DocumentLookup {
  get(uri: string): TextDocument | undefined;
}

// ---- one line ---------------------------------------------------------------------------------

/**
 * One line's characters whose width differs between UTF-16 and the client's encoding (all
 * non-ASCII ones in UTF-8, the surrogate pairs in UTF-32), so that a column converts in
 * O(log n) of them once the line was read.
 */
export class LineColumns {
  /** Four numbers for each such character: its start in UTF-16 and in the encoding, its width
   * in each; none for a line without one (most lines), so that such a line costs one scan. */
  private readonly marks: number[] | undefined;
  readonly utf16Length: number;
  readonly encodedLength: number;

  /** `text` is the line without its end of line. */
  constructor(text: string, encoding: Exclude<PositionEncoding, 'utf-16'>) {
    const utf8 = encoding === 'utf-8';
    let marks: number[] | undefined;
    let shift = 0;
    for (let u = 0; u < text.length; u++) {
      const code = text.charCodeAt(u);
      if (code < 0x80 || (!utf8 && code < 0xd800)) continue;
      const pair = code >= 0xd800 && code <= 0xdbff && u + 1 < text.length && isLowSurrogate(text.charCodeAt(u + 1));
      const width16 = pair ? 2 : 1;
      // A lone surrogate is one code point, written as U+FFFD (three bytes) in UTF-8.
      const width = utf8 ? (pair ? 4 : code < 0x800 ? 2 : 3) : 1;
      if (width !== width16) {
        (marks ??= []).push(u, u + shift, width16, width);
        shift += width - width16;
      }
      if (pair) u++;
    }
    this.marks = marks;
    this.utf16Length = text.length;
    this.encodedLength = text.length + shift;
  }

  toEncoded(column: number): number {
    return convert(this.marks, 0, column, this.utf16Length, this.encodedLength);
  }

  toUtf16(column: number): number {
    return convert(this.marks, 1, column, this.encodedLength, this.utf16Length);
  }
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** `column` counted from the side `from` (0: UTF-16, 1: the encoding) to the other. */
function convert(marks: number[] | undefined, from: 0 | 1, column: number, length: number, targetLength: number): number {
  if (column <= 0) return 0;
  if (column >= length) return targetLength;
  if (!marks) return column;
  const to = 1 - from;
  // The last marked character that starts before the column.
  let low = 0;
  let high = marks.length / 4;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (marks[mid * 4 + from] < column) low = mid + 1;
    else high = mid;
  }
  if (low === 0) return column;
  const i = (low - 1) * 4;
  const start = marks[i + from];
  const width = marks[i + 2 + from];
  if (column < start + width) return marks[i + to];
  return marks[i + to] + marks[i + 2 + to] + (column - start - width);
}

// ---- one document -----------------------------------------------------------------------------

/** The lines of one document read so far in one conversion. */
class DocumentColumns {
  private readonly lines = new Map<number, LineColumns>();

  constructor(
    private readonly document: TextDocument,
    private readonly encoding: Exclude<PositionEncoding, 'utf-16'>,
  ) {}

  /** Undefined past the document's last line, where every column means its end alike. */
  line(line: number): LineColumns | undefined {
    let columns = this.lines.get(line);
    if (!columns) {
      columns = this.read(line);
      if (columns) this.lines.set(line, columns);
    }
    return columns;
  }

  /** The line read again (for a reader that goes through the lines in order). */
  read(line: number): LineColumns | undefined {
    if (line < 0 || line >= this.document.lineCount) return undefined;
    // The line's range ends before its end of line (offsetAt clamps the character there).
    return new LineColumns(this.document.getText({ start: { line, character: 0 }, end: { line, character: Number.MAX_SAFE_INTEGER } }), this.encoding);
  }

  toEncoded(line: number, character: number): number {
    return this.line(line)?.toEncoded(character) ?? character;
  }

  toUtf16(line: number, character: number): number {
    return this.line(line)?.toUtf16(character) ?? character;
  }
}

type Direction = 'toClient' | 'fromClient';

/** One conversion of one message: the documents it reads, each read once. */
class Conversion {
  private readonly documents = new Map<string, DocumentColumns | undefined>();

  constructor(
    private readonly encoding: Exclude<PositionEncoding, 'utf-16'>,
    private readonly lookup: DocumentLookup,
    private readonly direction: Direction,
  ) {}

  columns(uri: string): DocumentColumns | undefined {
    if (!this.documents.has(uri)) {
      const document = this.lookup.get(uri);
      this.documents.set(uri, document && new DocumentColumns(document, this.encoding));
    }
    return this.documents.get(uri);
  }

  character(columns: DocumentColumns, line: number, character: number): number {
    return this.direction === 'toClient' ? columns.toEncoded(line, character) : columns.toUtf16(line, character);
  }

  /**
   * A copy of `value` with every position in it converted: every `{ line, character }`, and a
   * folding range's `startCharacter`/`endCharacter`. A position is in the document of the nearest
   * object around it that names one (a `Location`'s `uri`, a `LocationLink`'s `targetUri`, a
   * `TextDocumentEdit`'s `textDocument`, a `WorkspaceEdit`'s `changes` keys), else in `columns`'
   * (the request's); one in a document that is not open stays as it is.
   */
  value(value: unknown, columns: DocumentColumns | undefined): unknown {
    if (Array.isArray(value)) return value.map((v: unknown) => this.value(v, columns));
    if (!isPlainObject(value)) return value;
    if (typeof value.line === 'number' && typeof value.character === 'number') {
      return { ...value, character: columns ? this.character(columns, value.line, value.character) : value.character };
    }
    const inner = this.namedDocument(value, columns);
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (key === 'changes' && isPlainObject(v)) out[key] = Object.fromEntries(Object.entries(v).map(([uri, edits]) => [uri, this.value(edits, this.columns(uri))]));
      // A link's origin is in the document asked about, its target where `targetUri` says.
      else if (key === 'originSelectionRange') out[key] = this.value(v, columns);
      else out[key] = this.value(v, inner);
    }
    if (inner && typeof value.startLine === 'number' && typeof value.endLine === 'number') {
      if (typeof value.startCharacter === 'number') out.startCharacter = this.character(inner, value.startLine, value.startCharacter);
      if (typeof value.endCharacter === 'number') out.endCharacter = this.character(inner, value.endLine, value.endCharacter);
    }
    return out;
  }

  private namedDocument(value: Record<string, unknown>, columns: DocumentColumns | undefined): DocumentColumns | undefined {
    if (typeof value.uri === 'string') return this.columns(value.uri);
    if (typeof value.targetUri === 'string') return this.columns(value.targetUri);
    const textDocument = value.textDocument;
    if (isPlainObject(textDocument) && typeof textDocument.uri === 'string') return this.columns(textDocument.uri);
    return columns;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

// ---- the protocol's messages ------------------------------------------------------------------

/** `value` (a result, a diagnostic list) with its positions in the client's encoding; `value`
 * itself for UTF-16. Positions are taken to be in `uri`'s document unless they say otherwise. */
export function positionsToClient<T>(encoding: PositionEncoding, documents: DocumentLookup, uri: string, value: T): T {
  if (encoding === 'utf-16') return value;
  const conversion = new Conversion(encoding, documents, 'toClient');
  return conversion.value(value, conversion.columns(uri)) as T;
}

/** A request's params with the client's positions in UTF-16; `params` itself for UTF-16. */
export function positionsFromClient<T>(encoding: PositionEncoding, documents: DocumentLookup, uri: string, params: T): T {
  if (encoding === 'utf-16') return params;
  const conversion = new Conversion(encoding, documents, 'fromClient');
  return conversion.value(params, conversion.columns(uri)) as T;
}

/**
 * Semantic tokens in the client's encoding: each token's start and length are counted in UTF-16
 * on its line (the server sends no token across lines), and a start is relative to the previous
 * token's on the same line, so both are re-counted, reading each line with tokens once.
 */
export function semanticTokensToClient(encoding: PositionEncoding, documents: DocumentLookup, uri: string, tokens: SemanticTokens): SemanticTokens {
  const document = documents.get(uri);
  if (encoding === 'utf-16' || !document) return tokens;
  const columns = new DocumentColumns(document, encoding);
  const from = tokens.data;
  const data = new Array<number>(from.length);
  let line = 0;
  let start16 = 0;
  let previousStart = 0;
  let current = columns.read(0);
  for (let i = 0; i + 4 < from.length; i += 5) {
    const deltaLine = from[i];
    if (deltaLine !== 0) {
      line += deltaLine;
      start16 = from[i + 1];
      current = columns.read(line);
    } else {
      start16 += from[i + 1];
    }
    const end16 = start16 + from[i + 2];
    const start = current ? current.toEncoded(start16) : start16;
    // A token past its line's end (none should be) keeps what it has past the end.
    const end = current ? current.toEncoded(end16) + Math.max(0, end16 - current.utf16Length) : end16;
    data[i] = deltaLine;
    data[i + 1] = deltaLine === 0 ? start - previousStart : start;
    data[i + 2] = end - start;
    data[i + 3] = from[i + 3];
    data[i + 4] = from[i + 4];
    previousStart = start;
  }
  return { ...tokens, data };
}

/** How a request's result goes to the client: `positionsToClient`, or the semantic tokens' own. */
export type ResultToClient<R> = (encoding: PositionEncoding, documents: DocumentLookup, uri: string, result: R) => R;

/**
 * `handler` behind the edge: the params' positions reach it in UTF-16, and its answer goes out
 * in the client's encoding (through `resultToClient`). The answer is converted in the turn it
 * is made, so against the text it was made from.
 */
export function encodedRequest<P extends { textDocument: { uri: string } }, R, E = void>(
  encoding: () => PositionEncoding,
  documents: DocumentLookup,
  handler: RequestHandler<P, R, E>,
  resultToClient: ResultToClient<R> = positionsToClient,
): RequestHandler<P, R, E> {
  return (params: P, token: CancellationToken) => {
    const current = encoding();
    if (current === 'utf-16') return handler(params, token);
    const uri = params.textDocument.uri;
    return (async () => {
      const result = await handler(positionsFromClient(current, documents, uri, params), token);
      return result instanceof ResponseError || result === null || result === undefined ? result : resultToClient(current, documents, uri, result);
    })();
  };
}

/**
 * The `TextDocuments` configuration with `didChange` ranges read in the client's encoding. Each
 * change's range refers to the text after the previous change, so the changes are applied one by
 * one, each converted against the text it applies to.
 */
export function encodedDocuments<T extends TextDocument>(base: TextDocumentsConfiguration<T>, encoding: () => PositionEncoding): TextDocumentsConfiguration<T> {
  return {
    create: (uri, languageId, version, content) => base.create(uri, languageId, version, content),
    update: (document, changes, version) => {
      const current = encoding();
      if (current === 'utf-16') return base.update(document, changes, version);
      let updated = document;
      for (const change of changes) {
        // A malformed change goes on as it came: the document's own update decides what it means.
        const utf16 =
          TextDocumentContentChangeEvent.isIncremental(change) && Range.is(change.range)
            ? { range: rangeToUtf16(current, updated, change.range), text: change.text }
            : change;
        updated = base.update(updated, [utf16], version);
      }
      return updated;
    },
  };
}

function rangeToUtf16(encoding: Exclude<PositionEncoding, 'utf-16'>, document: TextDocument, range: Range): Range {
  const columns = new DocumentColumns(document, encoding);
  const at = (p: Position): Position => ({ line: p.line, character: columns.toUtf16(p.line, p.character) });
  return { start: at(range.start), end: at(range.end) };
}
