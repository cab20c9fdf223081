/**
 * zod schemas of every response body the archive sends, lenient exactly where real deployments
 * vary (the vendor notes §1.5, and responses recorded from a real archive):
 *
 * - ids and versions come as JSON strings or numbers: both accepted, normalised to strings;
 * - `links` values come as numbers or strings, one or several: normalised to a string or strings;
 * - timestamps carry their offset with or without a colon (`+0200`, `+02:00`) or `Z`;
 * - highlights end with `|=hlstop=|` (what real archives send) or `|=hlend=|` (what the vendor
 *   documents): snippets are kept as text, `highlightSegments` reads both;
 * - keys the spec does not list (`publiseringsstatus`, `expand`, `facets`…) are kept as received,
 *   never dropped: every object schema is loose.
 *
 * Everything else is as strict as the spec: a body that does not match is a `ResponseShapeError`
 * naming the JSON path of the first mismatch, so a caller never works on a half-understood answer.
 */
import { z } from 'zod';
import type { JsonValue } from '../../core/jsonValue';
import type {
  BsmField,
  BsmGroup,
  ChangeLogResponse,
  CodeList,
  CodeListValue,
  EntityObject,
  FullTextResponse,
  PagedLogResponse,
  QueryResponse,
  TransactionResponse,
  MyInfo,
  UploadResponse,
} from './archiveApi';

export const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValueSchema), z.record(z.string(), jsonValueSchema)]),
);

const jsonObjectSchema = z.record(z.string(), jsonValueSchema);

/** An object whose keys beyond `shape` are kept as received (they are JSON, the body was parsed). */
function looseJsonObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape).catchall(jsonValueSchema);
}

/** An id or version: a JSON string, or a number some deployments send instead. */
export const idSchema = z.union([z.string(), z.number().int('an id is a whole number')], { error: 'an id is a string or a number' }).transform(String);

/** A `links` value: one id or several, each a string or a number. */
export const linkValueSchema = z.union([idSchema, z.array(idSchema)], { error: 'a link value is an id (string or number) or a list of ids' });

/** ISO 8601 with an offset written `+0200`, `+02:00` or `Z`; milliseconds optional. */
const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
export const timestampSchema = z.string().regex(timestampPattern, 'a timestamp like 2024-08-19T09:09:39.315+0200');

/** The instant a timestamp of the archive names (offset with or without a colon), or undefined. */
export function parseArchiveTimestamp(text: string): Date | undefined {
  if (!timestampPattern.test(text)) return undefined;
  const withColon = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(withColon);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export const highlightStartMarker = '|=hlstart=|';
/** Real archives end a highlight with `|=hlstop=|`; the vendor's documentation says `|=hlend=|`. */
export const highlightEndMarkers = ['|=hlstop=|', '|=hlend=|'] as const;

/** A highlight snippet cut into plain and matched parts, whichever end marker it uses. */
export function highlightSegments(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  const pattern = /\|=hlstart=\|([\s\S]*?)(?:\|=hlstop=\||\|=hlend=\|)/g;
  let at = 0;
  for (let m = pattern.exec(snippet); m; m = pattern.exec(snippet)) {
    if (m.index > at) parts.push({ text: snippet.slice(at, m.index), match: false });
    parts.push({ text: m[1], match: true });
    at = m.index + m[0].length;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), match: false });
  return parts;
}

export const entitySchema = looseJsonObject({
  type: z.string(),
  id: idSchema,
  version: idSchema,
  fields: jsonObjectSchema,
  links: z.record(z.string(), linkValueSchema),
});

export const queryResponseSchema = looseJsonObject({
  hasMore: z.boolean(),
  results: z.array(entitySchema),
});

export const transactionResponseSchema = looseJsonObject({
  saved: z.record(z.string(), entitySchema),
});

export const uploadResponseSchema = looseJsonObject({ id: idSchema });

export const myInfoResponseSchema = looseJsonObject({ userId: idSchema });

export const codeListValueSchema = looseJsonObject({
  code: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  authority: z.string().optional(),
});

export const codeListsResponseSchema = looseJsonObject({
  results: z.array(
    looseJsonObject({
      type: z.string(),
      field: z.string(),
      defaultValue: codeListValueSchema.nullable().optional(),
      values: z.array(codeListValueSchema),
    }),
  ),
});

export const bsmFieldSchema = looseJsonObject({
  fieldId: z.string(),
  fieldName: z.string().optional(),
  fieldDescription: z.string().optional(),
  fieldType: z.string(),
  fieldValues: z.array(z.string()).optional(),
});

const bsmGroupHeadShape = {
  groupId: z.string(),
  groupName: z.string().optional(),
  groupDescription: z.string().optional(),
};
export const bsmGroupHeadSchema = looseJsonObject(bsmGroupHeadShape);

export const bsmRegistryResponseSchema = looseJsonObject({
  results: z.array(looseJsonObject({ ...bsmGroupHeadShape, fields: z.array(bsmFieldSchema) })),
});

