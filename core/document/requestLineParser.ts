/**
 * The operands on UPLOAD, DOWNLOAD and HTTP request lines.
 *
 * Paths and file names may be written in double quotes (no escapes inside); unquoted, an UPLOAD
 * path runs to the last ` AS ` on the line and a DOWNLOAD target to the end of the line, so paths
 * with blanks work unquoted too. `AS` and `TO` are case-insensitive like every keyword.
 */
import type { NoarkqDiagnostic } from '../diagnostics';
import { DocumentCodes } from './documentCodes';
import type { ReferenceContext, ReferenceOccurrence, Token } from './documentModel';
import { scanReferences } from './referenceScanner';

export interface LineOperands<T> {
  operands: T;
  references: ReferenceOccurrence[];
  diagnostics: NoarkqDiagnostic[];
}

interface Cursor {
  text: string;
  /** End of the line's content, trailing blanks excluded. */
  end: number;
  references: ReferenceOccurrence[];
  diagnostics: NoarkqDiagnostic[];
}

function skipBlanks(c: Cursor, at: number): number {
  while (at < c.end && /\s/.test(c.text[at])) at++;
  return at;
}

function keywordAt(c: Cursor, at: number, keyword: string): boolean {
  const word = c.text.slice(at, at + keyword.length);
  const after = c.text[at + keyword.length];
  return word.toUpperCase() === keyword && (at + keyword.length >= c.end || after === undefined || /\s/.test(after));
}

function token(c: Cursor, start: number, end: number, context: ReferenceContext): Token {
  const scan = scanReferences(c.text, start, end, context);
  c.references.push(...scan.references);
  c.diagnostics.push(...scan.diagnostics);
  return { text: c.text.slice(start, end), start, end };
}

/** A quoted operand at `at` (which holds `"`); unclosed, it runs to the end of the line (reported). */
function quoted(c: Cursor, at: number, context: ReferenceContext): { token: Token; next: number } {
  const close = c.text.indexOf('"', at + 1);
  if (close === -1 || close >= c.end) {
    c.diagnostics.push({
      code: DocumentCodes.unclosedQuote,
      severity: 'error',
      start: at,
      end: c.end,
      message: 'The quoted name is not closed: add `"` at its end.',
      fixes: [{ title: 'Add the closing quote', preferred: true, edits: [{ start: c.end, end: c.end, newText: '"' }] }],
    });
    return { token: token(c, at + 1, c.end, context), next: c.end };
  }
  return { token: token(c, at + 1, close, context), next: close + 1 };
}

/** The rest of the line as one operand (quoted or not), with anything after a closing quote reported. */
function restOperand(c: Cursor, at: number, context: ReferenceContext): Token {
  if (c.text[at] === '"') {
    const q = quoted(c, at, context);
    unexpectedAfter(c, q.next, 'Remove the text after the closing quote.');
    return q.token;
  }
  return token(c, at, c.end, context);
}

function unexpectedAfter(c: Cursor, at: number, message: string): void {
  const from = skipBlanks(c, at);
  if (from >= c.end) return;
  c.diagnostics.push({
    code: DocumentCodes.unexpectedText,
    severity: 'error',
    start: from,
    end: c.end,
    message,
    fixes: [{ title: 'Remove the extra text', edits: [{ start: at, end: c.end, newText: '' }] }],
  });
}

function missing(c: Cursor, code: string, at: { start: number; end: number }, message: string): void {
  c.diagnostics.push({ code, severity: 'error', start: at.start, end: at.end, message });
}

/** `UPLOAD <path> [AS <file name>]`; the operands follow `keyword` up to `lineEnd`. */
export function parseUploadLine(
  text: string,
  keyword: Token,
  lineEnd: number,
): LineOperands<{ path: Token | undefined; fileName: Token | undefined }> {
  const c: Cursor = { text, end: lineEnd, references: [], diagnostics: [] };
  let path: Token | undefined;
  let fileName: Token | undefined;
  let at = skipBlanks(c, keyword.end);
  const readAs = (asStart: number): void => {
    const nameAt = skipBlanks(c, asStart + 2);
    if (nameAt >= c.end) {
      missing(c, DocumentCodes.missingClauseValue, { start: asStart, end: asStart + 2 }, '`AS` needs the file name to store the upload under, e.g. `AS letter.pdf`; or remove `AS`.');
    } else {
      fileName = restOperand(c, nameAt, 'file-path');
    }
  };
  if (at >= c.end || keywordAt(c, at, 'AS')) {
    missing(c, DocumentCodes.uploadMissingPath, keyword, 'UPLOAD needs the path of the file to upload, relative to this file: `UPLOAD ./files/letter.pdf`.');
    if (at < c.end) readAs(at);
    return { operands: { path, fileName }, references: c.references, diagnostics: c.diagnostics };
  }
  if (text[at] === '"') {
    const q = quoted(c, at, 'upload-path');
    path = q.token;
    at = skipBlanks(c, q.next);
    if (at < c.end) {
      if (keywordAt(c, at, 'AS')) readAs(at);
      else unexpectedAfter(c, at, 'After the path only `AS <file name>` may follow.');
    }
  } else {
    const rest = text.slice(at, c.end);
    const m = /^(.*\S)\s+(AS)(?:\s+(\S.*))?$/i.exec(rest);
    if (m) {
      path = token(c, at, at + m[1].length, 'upload-path');
      const blanks = /^\s+/.exec(rest.slice(m[1].length))?.[0].length ?? 0;
      readAs(at + m[1].length + blanks);
    } else {
      path = token(c, at, c.end, 'upload-path');
    }
  }
  return { operands: { path, fileName }, references: c.references, diagnostics: c.diagnostics };
}

