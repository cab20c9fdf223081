/**
 * `POST transaction`: the action as the spec writes it (one id or a list of them for a link), its
 * normalised form (every link target a list) that an archive works on, and the response.
 */
import { z } from 'zod';
import { entitySchema } from './entityBodies';
import { transactionActionNames } from './transactionActionNames';
import { jsonObjectSchema, looseJsonObject } from './wireValues';

export { transactionActionNames };

/** One id or several; the normalised form is always a list. */
export const idListSchema = z.union([z.string(), z.array(z.string())]);

export const transactionActionSchema = z
  .object({
    action: z.enum(transactionActionNames),
    type: z.string(),
    /** A temporary id (a new entity) or the id of an existing one. */
    id: z.string(),
    version: z.string().optional(),
    fields: jsonObjectSchema.optional(),
    ref: z.string().optional(),
    linkToId: idListSchema.optional(),
    unlinkFromId: idListSchema.optional(),
  })
  .strict();

/** An action as sent: a link target is one id or a list. */
export type TransactionAction = z.infer<typeof transactionActionSchema>;

/** An action as an archive works on it: link targets always a list. (An archive may take more
 * than the spec's form, e.g. numeric ids; it reads them into this one.) */
export type NormalisedTransactionAction = Omit<TransactionAction, 'linkToId' | 'unlinkFromId'> & {
  linkToId?: string[];
  unlinkFromId?: string[];
};

export const transactionBodySchema = z.object({ actions: z.array(transactionActionSchema) }).strict();

export type TransactionBody = z.infer<typeof transactionBodySchema>;

export const transactionResponseSchema = looseJsonObject({
  /** Temporary id (new entities) or numeric id (updated ones) → the saved entity. */
  saved: z.record(z.string(), entitySchema),
});

export type TransactionResponse = z.output<typeof transactionResponseSchema>;
export type TransactionResponseWire = z.input<typeof transactionResponseSchema>;
