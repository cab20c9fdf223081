/**
 * The transaction that attaches uploaded files to a registration: per file a Dokument linked to
 * the registration and a Dokumentversjon pointing at the upload, linked to that Dokument (spec,
 * typical flow, step 5). Checked with the same transaction checker as a TRANSACTION block before
 * it is sent, so "Upload and Attach…" cannot send what the editor would mark wrong.
 */
import { checkTransactionText } from '../../core/transaction';
import type { NoarkModel } from '../../core/schema/types';
import type { TransactionAction, TransactionBody } from '../../runner/archive/archiveApi';

export interface UploadedFile {
  /** The id `upload` answered. */
  uploadId: string;
  fileName: string;
}

/** Main document (`H`) for the first file when the registration has none yet, attachments (`V`) otherwise. */
export function attachTransaction(registrationId: string, files: readonly UploadedFile[], hasMainDocument: boolean): TransactionBody {
  const actions: TransactionAction[] = [];
  files.forEach((file, i) => {
    const doc = `doc${i + 1}`;
    const version = `ver${i + 1}`;
    const title = file.fileName.replace(/\.[^./\\]{1,8}$/, '') || file.fileName;
    actions.push(
      { action: 'save', type: 'Dokument', id: doc, fields: { tittel: title, tilknyttetRegistreringSom: i === 0 && !hasMainDocument ? 'H' : 'V' } },
      { action: 'link', type: 'Dokument', id: doc, ref: 'refRegistrering', linkToId: registrationId },
      // Produksjonsformat: the file as the user has it, not a converted archive format.
      { action: 'save', type: 'Dokumentversjon', id: version, fields: { referanseDokumentfil: file.uploadId, variantformat: 'P' } },
      { action: 'link', type: 'Dokumentversjon', id: version, ref: 'refDokument', linkToId: doc },
    );
  });
  return { actions };
}

/** The checker's errors for the body, as messages (none: it may be sent). */
export function attachTransactionErrors(model: NoarkModel, body: TransactionBody): string[] {
  return checkTransactionText(JSON.stringify(body), 0, undefined, { model })
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => d.message);
}

/** The temporary id of each file's Dokument and Dokumentversjon, in the order given. */
export function attachedIds(index: number): { document: string; version: string } {
  return { document: `doc${index + 1}`, version: `ver${index + 1}` };
}
