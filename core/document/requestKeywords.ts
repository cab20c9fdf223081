/**
 * Request keywords. They are case-insensitive (`query`, `Query` and `QUERY` are the same), like the
 * query language's clause keywords and HTTP methods in REST Client files; they are shown and
 * suggested in upper case.
 */
import type { Line } from '../text/lines';
import type { HttpMethod, RequestKind } from './documentModel';

export const requestKeywords = ['QUERY', 'TRANSACTION', 'UPLOAD', 'DOWNLOAD', 'GET', 'POST', 'PUT', 'DELETE'] as const;
export type RequestKeyword = (typeof requestKeywords)[number];

export const httpMethods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

const kindOf: Record<RequestKeyword, Exclude<RequestKind, 'unknown'>> = {
  QUERY: 'query',
  TRANSACTION: 'transaction',
  UPLOAD: 'upload',
  DOWNLOAD: 'download',
  GET: 'http',
  POST: 'http',
  PUT: 'http',
  DELETE: 'http',
};

export interface KeywordAtLine {
  keyword: RequestKeyword;
  kind: Exclude<RequestKind, 'unknown'>;
  /** Offsets of the keyword as written. */
  start: number;
  end: number;
}

/** The request keyword that starts `line` (after blanks), followed by a blank or the end. */
export function requestKeywordAt(line: Line): KeywordAtLine | undefined {
  const m = /^(\s*)([A-Za-z]+)(?=\s|$)/.exec(line.text);
  if (!m) return undefined;
  const upper = m[2].toUpperCase() as RequestKeyword;
  if (!(requestKeywords as readonly string[]).includes(upper)) return undefined;
  const start = line.start + m[1].length;
  return { keyword: upper, kind: kindOf[upper], start, end: start + m[2].length };
}

/** The first word of a line, for an unknown request: a name-like word, or else the first
 * non-blank character (`{` of a body written without its request line). */
export function firstWordAt(line: Line): { text: string; start: number; end: number } {
  const m = /^(\s*)([A-Za-z][A-Za-z0-9_-]*|\S)/.exec(line.text);
  if (!m) return { text: '', start: line.start, end: line.start };
  const start = line.start + m[1].length;
  return { text: m[2], start, end: start + m[2].length };
}
