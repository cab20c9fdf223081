/**
 * Hover for `.noarkq` files: `{{references}}` (with the value from the block's last response when
 * the client has one), variables and parameters, and the model's names in QUERY requests and
 * TRANSACTION bodies, and the keys of HTTP request bodies. Like completion, it works inside the one block under the cursor.
 */
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { blockAt, type NoarkqDocument } from '../document';
import type { FeatureContext } from './featureContext';
import { contains, type HoverFound, type HoverSite } from './hover/hoverResult';
import { expectationHover } from './hover/expectationHover';
import { httpBodyHover } from './hover/httpBodyHover';
import { queryHover } from './hover/queryHover';
import { referenceHover } from './hover/referenceHover';
import { transactionHover } from './hover/transactionHover';
import { declarationHover } from './hover/variableHover';

export function getHover(document: TextDocument, parsed: NoarkqDocument, position: Position, context: FeatureContext): Hover | null {
  const offset = document.offsetAt(position);
  const block = blockAt(parsed, offset);
  const site: HoverSite = { doc: parsed, block, offset: offset - block.start, context };
  const found = hoverInBlock(site);
  if (!found) return null;
  return {
    contents: { kind: MarkupKind.Markdown, value: found.markdown },
    range: { start: document.positionAt(block.start + found.span.start), end: document.positionAt(block.start + found.span.end) },
  };
}

function hoverInBlock(site: HoverSite): HoverFound | undefined {
  const reference = referenceHover(site);
  if (reference) return reference;
  const parsed = site.block.parsed;
  const declaration = parsed.variables.find((v) => contains(v.nameSpan, site.offset));
  if (declaration) return declarationHover(site, declaration);
  const expectation = expectationHover(site);
  if (expectation) return expectation;
  const request = parsed.requests.find((r) => contains({ start: r.start, end: Math.max(r.end, r.line.end) }, site.offset));
  if (!request) return undefined;
  switch (request.kind) {
    case 'query':
      return queryHover(site, request.query);
    case 'transaction':
      return transactionHover(site, request);
    case 'http':
      return httpBodyHover(site, request);
    default:
      return undefined;
  }
}
