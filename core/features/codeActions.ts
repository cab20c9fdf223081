/**
 * Code actions: the checkers' fixes as quick fixes, for the diagnostics the client sends that are
 * among those it was shown for this version (`ShownDiagnostics`: the fixes are made here, not sent
 * with every diagnostic), "Format block" for the blocks under the range, and "Explain this query"
 * on a QUERY block (queryExplanationActions.ts).
 */
import { CodeAction, CodeActionKind, Range, TextEdit, type Diagnostic, type FormattingOptions } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { blockAt, DocumentCodes, type DocumentBlock, type NoarkqDocument } from '../document';
import type { FeatureContext } from './featureContext';
import { blocksInRange, formatBlockEdits } from './formatting';
import { toLspRange, type NoarkqDiagnostic } from '../diagnostics';
import type { ShownDiagnostics } from './lspDiagnostics';
import { blockLabel } from './navigation/blockSummary';
import { queryExplanationActions } from './queryExplanationActions';

/** The kind of the "Format block" source action. */
export const formatBlockActionKind = `${CodeActionKind.Source}.formatBlock`;

/** `shown`: the diagnostics of `document`'s version as the client was sent them (none: no quick
 * fixes, as for a version not checked). */
export function getCodeActions(document: TextDocument, parsed: NoarkqDocument, range: Range, diagnostics: readonly Diagnostic[], context: FeatureContext, shown?: ShownDiagnostics): CodeAction[] {
  const actions: CodeAction[] = [];
  const taken = new Set<NoarkqDiagnostic>();
  const sources = diagnostics.map((diagnostic) => {
    const source = shown?.sourceOf(diagnostic, taken);
    if (source) taken.add(source);
    return source;
  });
  diagnostics.forEach((diagnostic, i) => {
    for (const fix of sources[i]?.fixes ?? []) {
      const action = CodeAction.create(fix.title, { changes: { [document.uri]: fix.edits.map((e) => TextEdit.replace(toLspRange(document, e), e.newText)) } }, CodeActionKind.QuickFix);
      action.diagnostics = [diagnostic];
      if (fix.preferred) action.isPreferred = true;
      actions.push(action);
    }
  });
  diagnostics.forEach((diagnostic, i) => {
    const source = sources[i];
    if (source?.code !== DocumentCodes.variableAfterRequest || (source.fixes?.length ?? 0) > 0) return;
    const move = moveVariableAboveRequest(document, parsed, source, diagnostic);
    if (move) actions.push(move);
  });
  const eol = parsed.text.includes('\r\n') ? '\r\n' : '\n';
  for (const block of blocksInRange(parsed, document.offsetAt(range.start), document.offsetAt(range.end))) {
    const edits = formatBlockEdits(block, indentationOf(block), eol);
    if (edits.length === 0) continue;
    const title = block.index < 0 ? 'Format the requests above the first ###' : `Format block ${blockLabel(block)}`;
    const textEdits = edits.map((e) => TextEdit.replace(Range.create(document.positionAt(e.start), document.positionAt(e.end)), e.newText));
    actions.push(CodeAction.create(title, { changes: { [document.uri]: textEdits } }, formatBlockActionKind));
  }
  actions.push(...queryExplanationActions(document, parsed, range, context));
  return actions;
}

/** A code action gets no editor options: indent the way the block already does (tabs, or the
 * smallest run of leading spaces), two spaces when nothing is indented yet. */
function indentationOf(block: DocumentBlock): FormattingOptions {
  let smallest = Infinity;
  for (const line of block.parsed.text.split('\n')) {
    const indent = /^[ \t]+(?=\S)/.exec(line)?.[0];
    if (!indent) continue;
    if (indent.startsWith('\t')) return { tabSize: 4, insertSpaces: false };
    smallest = Math.min(smallest, indent.length);
  }
  return { tabSize: Number.isFinite(smallest) ? Math.max(2, smallest) : 2, insertSpaces: true };
}

/** `@name = value` written below the request line: move the line above it, where it counts. */
function moveVariableAboveRequest(document: TextDocument, parsed: NoarkqDocument, source: NoarkqDiagnostic, diagnostic: Diagnostic): CodeAction | undefined {
  const offset = source.start;
  const block = blockAt(parsed, offset);
  const request = block.parsed.request;
  const variable = block.parsed.variables.find((v) => v.misplaced && block.start + v.nameSpan.start === offset);
  if (!request || !variable) return undefined;
  const text = block.parsed.text;
  const lineStart = text.lastIndexOf('\n', variable.start - 1) + 1;
  const nl = text.indexOf('\n', variable.end);
  const lineNext = nl === -1 ? text.length : nl + 1;
  const eol = text.slice(variable.end, lineNext).startsWith('\r\n') ? '\r\n' : '\n';
  const insertAt = document.positionAt(block.start + request.line.start);
  const action = CodeAction.create(
    `Move @${variable.name} above the request`,
    {
      changes: {
        [document.uri]: [
          TextEdit.insert(insertAt, text.slice(variable.start, variable.end) + eol),
          TextEdit.del(Range.create(document.positionAt(block.start + lineStart), document.positionAt(block.start + lineNext))),
        ],
      },
    },
    CodeActionKind.QuickFix,
  );
  action.diagnostics = [diagnostic];
  action.isPreferred = true;
  return action;
}
