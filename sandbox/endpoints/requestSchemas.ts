/**
 * The sandbox's validation of the query and transaction bodies: core/api's shapes (the same keys,
 * strict: an unknown key is a 400 naming it) with what the archive checks on top, so a wrong type
 * is a 400 that names the offending path.
 */
import { z } from 'zod';
import { queryBodySchema as queryBodyShape, transactionActionSchema as transactionActionShape } from '../../core/api';
import { canonicalScalar, type ScalarType } from '../../core/scalarCoercion';

/** A scalar the archive converts (`"100"`, `"false"`; the vendor's raw PHP sends them) is read
 * as its canonical value, by the same rule the checker warns with (core/scalarCoercion). */
function asArchiveReads<T extends z.ZodType>(type: ScalarType, schema: T) {
  return z.preprocess((value) => canonicalScalar(value, type), schema);
}

export const queryBodySchema = queryBodyShape.extend({
  type: z.string().min(1, 'give the entity type to query'),
  limit: asArchiveReads('number', z.number().int('must be a whole number').min(0, 'cannot be negative').optional()),
  offset: asArchiveReads('number', z.number().int('must be a whole number').min(0, 'cannot be negative').max(Number.MAX_SAFE_INTEGER, 'must be at most 2^53 - 1').optional()),
  parameters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()], { error: 'a parameter value is a string, number, boolean or null' })).optional(),
  sortOrder: z.array(queryBodyShape.shape.sortOrder.unwrap().element.extend({ field: z.string().min(1) })).optional(),
  publicUse: asArchiveReads('boolean', z.boolean().optional()),
});

export type QueryBodyInput = z.infer<typeof queryBodySchema>;

// A number id above 2^53 is not exact in JSON and would turn into text like "1e+300".
const idSchema = z.union([z.string().min(1, 'an id cannot be empty'), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER, 'an id number is at most 2^53 - 1')]).transform(String);
const idListSchema = z.union([idSchema, z.array(idSchema).min(1, 'give at least one id')]).transform((v) => (Array.isArray(v) ? v : [v]));

/** The spec's action, taken with numeric ids too and read into its normalised form (core/api's
 * `NormalisedTransactionAction`, what the executor runs). */
export const transactionActionSchema = transactionActionShape.extend({
  type: z.string().min(1),
  id: idSchema,
  version: z.union([z.string(), z.number()]).transform(String).optional(),
  ref: z.string().min(1).optional(),
  linkToId: idListSchema.optional(),
  unlinkFromId: idListSchema.optional(),
});

export const transactionBodySchema = z.object({ actions: z.array(transactionActionSchema) }).strict();

