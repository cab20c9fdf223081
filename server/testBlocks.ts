/**
 * The tested blocks of a file (`noarkq/testBlocks`): every block with a request and at least one
 * `EXPECT` line, the way `noarkq test` tells a test from a step, placed by line for the editor's
 * Testing view.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { allBlocks, requestWrites, type NoarkqDocument } from '../core/document';
import type { TestBlockInfo, TestBlocksResult } from '../protocol/customMessages';

export function testBlocks(document: TextDocument, parsed: NoarkqDocument): TestBlocksResult {
  const line = (offset: number): number => document.positionAt(offset).line;
  const blocks: TestBlockInfo[] = [];
  for (const block of allBlocks(parsed)) {
    const request = block.parsed.request;
    if (!request || block.parsed.expectations.length === 0) continue;
    const requestLine = line(block.start + request.start);
    const expectationLines = block.parsed.expectations.map((e) => line(block.start + e.start));
    const name = block.parsed.name?.text;
    blocks.push({
      index: block.index,
      name: name ?? (block.index < 0 ? '(preamble)' : `(block ${block.index + 1})`),
      named: name !== undefined,
      headerLine: block.index < 0 ? requestLine : line(block.start),
      requestLine,
      endLine: Math.max(requestLine, ...expectationLines),
      expectationLines,
      writes: requestWrites(request),
    });
  }
  return { blocks };
}
