/** What a hover finder returns: markdown and the block-relative span of the word it explains. */
import type { Span } from '../../diagnostics';
import type { DocumentBlock, NoarkqDocument } from '../../document';
import type { FeatureContext } from '../featureContext';

export interface HoverFound {
  markdown: string;
  span: Span;
}

/** The block under the cursor, the cursor in its offsets, and the feature context. */
export interface HoverSite {
  doc: NoarkqDocument;
  block: DocumentBlock;
  /** Block-relative. */
  offset: number;
  context: FeatureContext;
}

/** `[start, end)`, so that the character under the mouse decides. */
export function contains(span: Span, offset: number): boolean {
  return span.start <= offset && offset < span.end;
}
