/** `POST /upload`: the body is the file, streamed to disk; the name comes from Content-Disposition. */
import type { UploadResponseWire } from '../../core/api';
import { parseContentDisposition } from '../files/contentDisposition';
import { ServiceError } from '../http/errors';
import { sendJson } from '../http/responses';
import type { Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';

export function registerUploadEndpoint(router: Router, services: SandboxServices): void {
  router.api('POST', '/upload', async ({ req, res, account }) => {
    const disposition = parseContentDisposition(req.headers['content-disposition']);
    if (!disposition.ok) throw new ServiceError(400, disposition.message);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > services.limits.maxUploadBytes) {
      throw new ServiceError(413, `The file is ${declared} bytes; the upload limit is ${services.limits.maxUploadBytes} bytes.`);
    }
    const file = await services.files.store(req, disposition.fileName, account.login, services.limits.maxUploadBytes);
    sendJson(res, 200, { id: String(file.id) } satisfies UploadResponseWire);
  });
}
