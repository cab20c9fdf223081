/**
 * Folding: each block (from its `###` line to its last non-blank line), multi-line JSON objects
 * and arrays, a WHERE that spans lines, and runs of comment lines.
 */
import { FoldingRange, FoldingRangeKind } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Node as JsonNode } from 'jsonc-parser';
import type { DocumentBlock, NoarkqDocument } from '../document';
import { runSteps } from '../steps';

export function getFoldingRanges(document: TextDocument, parsed: NoarkqDocument): FoldingRange[] {
  return runSteps(foldingRangesSteps(document, parsed));
}

/** `getFoldingRanges` a step per block, for the server to run a big file's in slices. */
export function* foldingRangesSteps(document: TextDocument, parsed: NoarkqDocument): Generator<void, FoldingRange[], void> {
  const out: FoldingRange[] = [];
  const line = (block: DocumentBlock, offset: number): number => document.positionAt(block.start + offset).line;
  const add = (startLine: number, endLine: number, kind?: string): void => {
    if (endLine > startLine) out.push(FoldingRange.create(startLine, endLine, undefined, undefined, kind));
  };
  for (const block of [parsed.preamble, ...parsed.blocks]) {
    const text = block.parsed.text;
    let end = text.length;
    while (end > 0 && /\s/.test(text[end - 1])) end--;
    if (block.index >= 0 && end > 0) add(line(block, 0), line(block, end - 1));

    let run: { first: number; last: number } | undefined;
    for (const c of block.parsed.comments) {
      const l = line(block, c.start);
      if (run && l === run.last + 1) run.last = l;
      else {
        if (run) add(run.first, run.last, FoldingRangeKind.Comment);
        run = { first: l, last: l };
      }
    }
    if (run) add(run.first, run.last, FoldingRangeKind.Comment);

    const request = block.parsed.request;
    if (request?.kind === 'query' && request.query.where) add(line(block, request.query.where.start), line(block, request.query.where.end));
    if ((request?.kind === 'transaction' || request?.kind === 'http') && request.body?.tree) {
      foldJson(request.body.tree, (node) => {
        // The closing bracket stays visible, as in JSON editors.
        add(line(block, node.offset), line(block, node.offset + node.length - 1) - 1);
      });
    }
    yield;
  }
  return out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

function foldJson(node: JsonNode, visit: (node: JsonNode) => void): void {
  if (node.type === 'object' || node.type === 'array') visit(node);
  for (const child of node.children ?? []) foldJson(child, visit);
}
