/**
 * The zod schemas of the `noarkq/...` messages (`customMessages.ts`), and the trust boundary: the server
 * validates every message's params with them before using anything in it, so a client bug is
 * answered with an error instead of corrupting the server's state. The message types in
 * `customMessages.ts` are inferred from these, so they cannot drift apart.
 *
 * Written with `zod/mini`, whose functions a bundler can leave out when unused: the classic `zod`
 * entry brings every locale and method into the language server's bundle. Kept apart from
 * `customMessages.ts`, which the client and the server's connection import, so that only the server's
 * analyses bundle (`server/serverAnalyses.ts`) carries zod.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import type { JsonValue } from '../core/jsonValue';

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

/** The params of `noarkq/setContext`. */
export const setContextParams = z.object({
  /** The active environment's variables (name → JSON value). */
  environment: z.optional(z.nullable(z.record(z.string(), jsonValue))),
  /** Live code lists (field name → values), as `GET code-lists` returned them. */
  codeLists: z.optional(z.nullable(z.record(z.string(), z.array(codeValue)))),
  /** The live BSM registry (`GET bsm-registry` → `results`). */
  bsmRegistry: z.optional(z.nullable(z.array(bsmGroup))),
});
export type SetContextParams = z.infer<typeof setContextParams>;

const blockResponse = z.object({
  status: z.number().check(z.int()),
  body: z.optional(jsonValue),
  /** When it was received (ms since the epoch). */
  receivedAt: z.number(),
});

/** The params of `noarkq/setResponses`. */
export const setResponsesParams = z.object({
  uri: z.string(),
  responses: z.record(z.string(), z.nullable(blockResponse)),
});
export type SetResponsesParams = z.infer<typeof setResponsesParams>;

const position = z.object({ line: z.number().check(z.int(), z.nonnegative()), character: z.number().check(z.int(), z.nonnegative()) });

/** The params of `noarkq/queryRequestBody`. */
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

/** The params of `noarkq/explainQuery`. */
export const explainQueryParams = z.object({
  uri: z.string(),
  /** A position in the QUERY block to explain. */
  position,
});
export type ExplainQueryParams = z.infer<typeof explainQueryParams>;

/** The params of `noarkq/testBlocks`. */
export const testBlocksParams = z.object({
  uri: z.string(),
  /** The file's text, for a file that is not open in the editor (the server has only open ones). */
  text: z.optional(z.string()),
});
export type TestBlocksParams = z.infer<typeof testBlocksParams>;

/** The `noarkq.*` settings the server reads through `workspace/configuration` (section `noarkq`). */
export const serverSettings = z.object({
  diagnostics: z._default(z.object({ enable: z._default(z.boolean(), true) }), { enable: true }),
  /** Files larger than this (in MB of UTF-8) are neither parsed nor checked. */
  maxFileSizeMB: z._default(z.number().check(z.positive()), 20),
  /** The language queries are explained in: `auto` follows the editor's display language. */
  explain: z._default(z.object({ language: z._default(z.enum(['auto', 'nb', 'en']), 'auto') }), { language: 'auto' }),
});
export type ServerSettings = z.infer<typeof serverSettings>;
export const defaultServerSettings: ServerSettings = serverSettings.parse({});
