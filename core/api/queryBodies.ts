/** `POST query`: the request body (exact, as the spec shows it) and the response. */
import { z } from 'zod';
import { entitySchema } from './entityBodies';
import { sortOrders } from './sortOrders';
import { jsonValueSchema, looseJsonObject } from './wireValues';

export { sortOrders };

export const queryBodySchema = z
  .object({
    type: z.string(),
    limit: z.number().optional(),
    offset: z.number().optional(),
    query: z.string().optional(),
    /** `#alias` → reference path. */
    joins: z.record(z.string(), z.string()).optional(),
    /** `@name` → value. */
    parameters: z.record(z.string(), jsonValueSchema).optional(),
    sortOrder: z.array(z.object({ field: z.string(), order: z.enum(sortOrders) }).strict()).optional(),
    /** Default true: screened entities are not returned. */
    publicUse: z.boolean().optional(),
  })
  .strict();

/** The exact body of `POST query`. */
export type QueryBody = z.infer<typeof queryBodySchema>;

export const queryResponseSchema = looseJsonObject({
  hasMore: z.boolean(),
  results: z.array(entitySchema),
});

export type QueryResponse = z.output<typeof queryResponseSchema>;
export type QueryResponseWire = z.input<typeof queryResponseSchema>;
