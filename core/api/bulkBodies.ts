/** `bulk/open`, `bulk/close` (spec) and `bulk/delete` (vendor, since 3.7.0): answered 202 without a body. */
import { z } from 'zod';
import { idSchema } from './wireValues';

export const bulkBodySchema = z
  .object({
    type: z.string(),
    id: z.string(),
  })
  .strict();

export const bulkDeleteBodySchema = z
  .object({
    type: z.string(),
    id: z.string(),
    /** The version read; when the entity is newer the answer is 409 and nothing is deleted. */
    version: idSchema.optional(),
    /** Default false. */
    deleteObjectsLinkedToPrecedents: z.boolean().optional(),
  })
  .strict();

export type BulkBody = z.infer<typeof bulkBodySchema>;
export type BulkDeleteBody = z.input<typeof bulkDeleteBodySchema>;
