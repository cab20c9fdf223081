/**
 * The outline: one symbol per block (and one for a request above the first `###`), with its
 * variables, JOIN aliases and transaction actions as children. File variables are top-level.
 */
import { DocumentSymbol, Range, SymbolKind } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../diagnostics';
import type { DocumentBlock, NoarkqDocument, VariableDeclaration } from '../document';
import { actionSummary, blockLabel, requestSummary } from './navigation/blockSummary';
import { readActionViews } from './navigation/transactionActions';
import { runSteps } from '../steps';

export function getDocumentSymbols(document: TextDocument, parsed: NoarkqDocument): DocumentSymbol[] {
  return runSteps(documentSymbolsSteps(document, parsed));
}

/** `getDocumentSymbols` a step per block, for the server to run a big file's in slices. */
export function* documentSymbolsSteps(document: TextDocument, parsed: NoarkqDocument): Generator<void, DocumentSymbol[], void> {
  const range = (block: DocumentBlock, span: Span): Range => Range.create(document.positionAt(block.start + span.start), document.positionAt(block.start + span.end));
  const symbols: DocumentSymbol[] = [];
  const preamble = parsed.preamble;
  for (const v of preamble.parsed.variables) symbols.push(variableSymbol(preamble, v, range));
  if (preamble.parsed.request) symbols.push(blockSymbol(preamble, range));
  for (const block of parsed.blocks) {
    symbols.push(blockSymbol(block, range));
    yield;
  }
  return symbols;
}

type ToRange = (block: DocumentBlock, span: Span) => Range;

function variableSymbol(block: DocumentBlock, v: VariableDeclaration, range: ToRange): DocumentSymbol {
  const value = block.parsed.text.slice(v.value.span.start, v.value.span.end);
  return DocumentSymbol.create(`@${v.name}`, value, SymbolKind.Variable, range(block, v), range(block, v.nameSpan));
}

function blockSymbol(block: DocumentBlock, range: ToRange): DocumentSymbol {
  const parsed = block.parsed;
  const request = parsed.request;
  const whole = { start: block.index < 0 && request ? request.start : 0, end: contentEnd(parsed.text) };
  const selection = parsed.name ?? parsed.separator ?? request?.keyword ?? whole;
  const summary = requestSummary(request);
  const detail = parsed.description ? `${summary} — ${parsed.description.text}` : summary;
  const children: DocumentSymbol[] = [];
  if (block.index >= 0) for (const v of parsed.variables) children.push(variableSymbol(block, v, range));
  if (request?.kind === 'query') {
    for (const join of request.query.joins) {
      if (!join.alias) continue;
      const target = block.parsed.text.slice(join.path?.start ?? join.alias.end, join.path?.end ?? join.alias.end);
      children.push(DocumentSymbol.create(`#${join.alias.name}`, target, SymbolKind.Field, range(block, join), range(block, join.alias)));
    }
  }
  if (request?.kind === 'transaction') {
    for (const action of readActionViews(request.body?.tree)) {
      const span = { start: action.node.offset, end: action.node.offset + action.node.length };
      const name = actionSummary(action);
      const at = action.ids.find((i) => i.property === 'id')?.node ?? action.type ?? action.node;
      children.push(DocumentSymbol.create(name, undefined, SymbolKind.Event, range(block, span), range(block, { start: at.offset, end: at.offset + at.length })));
    }
  }
  return DocumentSymbol.create(blockLabel(block), detail, SymbolKind.Function, range(block, whole), range(block, selection), children);
}

/** The end of the last line that is not blank: trailing blank lines belong to no symbol. */
function contentEnd(text: string): number {
  let end = text.length;
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  return end;
}
