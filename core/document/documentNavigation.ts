/** Finding blocks in a parsed document and moving between block-relative and document offsets. */
import type { Span } from '../diagnostics';
import type { DocumentBlock, NoarkqDocument } from './documentModel';

/** The preamble, then every `###` block, in file order. */
export function allBlocks(doc: NoarkqDocument): DocumentBlock[] {
  return [doc.preamble, ...doc.blocks];
}

/** The block (or preamble) that holds document offset `offset`; the end of the text belongs to
 * the last block. */
export function blockAt(doc: NoarkqDocument, offset: number): DocumentBlock {
  let lo = 0;
  let hi = doc.blocks.length - 1;
  let found: DocumentBlock = doc.preamble;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (doc.blocks[mid].start <= offset) {
      found = doc.blocks[mid];
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** The first block with this name (names should be unique; duplicates are reported). */
export function blockByName(doc: NoarkqDocument, name: string): DocumentBlock | undefined {
  return doc.blocks.find((b) => b.parsed.name?.text === name);
}

export function toDocumentOffset(block: DocumentBlock, blockOffset: number): number {
  return block.start + blockOffset;
}

export function toBlockOffset(block: DocumentBlock, documentOffset: number): number {
  return documentOffset - block.start;
}

/** A block-relative span (or any object with one: a token, a reference) in document offsets. */
export function toDocumentSpan<T extends Span>(block: DocumentBlock, span: T): T {
  return { ...span, start: span.start + block.start, end: span.end + block.start };
}

/** A document span in the block's offsets. */
export function toBlockSpan<T extends Span>(block: DocumentBlock, span: T): T {
  return { ...span, start: span.start - block.start, end: span.end - block.start };
}
