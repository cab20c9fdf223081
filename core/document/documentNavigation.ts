/** Finding blocks in a parsed document and moving between block-relative and document offsets. */
import type { Span } from '../diagnostics';
import type { BlockReader, DocumentBlock, NoarkqDocument } from './documentModel';

/** The preamble, then every `###` block, in file order. */
export function allBlocks(doc: NoarkqDocument): DocumentBlock[] {
  return [doc.preamble, ...doc.blocks];
}

function isBlockReader(doc: NoarkqDocument): doc is NoarkqDocument & BlockReader {
  return typeof (doc as Partial<BlockReader>).block === 'function';
}

/** How many `###` blocks `doc` has, without making its `blocks` list. */
export function blockCount(doc: NoarkqDocument): number {
  return isBlockReader(doc) ? doc.blockCount : doc.blocks.length;
}

/** `doc.blocks[index]`, without making the whole list (see `BlockReader`). */
export function blockOf(doc: NoarkqDocument, index: number): DocumentBlock {
  return isBlockReader(doc) ? doc.block(index) : doc.blocks[index];
}

/** The block (or preamble) that holds document offset `offset`; the end of the text belongs to
 * the last block. */
export function blockAt(doc: NoarkqDocument, offset: number): DocumentBlock {
  let lo = 0;
  let hi = blockCount(doc) - 1;
  let found: DocumentBlock = doc.preamble;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const block = blockOf(doc, mid);
    if (block.start <= offset) {
      found = block;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** The first block with this name (names should be unique; duplicates are reported). */
export function blockByName(doc: NoarkqDocument, name: string): DocumentBlock | undefined {
  return blockNameIndex(doc).get(name);
}

const nameIndexes = new WeakMap<NoarkqDocument, Map<string, DocumentBlock>>();

/** Gives `doc` a name index made elsewhere: a parse in progress keeps one as it goes (which may
 * already hold blocks parsed after `doc` was taken from it), so that each document it hands out
 * does not build one from all its blocks. */
export function shareBlockNameIndex(doc: NoarkqDocument, index: Map<string, DocumentBlock>): void {
  nameIndexes.set(doc, index);
}

/** The first block of each name, built once per parsed document: features look names up once
 * per reference, which a walk over the blocks would make quadratic in a big file. */
export function blockNameIndex(doc: NoarkqDocument): ReadonlyMap<string, DocumentBlock> {
  let index = nameIndexes.get(doc);
  if (!index) {
    index = new Map();
    for (const b of doc.blocks) {
      const name = b.parsed.name?.text;
      if (name !== undefined && !index.has(name)) index.set(name, b);
    }
    nameIndexes.set(doc, index);
  }
  return index;
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
