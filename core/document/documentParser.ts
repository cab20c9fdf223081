/**
 * Splits a `.noarkq` text into the preamble and its `###` blocks and parses each from its own
 * text. With the previous parse of the same document, a block whose text did not change is
 * reused (even when an edit above it moved it), so an edit costs one block's parse.
 */
import { shiftDiagnostic, type NoarkqDiagnostic } from '../diagnostics';
import { isBlockSeparator } from '../text/lines';
import { parseBlock } from './blockParser';
import { DocumentCodes } from './documentCodes';
import type { DocumentBlock, NoarkqDocument, ParsedBlock } from './documentModel';

export function parseDocument(text: string, previous?: NoarkqDocument): NoarkqDocument {
  if (previous && previous.text === text) return previous;
  const reusable = new Map<string, ParsedBlock>();
  if (previous) {
    reusable.set(previous.preamble.parsed.text, previous.preamble.parsed);
    for (const b of previous.blocks) reusable.set(b.parsed.text, b.parsed);
  }
  const parse = (blockText: string): ParsedBlock => {
    const known = reusable.get(blockText);
    if (known) return known;
    try {
      return parseBlock(blockText);
    } catch (error) {
      return crashedBlock(blockText, error);
    }
  };

  const starts = separatorStarts(text);
  const preambleEnd = starts.length > 0 ? starts[0] : text.length;
  const preamble: DocumentBlock = { start: 0, end: preambleEnd, index: -1, parsed: parse(text.slice(0, preambleEnd)) };
  const blocks: DocumentBlock[] = starts.map((start, index) => {
    const end = index + 1 < starts.length ? starts[index + 1] : text.length;
    return { start, end, index, parsed: parse(text.slice(start, end)) };
  });
  const diagnostics: NoarkqDiagnostic[] = [];
  for (const b of [preamble, ...blocks]) {
    for (const d of b.parsed.diagnostics) diagnostics.push(shiftDiagnostic(d, b.start));
  }
  return { text, preamble, blocks, diagnostics };
}

/** Offsets of the lines that begin a block. Searches for `###` instead of splitting the whole
 * text into lines: this runs on every keystroke over the whole file. */
function separatorStarts(text: string): number[] {
  const starts: number[] = [];
  let at = text.indexOf('###');
  while (at !== -1) {
    const lineStart = at === 0 || text.charCodeAt(at - 1) === 10;
    if (lineStart && isBlockSeparator(text.slice(at, at + 3))) starts.push(at);
    const lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1) break;
    at = text.indexOf('###', lineStart ? lineEnd + 1 : at + 1);
  }
  return starts;
}

/**
 * A parser bug must not take the whole document down: the block is kept (with its text, so the
 * outline still shows it) and the failure is reported on its first line.
 */
function crashedBlock(text: string, error: unknown): ParsedBlock {
  const firstLineEnd = text.search(/\r?\n|$/);
  return {
    text,
    isPreamble: !text.startsWith('###'),
    separator: text.startsWith('###') ? { start: 0, end: firstLineEnd } : undefined,
    name: undefined,
    invalidName: undefined,
    description: undefined,
    comments: [],
    variables: [],
    request: undefined,
    requests: [],
    references: [],
    diagnostics: [
      {
        code: DocumentCodes.internalError,
        severity: 'error',
        start: 0,
        end: firstLineEnd,
        message: `noarkq could not parse this block (${error instanceof Error ? error.message : String(error)}); please report it with the block's text.`,
      },
    ],
  };
}
