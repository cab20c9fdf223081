/**
 * The custom `noarkq/...` messages between the editor client and the language server, typed once
 * for both sides. The client sends what only it can know (the active environment, what it fetched
 * from the archive, the responses of blocks it ran); the server answers with what only a parse
 * can tell (the exact body a QUERY block sends).
 *
 * The zod schemas are the trust boundary: the server validates every message's params with them
 * before using anything in it, so a client bug is answered with an error instead of corrupting
 * the server's state. They are written with `zod/mini`, whose functions a bundler can leave out
 * when unused: the classic `zod` entry brings every locale and method into the language server's
 * bundle, and compiling that bundle is most of the server's start before its `initialize` answer.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import type { JsonValue } from '../core/jsonValue';
import type { QueryBody } from '../core/query';

// zod/mini sets no locale by itself; English is what classic zod answers with, so the messages
// the server logs and returns for invalid params stay the same.
z.config(en());

const jsonValue: z.ZodMiniType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);

const codeValue = z.object({ code: z.string(), name: z.string(), description: z.optional(z.string()) });

const bsmField = z.object({
  fieldId: z.string(),
  fieldName: z.optional(z.string()),
  fieldDescription: z.optional(z.string()),
  fieldType: z.string(),
  fieldValues: z.optional(z.array(z.string())),
});

const bsmGroup = z.object({
  groupId: z.string(),
  groupName: z.optional(z.string()),
  groupDescription: z.optional(z.string()),
  fields: z.array(bsmField),
});

/**
 * `noarkq/setContext` (client → server): what the client knows about the live archive. Each
 * property that is present replaces the server's copy; `null` forgets it; an absent property is
 * left as it was. Diagnostics of every open document are refreshed.
 */
export const setContextParams = z.object({
  /** The active environment's variables (name → JSON value). */
  environment: z.optional(z.nullable(z.record(z.string(), jsonValue))),
  /** Live code lists (field name → values), as `GET code-lists` returned them. */
  codeLists: z.optional(z.nullable(z.record(z.string(), z.array(codeValue)))),
  /** The live BSM registry (`GET bsm-registry` → `results`). */
  bsmRegistry: z.optional(z.nullable(z.array(bsmGroup))),
});
export type SetContextParams = z.infer<typeof setContextParams>;
export const SetContextNotification = new NotificationType<SetContextParams>('noarkq/setContext');

export const blockResponse = z.object({
  status: z.number().check(z.int()),
  body: z.optional(jsonValue),
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
  responses: z.record(z.string(), z.nullable(blockResponse)),
});
export type SetResponsesParams = z.infer<typeof setResponsesParams>;
export const SetResponsesNotification = new NotificationType<SetResponsesParams>('noarkq/setResponses');

const position = z.object({ line: z.number().check(z.int(), z.nonnegative()), character: z.number().check(z.int(), z.nonnegative()) });

/**
 * `noarkq/queryRequestBody` (client → server): the exact JSON body of `POST query` that a QUERY
 * block sends, with every parameter resolved (block variable, file variable, environment, then
 * `values`, which is what the client asked the user for). The block is named, or found at a
 * position of the open document.
 */
export const queryRequestBodyParams = z
  .object({
    uri: z.string(),
    blockName: z.optional(z.string()),
    position: z.optional(position),
    /** Values the user supplied for parameters nothing else defines (name without `@`). */
    values: z.optional(z.record(z.string(), jsonValue)),
  })
  .check(z.refine((p) => p.blockName !== undefined || p.position !== undefined, { message: 'give blockName or position' }));
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
  diagnostics: z._default(z.object({ enable: z._default(z.boolean(), true) }), { enable: true }),
});
export type ServerSettings = z.infer<typeof serverSettings>;
export const defaultServerSettings: ServerSettings = serverSettings.parse({});
