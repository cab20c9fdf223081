/**
 * The custom `noarkq/...` messages between the editor client and the language server, typed once
 * for both sides. The client sends what only it can know (the active environment, what it fetched
 * from the archive, the responses of blocks it ran); the server answers with what only a parse
 * can tell (the exact body a QUERY block sends).
 *
 * The params' types are inferred from the zod schemas in `customMessageSchemas.ts`, with which the
 * server validates every message before using anything in it.
 */
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import type { QueryBody } from '../core/query';
import type { ExplainQueryParams, QueryRequestBodyParams, ServerSettings, SetContextParams, SetResponsesParams, TestBlocksParams } from './customMessageSchemas';

export type { ExplainQueryParams, QueryRequestBodyParams, ServerSettings, SetContextParams, SetResponsesParams, TestBlocksParams };

/**
 * `noarkq/setContext` (client → server): what the client knows about the live archive. Each
 * property that is present replaces the server's copy; `null` forgets it; an absent property is
 * left as it was. Diagnostics of every open document are refreshed.
 */
export const SetContextNotification = new NotificationType<SetContextParams>('noarkq/setContext');

/**
 * `noarkq/setResponses` (client → server): the last response of blocks of one document in this
 * session, keyed by block name. Merged into what the server has for that document; a `null`
 * entry forgets that block's response.
 */
export const SetResponsesNotification = new NotificationType<SetResponsesParams>('noarkq/setResponses');

/**
 * `noarkq/queryRequestBody` (client → server): the exact JSON body of `POST query` that a QUERY
 * block sends, with every parameter resolved (block variable, file variable, environment, then
 * `values`, which is what the client asked the user for). The block is named, or found at a
 * position of the open document.
 */
export const QueryRequestBodyRequest = new RequestType<QueryRequestBodyParams, QueryRequestBodyResult, void>('noarkq/queryRequestBody');

export type QueryRequestBodyResult =
  | { ok: true; blockName: string | undefined; body: QueryBody }
  | {
      ok: false;
      /** Says what is wrong and what to do. */
      error: string;
      /** Parameters that have no value anywhere: ask the user, then send them in `values`. */
      missingParameters?: string[];
    };

/**
 * `noarkq/explainQuery` (client → server): the QUERY block at a position of an open document in
 * plain words, as a Markdown document (a heading, the query as written, the explanation) in the
 * language the server explains in (`noarkq.explain.language`, else the editor's display language).
 * The extension shows it beside the editor; the "Explain this query" code action runs the
 * extension's command that asks for it.
 */
export const ExplainQueryRequest = new RequestType<ExplainQueryParams, ExplainQueryResult, void>('noarkq/explainQuery');

export type ExplainQueryResult =
  | { ok: true; blockName: string | undefined; title: string; markdown: string }
  | {
      ok: false;
      /** Says what is wrong and what to do. */
      error: string;
    };

/** The client's command that shows an explanation beside the editor: the extension names it in
 * `initializationOptions.explainCommand`, and "Explain this query" runs it with the document's URI
 * and the position of the QUERY line. */
export const explainQueryCommand = 'noarkq.explainQuery';

/**
 * `noarkq/testBlocks` (client → server): the blocks of a file that are tests (a request and at
 * least one `EXPECT` line), from the server's parse, for the editor's Testing view. An open
 * document is read from the server's copy unless `text` is given; a file that is not open needs
 * `text`.
 */
export const TestBlocksRequest = new RequestType<TestBlocksParams, TestBlocksResult, void>('noarkq/testBlocks');

export interface TestBlocksResult {
  blocks: TestBlockInfo[];
}

/** One tested block; every line is 0-based. */
export interface TestBlockInfo {
  /** Position in the document's blocks (-1: the request above the first `###`). */
  index: number;
  /** The block's name, or `(block N)` (1-based) / `(preamble)` for an unnamed one. */
  name: string;
  /** Whether the block was given a name (an unnamed block's label follows its position). */
  named: boolean;
  /** The `###` line (the request line for the preamble's request). */
  headerLine: number;
  requestLine: number;
  /** The last `EXPECT` line: the block's test range is `headerLine` through it. */
  endLine: number;
  /** Each `EXPECT` line, in order. */
  expectationLines: number[];
  /** The request changes the archive (a protected environment asks first); undefined when it
   * cannot be told. */
  writes: boolean | undefined;
}
