/**
 * `GET /download?id=<file id>`: streams the file with Content-Type, Content-Length and
 * Content-Disposition, and writes a download-log row. Before a Dokumentversjon links the file,
 * only its uploader may download it.
 */
import { pipeline } from 'node:stream/promises';
import { formatContentDisposition } from '../files/contentDisposition';
import { ServiceError } from '../http/errors';
import type { Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import { formatTimestamp } from '../store/fieldValues';

export function registerDownloadEndpoint(router: Router, services: SandboxServices): void {
  router.api('GET', '/download', async ({ req, res, url, account }) => {
    const idText = url.searchParams.get('id') ?? '';
    if (!/^\d{1,18}$/.test(idText)) throw new ServiceError(400, 'download needs `?id=<file id>`: the id returned by upload (Dokumentversjon.referanseDokumentfil).');
    const variant = url.searchParams.get('type') ?? 'original';
    if (variant !== 'original') throw new ServiceError(400, `The sandbox keeps original files only: use \`type=original\` or leave \`type\` out (got \`${variant}\`).`);
    const file = await services.files.find(services.db, Number(idText));
    if (!file) throw new ServiceError(404, `No file has id ${idText} (a file nobody linked to a Dokumentversjon is deleted after its lifetime).`);
    if (file.dokumentversjonId === null && file.uploadedBy !== account.login) {
      throw new ServiceError(403, `File ${idText} is not linked to a Dokumentversjon yet; until it is, only the account that uploaded it can download it.`);
    }
    const { stream, size } = await services.files.open(file);
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
      'Content-Type': file.contentType,
      'Content-Length': String(size),
      'Content-Disposition': formatContentDisposition(file.fileName),
    });
    if (req.method === 'HEAD') {
      stream.destroy();
      res.end();
      return;
    }
    await pipeline(stream, res);
  });
}
