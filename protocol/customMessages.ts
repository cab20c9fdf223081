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
import type { QueryRequestBodyParams, ServerSettings, SetContextParams, SetResponsesParams } from './customMessageSchemas';

export type { QueryRequestBodyParams, ServerSettings, SetContextParams, SetResponsesParams };

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
