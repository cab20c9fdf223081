/**
 * A file past the size limit (`noarkq.maxFileSizeMB`) is never parsed or checked: its parse and
 * diagnostics would take memory and time in proportion to it, with no bound. It gets one
 * warning at its top naming its size and the limit, and what a search for its `###` lines
 * gives: the blocks as document symbols and as folding ranges. Everything else answers empty.
 */
import { DiagnosticSeverity, SymbolKind, type Diagnostic, type DocumentSymbol, type FoldingRange } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentCodes } from '../core/document/documentCodes';
import { textLength } from './chunkedTextDocument';

const bytesPerMB = 1024 * 1024;

export class DocumentSizes {
  private readonly sizes = new Map<string, { version: number; bytes: number }>();

  /** The document's size in bytes of UTF-8, counted once per version. */
  bytes(document: TextDocument): number {
    const known = this.sizes.get(document.uri);
    if (known && known.version === document.version) return known.bytes;
    const bytes = Buffer.byteLength(document.getText(), 'utf8');
    this.sizes.set(document.uri, { version: document.version, bytes });
    return bytes;
  }

  oversized(document: TextDocument, limitMB: number): boolean {
    const limit = limitMB * bytesPerMB;
    // A UTF-16 unit is 1 to 3 bytes of UTF-8: the length alone decides, but near the limit.
    const units = textLength(document);
    if (units * 3 <= limit) return false;
    if (units > limit) return true;
    return this.bytes(document) > limit;
  }

  forget(uri: string): void {
    this.sizes.delete(uri);
  }
}

function megabytes(bytes: number): string {
  const mb = bytes / bytesPerMB;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

export function sizeLimitDiagnostic(bytes: number, limitMB: number): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Warning,
    code: DocumentCodes.fileTooLarge,
    source: 'noarkq',
    message:
      `This file is ${megabytes(bytes)}, past the language server's limit of ${limitMB} MB: it is not checked, and only its outline and folding are offered. ` +
      `Split it into smaller files, or raise the limit with the noarkq.maxFileSizeMB setting.`,
  };
}

interface BlockLine {
  line: number;
  /** The `###` line's text. */
  title: string;
}

/** Every line that begins a block, with its line number: one pass of `indexOf` over the text. */
function blockLines(text: string): { blocks: BlockLine[]; lastLine: number } {
  const blocks: BlockLine[] = [];
  let line = 0;
  let at = 0;
  for (;;) {
    if (text.startsWith('###', at)) {
      const end = text.indexOf('\n', at);
      blocks.push({ line, title: text.slice(at, end === -1 ? text.length : end).replace(/\r$/, '') });
    }
    const next = text.indexOf('\n', at);
    if (next === -1) break;
    at = next + 1;
    line++;
  }
  return { blocks, lastLine: line };
}

export function outlineSymbols(document: TextDocument): DocumentSymbol[] {
  const { blocks, lastLine } = blockLines(document.getText());
  return blocks.map((b, i) => {
    const endLine = i + 1 < blocks.length ? blocks[i + 1].line - 1 : lastLine;
    const name = b.title.slice(3).trim() || `block ${i + 1}`;
    const header = { start: { line: b.line, character: 0 }, end: { line: b.line, character: b.title.length } };
    return { name, kind: SymbolKind.Module, range: { start: header.start, end: { line: endLine, character: 0 } }, selectionRange: header };
  });
}

export function blockFoldingRanges(document: TextDocument): FoldingRange[] {
  const { blocks, lastLine } = blockLines(document.getText());
  const ranges: FoldingRange[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const endLine = i + 1 < blocks.length ? blocks[i + 1].line - 1 : lastLine;
    if (endLine > blocks[i].line) ranges.push({ startLine: blocks[i].line, endLine });
  }
  return ranges;
}
