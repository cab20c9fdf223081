/**
 * The custom `noarkq/...` messages between the editor client and the language server, typed once
 * for both sides. The client sends what only it can know (the active environment, what it fetched
 * from the archive, the responses of blocks it ran); the server answers with what only a parse
 * can tell (the exact body a QUERY block sends).
 *
 * The zod schemas are the trust boundary: the server validates every message's params with them
 * before using anything in it, so a client bug is answered with an error instead of corrupting
 * the server's state.
 */
import { z } from 'zod';
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import type { JsonValue } from '../core/jsonValue';
import type { QueryBody } from '../core/query';

const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);

const codeValue = z.object({ code: z.string(), name: z.string(), description: z.string().optional() });

const bsmField = z.object({
  fieldId: z.string(),
  fieldName: z.string().optional(),
  fieldDescription: z.string().optional(),
  fieldType: z.string(),
  fieldValues: z.array(z.string()).optional(),
});

const bsmGroup = z.object({
  groupId: z.string(),
  groupName: z.string().optional(),
  groupDescription: z.string().optional(),
  fields: z.array(bsmField),
});

/**
 * `noarkq/setContext` (client → server): what the client knows about the live archive. Each
 * property that is present replaces the server's copy; `null` forgets it; an absent property is
 * left as it was. Diagnostics of every open document are refreshed.
 */
export const setContextParams = z.object({
  /** The active environment's variables (name → JSON value). */
  environment: z.record(z.string(), jsonValue).nullable().optional(),
  /** Live code lists (field name → values), as `GET code-lists` returned them. */
  codeLists: z.record(z.string(), z.array(codeValue)).nullable().optional(),
  /** The live BSM registry (`GET bsm-registry` → `results`). */
  bsmRegistry: z.array(bsmGroup).nullable().optional(),
});
export type SetContextParams = z.infer<typeof setContextParams>;
export const SetContextNotification = new NotificationType<SetContextParams>('noarkq/setContext');

export const blockResponse = z.object({
  status: z.number().int(),
  body: jsonValue.optional(),
  /** When it was received (ms since the epoch). */
  receivedAt: z.number(),
});

/**
 * `noarkq/setResponses` (client → server): the last response of blocks of one document in this
 * session, keyed by block name. Merged into what the server has for that document; a `null`
 * entry forgets that block's response.
 */
export const setResponsesParams = z.object({
  uri: z.string(),
  responses: z.record(z.string(), blockResponse.nullable()),
});
export type SetResponsesParams = z.infer<typeof setResponsesParams>;
export const SetResponsesNotification = new NotificationType<SetResponsesParams>('noarkq/setResponses');

const position = z.object({ line: z.number().int().nonnegative(), character: z.number().int().nonnegative() });

/**
 * `noarkq/queryRequestBody` (client → server): the exact JSON body of `POST query` that a QUERY
 * block sends, with every parameter resolved (block variable, file variable, environment, then
 * `values`, which is what the client asked the user for). The block is named, or found at a
 * position of the open document.
 */
export const queryRequestBodyParams = z
  .object({
    uri: z.string(),
    blockName: z.string().optional(),
    position: position.optional(),
    /** Values the user supplied for parameters nothing else defines (name without `@`). */
    values: z.record(z.string(), jsonValue).optional(),
  })
  .refine((p) => p.blockName !== undefined || p.position !== undefined, { message: 'give blockName or position' });
export type QueryRequestBodyParams = z.infer<typeof queryRequestBodyParams>;

export type QueryRequestBodyResult =
  | { ok: true; blockName: string | undefined; body: QueryBody }
  | {
      ok: false;
      /** Says what is wrong and what to do. */
      error: string;
      /** Parameters that have no value anywhere: ask the user, then send them in `values`. */
      missingParameters?: string[];
    };
export const QueryRequestBodyRequest = new RequestType<QueryRequestBodyParams, QueryRequestBodyResult, void>('noarkq/queryRequestBody');

/** The `noarkq.*` settings the server reads through `workspace/configuration` (section `noarkq`). */
export const serverSettings = z.object({
  diagnostics: z.object({ enable: z.boolean().default(true) }).default({ enable: true }),
});
export type ServerSettings = z.infer<typeof serverSettings>;
export const defaultServerSettings: ServerSettings = serverSettings.parse({});
