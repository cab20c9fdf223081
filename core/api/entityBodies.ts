/** One entity as `query`, `transaction` and full-text `expand` carry it: `{type, id, version, fields, links}`. */
import { z } from 'zod';
import { idSchema, jsonObjectSchema, linkValueSchema, looseJsonObject } from './wireValues';

export const entitySchema = looseJsonObject({
  type: z.string(),
  id: idSchema,
  version: idSchema,
  fields: jsonObjectSchema,
  /** Reference name → id (or ids). */
  links: z.record(z.string(), linkValueSchema),
});

/** An entity as the client reads it: ids, versions and links normalised to strings. */
export type EntityObject = z.output<typeof entitySchema>;
/** An entity as an archive may send it (ids and links as numbers or strings). */
export type EntityObjectWire = z.input<typeof entitySchema>;
