/**
 * Where a completion was asked: the one block that holds the cursor, with the cursor in that
 * block's offsets. Completers work on the block's text only, so the cost of a completion does not
 * grow with the document.
 */
import type { CompletionItem, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../../diagnostics';
import type { DocumentBlock, NoarkqDocument } from '../../document';
import type { FeatureContext } from '../featureContext';

export interface CompletionSite {
  readonly document: TextDocument;
  readonly doc: NoarkqDocument;
  readonly block: DocumentBlock;
  /** The block's text. */
  readonly text: string;
  /** The cursor, block-relative. */
  readonly offset: number;
  /** The cursor's line, block-relative: `[lineStart, lineEnd)` without its line break. */
  readonly lineStart: number;
  readonly lineEnd: number;
  readonly context: FeatureContext;
}

export interface CompletionResult {
  items: CompletionItem[];
  /** The list was cut short: the client asks again as the user types. */
  isIncomplete: boolean;
}

export const noCompletions: CompletionResult = { items: [], isIncomplete: false };

export function createSite(document: TextDocument, doc: NoarkqDocument, block: DocumentBlock, offset: number, context: FeatureContext): CompletionSite {
  const text = block.parsed.text;
  const rel = Math.max(0, Math.min(text.length, offset - block.start));
  const lineStart = text.lastIndexOf('\n', rel - 1) + 1;
  let lineEnd = text.indexOf('\n', rel);
  if (lineEnd === -1) lineEnd = text.length;
  if (lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 13) lineEnd--;
  return { document, doc, block, text, offset: rel, lineStart, lineEnd, context };
}

/** A block-relative span as an LSP range. */
export function siteRange(site: CompletionSite, span: Span): Range {
  return {
    start: site.document.positionAt(site.block.start + span.start),
    end: site.document.positionAt(site.block.start + span.end),
  };
}

/** The cursor's line up to the cursor. */
export function lineBeforeCursor(site: CompletionSite): string {
  return site.text.slice(site.lineStart, site.offset);
}

/**
 * The word around the cursor made of `[A-Za-z0-9_]` (and non-ASCII letters), optionally with one
 * leading sigil (`@`, `#`): the span a completion replaces.
 */
export function wordAround(site: CompletionSite, sigils = ''): Span {
  const text = site.text;
  let start = site.offset;
  while (start > site.lineStart && isWordChar(text.charCodeAt(start - 1))) start--;
  if (start > site.lineStart && sigils.includes(text[start - 1])) start--;
  let end = site.offset;
  while (end < site.lineEnd && isWordChar(text.charCodeAt(end))) end++;
  return { start, end };
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (c > 127 && c !== 0xa0 && c !== 0x2028 && c !== 0x2029);
}