/** `DOWNLOAD <id or {{reference}}> [TO <path>]`. */
export function parseDownloadLine(
  text: string,
  keyword: Token,
  lineEnd: number,
): LineOperands<{ id: Token | undefined; target: Token | undefined }> {
  const c: Cursor = { text, end: lineEnd, references: [], diagnostics: [] };
  let id: Token | undefined;
  let target: Token | undefined;
  let at = skipBlanks(c, keyword.end);
  if (at >= c.end || keywordAt(c, at, 'TO')) {
    missing(c, DocumentCodes.downloadMissingId, keyword, 'DOWNLOAD needs the id of an uploaded file or a reference to one: `DOWNLOAD {{letter.id}}`.');
  } else if (text[at] === '"') {
    const q = quoted(c, at, 'download-id');
    id = q.token;
    at = q.next;
  } else {
    let end = at;
    if (text.startsWith('{{', at)) {
      const close = text.indexOf('}}', at + 2);
      end = close !== -1 && close + 2 <= c.end ? close + 2 : c.end;
    } else {
      while (end < c.end && !/\s/.test(text[end])) end++;
    }
    id = token(c, at, end, 'download-id');
    at = end;
  }
  at = skipBlanks(c, at);
  if (at < c.end) {
    if (keywordAt(c, at, 'TO')) {
      const pathAt = skipBlanks(c, at + 2);
      if (pathAt >= c.end) {
        missing(c, DocumentCodes.missingClauseValue, { start: at, end: at + 2 }, '`TO` needs the path to save the file to, e.g. `TO ./out/letter.pdf`; or remove `TO`.');
      } else {
        target = restOperand(c, pathAt, 'file-path');
      }
    } else {
      unexpectedAfter(c, at, 'After the id only `TO <path>` may follow.');
    }
  }
  return { operands: { id, target }, references: c.references, diagnostics: c.diagnostics };
}

/** `GET|POST|PUT|DELETE <path>[?<query string>]`. */
export function parseHttpLine(
  text: string,
  keyword: Token,
  lineEnd: number,
): LineOperands<{ target: Token | undefined; path: Token | undefined; queryString: Token | undefined }> {
  const c: Cursor = { text, end: lineEnd, references: [], diagnostics: [] };
  const at = skipBlanks(c, keyword.end);
  if (at >= c.end) {
    missing(c, DocumentCodes.httpMissingPath, keyword, `${keyword.text.toUpperCase()} needs an endpoint path relative to the API root, e.g. \`${keyword.text.toUpperCase()} code-lists\`.`);
    return { operands: { target: undefined, path: undefined, queryString: undefined }, references: [], diagnostics: c.diagnostics };
  }
  let end = at;
  while (end < c.end && !/\s/.test(text[end])) end++;
  const target = token(c, at, end, 'http-path');
  const q = target.text.indexOf('?');
  const path: Token = q === -1 ? { ...target } : { text: target.text.slice(0, q), start: at, end: at + q };
  const queryString: Token | undefined = q === -1 ? undefined : { text: target.text.slice(q + 1), start: at + q + 1, end };
  const restAt = skipBlanks(c, end);
  if (restAt < c.end) {
    const isVersion = /^HTTP\/[\d.]+$/i.test(text.slice(restAt, c.end));
    unexpectedAfter(
      c,
      end,
      isVersion ? 'The HTTP version is not written in a .noarkq request: remove it.' : 'A request line holds the method and the path only: remove the extra text (blanks in a path are written %20).',
    );
  }
  return { operands: { target, path, queryString }, references: c.references, diagnostics: c.diagnostics };
}
