/** `GET info/me`, `POST expand/folder` and `POST expand/record`: in the vendor's Java client, not in its documentation. */
import { z } from 'zod';
import { idSchema, jsonObjectSchema, looseJsonObject } from './wireValues';

/** Whose token it is. */
export const myInfoResponseSchema = looseJsonObject({ userId: idSchema });

/** `UtvidTilSaksmappe`: a Mappe becomes a Saksmappe. */
export const expandFolderBodySchema = z
  .object({
    id: z.string(),
    saksmappe: jsonObjectSchema.optional(),
  })
  .strict();

/** `UtvidTilJournalpost`: a Basisregistrering becomes a Journalpost with its parties. */
export const expandRecordBodySchema = z
  .object({
    id: z.string(),
    journalpost: jsonObjectSchema.optional(),
    korrespondansepart: z.array(jsonObjectSchema).optional(),
  })
  .strict();

export type MyInfo = z.output<typeof myInfoResponseSchema>;
export type MyInfoWire = z.input<typeof myInfoResponseSchema>;
export type ExpandFolderBody = z.infer<typeof expandFolderBodySchema>;
export type ExpandRecordBody = z.infer<typeof expandRecordBodySchema>;
