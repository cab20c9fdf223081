/**
 * `GET /download?id=<file id>[&type=original|lightpdf]`: streams the file with Content-Type,
 * Content-Length and Content-Disposition, and writes a download-log row. Before a Dokumentversjon
 * links the file, only its uploader may download it.
 *
 * `type=lightpdf` (the vendor's, since 3.7.0) is a light PDF rendition of the file. The sandbox
 * makes one of what it can read: a PDF is its own light PDF; a plain-text file is set as a PDF
 * (textPdf.ts). Of any other file it has none, and says so (404) rather than pretend.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatContentDisposition } from '../files/contentDisposition';
import { isPdf } from '../files/contentType';
import type { UploadedFile } from '../files/fileStore';
import { textPdf } from '../files/textPdf';
import { isPlainText, plainText } from '../fulltext/fileText';
import { ServiceError } from '../http/errors';
import type { Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import { formatTimestamp } from '../store/fieldValues';

export function registerDownloadEndpoint(router: Router, services: SandboxServices): void {
  router.api('GET', '/download', async ({ req, res, url, account }) => {
    const idText = url.searchParams.get('id') ?? '';
    if (!/^\d{1,18}$/.test(idText)) throw new ServiceError(400, 'download needs `?id=<file id>`: the id returned by upload (Dokumentversjon.referanseDokumentfil).');
    const variant = url.searchParams.get('type') ?? 'original';
    if (variant !== 'original' && variant !== 'lightpdf') throw new ServiceError(400, `\`type\` is \`original\` (the default) or \`lightpdf\`, not \`${variant}\`.`);
    const file = await services.files.find(services.db, Number(idText));
    if (!file) throw new ServiceError(404, `No file has id ${idText} (a file nobody linked to a Dokumentversjon is deleted after its lifetime).`);
    if (file.dokumentversjonId === null && file.uploadedBy !== account.login) {
      throw new ServiceError(403, `File ${idText} is not linked to a Dokumentversjon yet; until it is, only the account that uploaded it can download it.`);
    }
    const body: DownloadBody = variant === 'lightpdf' ? await lightPdf(services, file) : await services.files.open(file);
    let uuid: string | null = null;
    if (file.dokumentversjonId !== null) {
      const { rows } = await services.db.query<{ uuid: string | null }>(`SELECT fields->>'uuid' AS uuid FROM entity WHERE id = $1`, [file.dokumentversjonId]);
      uuid = rows[0]?.uuid ?? null;
    }
    await services.db.query('INSERT INTO download_log (created_date, user_name, user_id, file_id, dokumentversjon_uuid) VALUES ($1, $2, $3, $4, $5)', [
      formatTimestamp(services.now()),
      account.displayName,
      account.userId,
      file.id,
      uuid,
    ]);
    res.writeHead(200, {
      'Content-Type': body.contentType ?? file.contentType,
      'Content-Length': String(body.size),
      'Content-Disposition': formatContentDisposition(body.fileName ?? file.fileName),
    });
    if (req.method === 'HEAD') {
      body.stream.destroy();
      res.end();
      return;
    }
    await pipeline(body.stream, res);
  });
}

interface DownloadBody {
  stream: Readable;
  size: number;
  /** Set when the body is not the file as uploaded. */
  contentType?: string;
  fileName?: string;
}

/** The light PDF of `file`, or a 404 saying why the sandbox has none. A PDF is streamed as it
 * is: only its first bytes are read to tell. */
async function lightPdf(services: SandboxServices, file: UploadedFile): Promise<DownloadBody> {
  const asPdf = file.fileName.replace(/\.[^./\\]*$/, '') + '.pdf';
  if (isPdf(await services.files.head(file.storageName, 5))) return { ...(await services.files.open(file)), contentType: 'application/pdf', fileName: asPdf };
  if (!isPlainText(file.contentType, file.fileName)) {
    throw new ServiceError(404, `The sandbox has no light PDF of file ${file.id} (${file.contentType}): it makes them of PDF and plain-text files only; download it with \`type=original\`.`);
  }
  const pdf = textPdf(plainText(await services.files.read(file.storageName)));
  return { stream: Readable.from([pdf]), size: pdf.length, contentType: 'application/pdf', fileName: asPdf };
}

