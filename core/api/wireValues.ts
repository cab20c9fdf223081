/**
 * The values every body of the interface is built from, lenient exactly where real deployments
 * vary (vendor notes §1.5 and the recorded real-wire bodies): ids and versions as JSON strings or
 * numbers (normalised to strings), links as one id or several, timestamps with `+0200`, `+02:00`
 * or `Z`, and objects that keep the keys the spec does not list.
 */
import { z } from 'zod';
import type { JsonValue } from '../jsonValue';

export const jsonValueSchema: z.ZodType<JsonValue, JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValueSchema), z.record(z.string(), jsonValueSchema)]),
);

export const jsonObjectSchema = z.record(z.string(), jsonValueSchema);

/** An object whose keys beyond `shape` are kept as received (they are JSON, the body was parsed). */
export function looseJsonObject<Shape extends z.ZodRawShape>(shape: Shape) {
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
