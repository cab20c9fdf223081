/** `GET info/me`, `POST expand/folder` and `POST expand/record`: in the vendor's Java client, not in its documentation. */
import { z } from 'zod';
import { idSchema, looseJsonObject } from './wireValues';

/** Whose token it is. */
export const myInfoResponseSchema = looseJsonObject({ userId: idSchema });

// The Java mapper leaves out null fields, so no nested key is required.

/** The Saksmappe fields `expand/folder` sets. */
export const expandFolderSaksmappeSchema = z
  .object({
    mappeIdent: z.string().optional(),
    saksaar: z.number().optional(),
    sakssekvensnummer: z.number().optional(),
    saksansvarlig: z.string().optional(),
    saksansvarligBrukerIdent: z.string().optional(),
    saksdato: z.string().optional(),
    administrativEnhet: z.string().optional(),
    saksstatus: z.string().optional(),
  })
  .strict();

/** `UtvidTilSaksmappe`: a Mappe becomes a Saksmappe. */
export const expandFolderBodySchema = z
  .object({
    id: z.string(),
    saksmappe: expandFolderSaksmappeSchema.optional(),
  })
  .strict();

/** The Journalpost fields `expand/record` sets. */
export const expandRecordJournalpostSchema = z
  .object({
    journalaar: z.number().optional(),
    journalsekvensnummer: z.number().optional(),
    journalpostnummer: z.number().optional(),
    journalansvarlig: z.string().optional(),
    journalansvarligBrukerIdent: z.string().optional(),
    journalposttype: z.string().optional(),
    journalstatus: z.string().optional(),
  })
  .strict();

/** A correspondence party `expand/record` creates. */
export const expandRecordPartySchema = z
  .object({
    korrespondansepartNavn: z.string().optional(),
    korrespondanseparttype: z.string().optional(),
  })
  .strict();

/** `UtvidTilJournalpost`: a Basisregistrering becomes a Journalpost with its parties. */
export const expandRecordBodySchema = z
  .object({
    id: z.string(),
    journalpost: expandRecordJournalpostSchema.optional(),
    korrespondansepart: z.array(expandRecordPartySchema).optional(),
  })
  .strict();

export type MyInfo = z.output<typeof myInfoResponseSchema>;
export type MyInfoWire = z.input<typeof myInfoResponseSchema>;
export type ExpandFolderBody = z.infer<typeof expandFolderBodySchema>;
export type ExpandRecordBody = z.infer<typeof expandRecordBodySchema>;
