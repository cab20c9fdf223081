/**
 * `UPLOAD <path>` names a file relative to the `.noarkq` file. The core checks are pure and cannot
 * look at the disk, so `noarkq check`, `run` and `test` do: a file that is not there would fail at run time,
 * after the requests before it have already changed the archive.
 */
import { statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { NoarkqDiagnostic } from '../../core/diagnostics';
import { DocumentCodes } from '../../core/document';
import type { NoarkqDocument } from '../../core/document/documentModel';

export function checkUploadFiles(doc: NoarkqDocument, noarkqFile: string): NoarkqDiagnostic[] {
  const out: NoarkqDiagnostic[] = [];
  for (const block of [doc.preamble, ...doc.blocks]) {
    const request = block.parsed.request;
    if (request?.kind !== 'upload' || !request.path) continue;
    const written = request.path.text;
    // A path built from a variable or an earlier response is only known when the block runs.
    if (written === '' || written.includes('{{')) continue;
    const absolute = isAbsolute(written) ? written : resolve(dirname(noarkqFile), written);
    let problem: string | undefined;
    try {
      if (!statSync(absolute).isFile()) problem = 'is not a file';
    } catch {
      problem = 'does not exist';
    }
    if (!problem) continue;
    out.push({
      code: DocumentCodes.uploadFileMissing,
      severity: 'error',
      start: block.start + request.path.start,
      end: block.start + request.path.end,
      message: `The file to upload, ${written} (${absolute}), ${problem}: the path is relative to this .noarkq file.`,
    });
  }
  return out;
}
