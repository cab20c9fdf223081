/**
 * The parsed shape of a `.noarkq` file.
 *
 * Two offset spaces: everything inside a `ParsedBlock` is relative to the block's first character,
 * so a block that did not change (even if it moved) is reused as is after an edit; a
 * `DocumentBlock` places one parsed block in the document. Document-level results (the document's
 * diagnostics, `checkDocument`) are in document offsets.
 */
import type { ApiMethod } from '../api/apiEndpoints';
import type { Node as JsonNode } from 'jsonc-parser';
import type { NoarkqDiagnostic, Span } from '../diagnostics';
import type { JsonValue } from '../jsonValue';
import type { QueryRequest } from '../query';
import type { Expectation, RetryClause } from './expectationModel';

/** A piece of source text with its span. */
export interface Token extends Span {
  text: string;
}

/** `.results` (a property: the span covers the identifier, without the dot) or `[0]` (an index:
 * the span covers the brackets). */
export type ReferenceSegment =
  | ({ kind: 'property'; name: string } & Span)
  | ({ kind: 'index'; index: number } & Span);

/** Where a `{{reference}}` was written, which decides what it may stand for. */
export type ReferenceContext = 'variable' | 'json' | 'download-id' | 'http-path' | 'upload-path' | 'file-path' | 'expectation';

/** One well-formed `{{name.path}}`; malformed ones become diagnostics instead. */
export interface ReferenceOccurrence extends Span {
  /** The block or variable name. */
  name: string;
  nameSpan: Span;
  /** Empty for `{{name}}`, which stands for a variable (or a block's whole response). */
  segments: ReferenceSegment[];
  /** The string (or value) holding it is exactly this reference, so it takes the referenced
   * value's JSON type instead of being spliced into text. */
  wholeValue: boolean;
  context: ReferenceContext;
}

export type VariableValueSyntax =
  | { kind: 'json'; value: JsonValue; span: Span }
  | { kind: 'reference'; reference: ReferenceOccurrence; span: Span }
  /** Reported as `noarkq.malformed-variable`; `span` is what was written (may be empty). */
  | { kind: 'invalid'; span: Span };

/** `@name = value`. */
export interface VariableDeclaration extends Span {
  name: string;
  /** The `@name` token, `@` included. */
  nameSpan: Span;
  value: VariableValueSyntax;
  /** Written after the block's request line: reported and ignored. */
  misplaced: boolean;
}

/**
 * A JSON body (TRANSACTION, HTTP). Node offsets are in the same space as the block.
 *
 * The tree and the value are made when asked for, from the body's text, and only the last tree
 * read is kept (jsonBodyParser.ts): a tree takes about ten times its text's size, and a big
 * file's bodies kept as trees were most of the language server's memory, while a body's parse
 * is microseconds. So two reads of `tree` with another body's between them give two equal
 * trees, not the same one.
 */
export interface JsonBody extends Span {
  /** The tree (error-tolerant); undefined when nothing parsed. */
  readonly tree: JsonNode | undefined;
  /** The value with comments dropped; undefined when the body has syntax errors. */
  readonly value: JsonValue | undefined;
  readonly hasSyntaxErrors: boolean;
}

export type RequestKind = 'query' | 'transaction' | 'upload' | 'download' | 'http' | 'unknown';
export type HttpMethod = ApiMethod;

interface RequestBase extends Span {
  /** The keyword as written (`QUERY`, `get`, ...). Keywords are case-insensitive. */
  keyword: Token;
  /** The request line, without its line break. */
  line: Span;
}

export interface QueryRequestSyntax extends RequestBase {
  kind: 'query';
  query: QueryRequest;
}

export interface TransactionRequestSyntax extends RequestBase {
  kind: 'transaction';
  body: JsonBody | undefined;
}

export interface UploadRequestSyntax extends RequestBase {
  kind: 'upload';
  /** The file path (relative to the `.noarkq` file); quotes are not part of `text`. */
  path: Token | undefined;
  /** The `AS <file name>` value. */
  fileName: Token | undefined;
}

export interface DownloadRequestSyntax extends RequestBase {
  kind: 'download';
  /** The id, or the `{{reference}}` that gives it. */
  id: Token | undefined;
  /** The `TO <path>` value. */
  target: Token | undefined;
}

export interface HttpRequestSyntax extends RequestBase {
  kind: 'http';
  method: HttpMethod;
  /** Path and query string as written. */
  target: Token | undefined;
  /** The part before `?`. */
  path: Token | undefined;
  /** The part after `?`, without it. */
  queryString: Token | undefined;
  body: JsonBody | undefined;
}

/** A line where a request belongs whose first word is no request keyword (reported). */
export interface UnknownRequestSyntax extends RequestBase {
  kind: 'unknown';
}

export type RequestSyntax =
  | QueryRequestSyntax
  | TransactionRequestSyntax
  | UploadRequestSyntax
  | DownloadRequestSyntax
  | HttpRequestSyntax
  | UnknownRequestSyntax;

/**
 * One block (or the preamble), parsed from its own text. Immutable and shared between parses:
 * every span is relative to the block's start.
 */
export interface ParsedBlock {
  readonly text: string;
  /** The lines before the first `###`: file variables, and optionally one request. */
  readonly isPreamble: boolean;
  /** The `###` line (without its line break); undefined for the preamble. */
  readonly separator: Span | undefined;
  /** Set only when the first word after `###` is a valid name. */
  readonly name: Token | undefined;
  /** The first word after `###` when it looks like a name but is not a valid one. */
  readonly invalidName: Token | undefined;
  readonly description: Token | undefined;
  readonly comments: readonly Span[];
  readonly variables: readonly VariableDeclaration[];
  /** The block's request: the first one written. */
  readonly request: RequestSyntax | undefined;
  /** Every request line found; more than one is reported. */
  readonly requests: readonly RequestSyntax[];
  /** The `EXPECT` lines, in text order (misplaced ones included, marked). */
  readonly expectations: readonly Expectation[];
  /** The first `RETRY` line after the request line (another one is reported). */
  readonly retry: RetryClause | undefined;
  /** Every well-formed reference, in text order. */
  readonly references: readonly ReferenceOccurrence[];
  /** Syntax problems found while parsing this block (block-relative). */
  readonly diagnostics: readonly NoarkqDiagnostic[];
}

/** A parsed block placed in the document. */
export interface DocumentBlock {
  /** Document offset of the block's first character (0 for the preamble). */
  readonly start: number;
  /** Document offset just past the block (the next block's start, or the end of the text). */
  readonly end: number;
  /** Position in `NoarkqDocument.blocks`; the preamble has -1. */
  readonly index: number;
  readonly parsed: ParsedBlock;
}

export interface NoarkqDocument {
  readonly text: string;
  /** The lines before the first `###` (possibly empty, always present). */
  readonly preamble: DocumentBlock;
  /** The `###` blocks, in file order. */
  readonly blocks: readonly DocumentBlock[];
  /** Every block's syntax diagnostics, in document offsets. */
  readonly diagnostics: readonly NoarkqDiagnostic[];
}

/**
 * A document whose blocks can be read one at a time (`documentNavigation.blockOf`) without its
 * whole `blocks` list being made: an edit's parse moves the blocks after the edit by making each
 * moved block only when it is read, and the check of an edit reads a few.
 */
export interface BlockReader {
  readonly blockCount: number;
  block(index: number): DocumentBlock;
}
