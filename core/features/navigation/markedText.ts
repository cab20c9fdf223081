/**
 * Test fixtures with markers: `|` (one that is not part of `||`) is the cursor, and `[[...]]`
 * marks expected ranges. The markers are removed; offsets refer to the clean text.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../../diagnostics';
import { parseDocument, type NoarkqDocument } from '../../document';

export interface MarkedText {
  text: string;
  cursor: number | undefined;
  ranges: Span[];
}

export function parseMarkers(marked: string): MarkedText {
  let text = '';
  let cursor: number | undefined;
  const ranges: Span[] = [];
  const open: number[] = [];
  for (let i = 0; i < marked.length; i++) {
    const ch = marked[i];
    if (ch === '|' && marked[i - 1] !== '|' && marked[i + 1] !== '|') {
      cursor = text.length;
    } else if (marked.startsWith('[[', i)) {
      open.push(text.length);
      i++;
    } else if (marked.startsWith(']]', i) && open.length > 0) {
      ranges.push({ start: open.pop()!, end: text.length });
      i++;
    } else {
      text += ch;
    }
  }
  ranges.sort((a, b) => a.start - b.start);
  return { text, cursor, ranges };
}

export interface MarkedDocument extends MarkedText {
  document: TextDocument;
  parsed: NoarkqDocument;
}

export function markedDocument(marked: string): MarkedDocument {
  const m = parseMarkers(marked);
  const document = TextDocument.create('file:///test.noarkq', 'noarkq', 1, m.text);
  return { ...m, document, parsed: parseDocument(m.text) };
}

export function documentOf(text: string): { document: TextDocument; parsed: NoarkqDocument } {
  return { document: TextDocument.create('file:///test.noarkq', 'noarkq', 1, text), parsed: parseDocument(text) };
}