/** A change-log entry: the spec's keys checked where it gives their type, everything kept. */
const changeLogEntrySchema = looseJsonObject({
  id: idSchema.optional(),
  type: z.string().optional(),
  revisionId: idSchema.optional(),
  revisionType: z.string(),
  modifiedDate: timestampSchema,
});

export const changeLogResponseSchema = looseJsonObject({
  results: z.array(changeLogEntrySchema),
  total: z.number(),
});

export const accessLogResponseSchema = looseJsonObject({
  results: z.array(
    looseJsonObject({
      createdDate: timestampSchema,
      userName: z.string().nullable().optional(),
      objectType: z.string().optional(),
      objectUUID: z.string().optional(),
      version: idSchema.optional(),
    }),
  ),
  hasMore: z.boolean(),
});

export const downloadLogResponseSchema = looseJsonObject({
  results: z.array(
    looseJsonObject({
      createdDate: timestampSchema,
      userName: z.string().nullable().optional(),
      dokumentversjonUUID: z.string().nullable().optional(),
    }),
  ),
  hasMore: z.boolean(),
});

export const fullTextResponseSchema = looseJsonObject({
  results: z.array(
    looseJsonObject({
      ids: z.record(z.string(), z.union([z.array(idSchema), idSchema.transform((id) => [id])])),
      highlights: z.record(z.string(), z.array(z.string())),
      expand: z.record(z.string(), z.array(entitySchema)).optional(),
    }),
  ),
  facets: z.array(looseJsonObject({ field: z.string(), values: z.record(z.string(), z.number()) })),
  total: z.number(),
});

/**
 * The schemas' outputs are checked against the public types here, at compile time: a schema that
 * drifts from `archiveApi.ts` fails to type-check instead of handing out a wrong shape.
 */
type Conforms<Output, Public> = Output extends Public ? true : never;
export const schemaConformance: {
  entity: Conforms<z.output<typeof entitySchema>, EntityObject>;
  query: Conforms<z.output<typeof queryResponseSchema>, QueryResponse>;
  transaction: Conforms<z.output<typeof transactionResponseSchema>, TransactionResponse>;
  upload: Conforms<z.output<typeof uploadResponseSchema>, UploadResponse>;
  myInfo: Conforms<z.output<typeof myInfoResponseSchema>, MyInfo>;
  codeListValue: Conforms<z.output<typeof codeListValueSchema>, CodeListValue>;
  codeLists: Conforms<z.output<typeof codeListsResponseSchema>, { results: CodeList[] }>;
  bsmField: Conforms<z.output<typeof bsmFieldSchema>, BsmField>;
  bsmGroupHead: Conforms<z.output<typeof bsmGroupHeadSchema>, Omit<BsmGroup, 'fields'>>;
  bsmRegistry: Conforms<z.output<typeof bsmRegistryResponseSchema>, { results: BsmGroup[] }>;
  changeLog: Conforms<z.output<typeof changeLogResponseSchema>, ChangeLogResponse>;
  accessLog: Conforms<z.output<typeof accessLogResponseSchema>, PagedLogResponse>;
  downloadLog: Conforms<z.output<typeof downloadLogResponseSchema>, PagedLogResponse>;
  fullText: Conforms<z.output<typeof fullTextResponseSchema>, FullTextResponse>;
} = {
  entity: true,
  query: true,
  transaction: true,
  upload: true,
  myInfo: true,
  codeListValue: true,
  codeLists: true,
  bsmField: true,
  bsmGroupHead: true,
  bsmRegistry: true,
  changeLog: true,
  accessLog: true,
  downloadLog: true,
  fullText: true,
};

/** `$.results[3].id`, `$.saved["temp id"].fields` — the place of a zod issue in the body. */
export function jsonPathOf(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const step of path) {
    if (typeof step === 'number') out += `[${step}]`;
    else if (typeof step === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(step)) out += `.${step}`;
    else out += `[${JSON.stringify(String(step))}]`;
  }
  return out;
}

export type ShapeCheck<T> = { ok: true; value: T } | { ok: false; path: string; problem: string };

/** Parses `value` with `schema`; on a mismatch, the JSON path and problem of the first issue. */
export function checkShape<T>(schema: z.ZodType<T, unknown>, value: unknown): ShapeCheck<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = deepestIssue(parsed.error.issues);
  return { ok: false, path: jsonPathOf(issue.path), problem: issue.message };
}

/**
 * A union that fails reports "invalid input" at the union's place; the member issue that got
 * furthest into the value names the real problem (`$.results[0].links.refMappe` rather than
 * `$.results[0]`), so that one is reported.
 */
function deepestIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue {
  let best = issues[0];
  const visit = (issue: z.core.$ZodIssue) => {
    if (issue.path.length > best.path.length) best = issue;
    if (issue.code === 'invalid_union') {
      for (const branch of issue.errors) for (const inner of branch) visit({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue);
    }
  };
  // Only the first top-level issue's own family is searched: it is the first mismatch in the body.
  visit(issues[0]);
  return best;
}
