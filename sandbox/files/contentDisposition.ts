/**
 * `Content-Disposition` file names (RFC 6266 with RFC 5987 `filename*`): the upload takes
 * `filename="ascii"`, `filename*=UTF-8''percent-encoded`, or both (then `filename*` wins).
 */

export type DispositionResult = { ok: true; fileName: string } | { ok: false; message: string };

interface Param {
  name: string;
  value: string;
}

function parseParams(header: string): Param[] {
  const params: Param[] = [];
  let i = header.indexOf(';');
  if (i < 0) return params;
  while (i < header.length) {
    if (header[i] === ';' || header[i] === ' ' || header[i] === '\t') {
      i++;
      continue;
    }
    const eq = header.indexOf('=', i);
    if (eq < 0) break;
    const name = header.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (header[i] === ' ') i++;
    let value = '';
    if (header[i] === '"') {
      i++;
      while (i < header.length && header[i] !== '"') {
        if (header[i] === '\\' && i + 1 < header.length) i++;
        value += header[i++];
      }
      i++;
    } else {
      const end = header.indexOf(';', i);
      value = header.slice(i, end < 0 ? header.length : end).trim();
      i = end < 0 ? header.length : end;
    }
    params.push({ name, value });
  }
  return params;
}

function decodeExtValue(value: string): string | undefined {
  const m = /^([A-Za-z0-9!#$%&+^_`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!m) return undefined;
  const charset = m[1].toLowerCase();
  const bytes: number[] = [];
  const text = m[2];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i) & 0xff);
  }
  const buffer = Buffer.from(bytes);
  if (charset === 'utf-8' || charset === 'utf8') {
    const decoded = buffer.toString('utf8');
    return decoded.includes('\uFFFD') ? undefined : decoded;
  }
  if (charset === 'iso-8859-1' || charset === 'latin1') return buffer.toString('latin1');
  return undefined;
}

/** Longest name most file systems take (ext4, NTFS, APFS), in UTF-8 bytes. */
const maxFileNameBytes = 255;

/**
 * Why a file name is refused, or undefined. The name is never used on the sandbox's own disk
 * (files are stored under their id), but it is handed back to every client that downloads the
 * file, so names that are paths, that would hide their real extension, or that no file system
 * takes are refused instead of being silently rewritten.
 */
function hostileNameProblem(name: string): string | undefined {
  if (name === '') return 'The file name is empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'The file name has control characters';
  if (/[\\/]/.test(name)) return `The file name ${JSON.stringify(name)} is a path: send the file's own name, without folders`;
  if (/^[.\s]+$/.test(name)) return `The file name ${JSON.stringify(name)} has nothing but dots`;
  // Right-to-left overrides and invisible characters can make "fdp.exe" look like "exe.pdf".
  if (/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(name)) return 'The file name has invisible or text-direction characters that can disguise its extension';
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > maxFileNameBytes) return `The file name is ${bytes} bytes in UTF-8; the limit is ${maxFileNameBytes}`;
  return undefined;
}

export function parseContentDisposition(header: string | undefined): DispositionResult {
  const usage = 'send `Content-Disposition: attachment; filename="name.pdf"` or `attachment; filename*=UTF-8\'\'<percent-encoded name>`';
  if (!header) return { ok: false, message: `The upload needs a file name: ${usage}.` };
  const params = parseParams(header);
  const extended = params.find((p) => p.name === 'filename*');
  let name: string | undefined;
  if (extended) {
    name = decodeExtValue(extended.value);
    if (name === undefined) return { ok: false, message: `\`filename*\` is not valid RFC 5987 (charset''percent-encoded, charset UTF-8 or ISO-8859-1): ${usage}.` };
  } else {
    name = params.find((p) => p.name === 'filename')?.value;
    // Node reads header bytes as Latin-1; clients that put raw UTF-8 in `filename` mean UTF-8.
    if (name !== undefined && /[\u0080-\u00ff]/.test(name)) {
      const utf8 = Buffer.from(name, 'latin1').toString('utf8');
      if (!utf8.includes('\uFFFD')) name = utf8;
    }
  }
  if (name === undefined) return { ok: false, message: `The upload needs a file name: ${usage}.` };
  // Only spaces are trimmed: a tab or line break at either end is a control character, refused.
  name = name.replace(/^ +| +$/g, '');
  const problem = hostileNameProblem(name);
  if (problem) return { ok: false, message: `${problem}: ${usage}.` };
  return { ok: true, fileName: name };
}

/** RFC 5987 attr-char: everything else is percent-encoded as UTF-8. */
export function encodeRfc5987(value: string): string {
  return Array.from(Buffer.from(value, 'utf8'))
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9!#$&+\-.^_`|~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

export function formatContentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
