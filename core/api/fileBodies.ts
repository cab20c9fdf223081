/** `POST upload` answers the new file's id; `GET download` answers bytes (no JSON body). */
import { z } from 'zod';
import { idSchema, looseJsonObject } from './wireValues';

export const uploadResponseSchema = looseJsonObject({
  /** The electronic file id (`referanseDokumentfil`), as a string. */
  id: idSchema,
});

export type UploadResponse = z.output<typeof uploadResponseSchema>;
export type UploadResponseWire = z.input<typeof uploadResponseSchema>;
