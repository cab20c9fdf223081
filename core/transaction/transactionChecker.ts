/**
 * The transaction checker: reads the actions, checks each save's fields, indexes the entities
 * and links of the whole transaction, then checks ids, links and what each new entity needs.
 * Every pass is linear in the number of actions; nothing here throws on user input.
 */
import { printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { shiftDiagnostic, type NoarkqDiagnostic } from '../diagnostics';
import { parseJsoncTree } from '../json/jsoncTree';
import { noarkModel } from '../schema';
import { readActions } from './actionReader';
import { checkIdsAndLinks } from './linkChecks';
import { CodeListResolver, checkSaveFields } from './saveFieldChecks';
import { checkStructure } from './structureChecks';
import { TxCodes } from './transactionCodes';
import type { TransactionCheckContext } from './transactionContext';
import { buildGraph } from './transactionGraph';

export function checkTransaction(root: JsonNode | undefined, context: TransactionCheckContext): NoarkqDiagnostic[] {
  const out: NoarkqDiagnostic[] = [];
  try {
    const { actions } = readActions(root, context.model, out);
    const graph = buildGraph(actions, out);
    const codes = new CodeListResolver(context.model, context.codeLists);
    // Indexed loops over the actions here and in the passes: `for...of` allocates an iterator
    // result per step where the optimizer does not remove it, tens of thousands per check.
    for (let i = 0; i < actions.length; i++) {
      const action = actions[i];
      if (action.verb !== 'save' || !action.type) continue;
      const created = action.id !== undefined && action.id.entity?.firstSave === action;
      checkSaveFields(action, action.type, created, context, codes, out);
    }
    checkIdsAndLinks(graph, context, out);
    checkStructure(graph, context, out);
  } catch (error) {
    // A checker bug must not take the editor down: say so on the body instead.
    const at = root ? { start: root.offset, end: root.offset + root.length } : { start: 0, end: 0 };
    out.push({
      code: TxCodes.internalError,
      severity: 'information',
      ...at,
      message: `The transaction checker stopped early (${error instanceof Error ? error.message : String(error)}); some problems may not be shown.`,
    });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Parses `text[start, end)` into a jsonc-parser tree (comments and trailing commas allowed) and checks it.
 * Offsets are in `text`'s space; JSON syntax errors are reported as `tx.invalid-json`.
 */
export function checkTransactionText(
  text: string,
  start = 0,
  end = text.length,
  context: TransactionCheckContext = { model: noarkModel },
): { diagnostics: NoarkqDiagnostic[] } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const slice = text.slice(from, to);
  const errors: ParseError[] = [];
  const root = parseJsoncTree(slice, errors, { allowTrailingComma: true, disallowComments: false });
  const seen = new Set<string>();
  const unique = errors.filter((e) => {
    const key = `${e.offset}:${e.length}:${e.error}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const diagnostics: NoarkqDiagnostic[] = unique.map((e) => ({
    code: TxCodes.invalidJson,
    severity: 'error',
    start: e.offset,
    end: e.offset + Math.max(e.length, slice.length > e.offset ? 1 : 0),
    message: `Invalid JSON: ${describeParseError(e)}.`,
  }));
  if (root === undefined && errors.length === 0) {
    diagnostics.push({ code: TxCodes.notATransaction, severity: 'error', start: 0, end: slice.length, message: 'The transaction body is empty: write `{"actions": [...]}`.' });
  }
  diagnostics.push(...checkTransaction(root, context));
  return { diagnostics: diagnostics.map((d) => shiftDiagnostic(d, from)).sort((a, b) => a.start - b.start || a.end - b.end) };
}

function describeParseError(e: ParseError): string {
  const name = printParseErrorCode(e.error);
  const words: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'invalid number',
    PropertyNameExpected: 'a property name in double quotes is expected',
    ValueExpected: 'a value is expected',
    ColonExpected: 'a colon is expected',
    CommaExpected: 'a comma is expected',
    CloseBraceExpected: 'a closing brace `}` is expected',
    CloseBracketExpected: 'a closing bracket `]` is expected',
    EndOfFileExpected: 'nothing may follow the body',
    InvalidCommentToken: 'invalid comment',
    UnexpectedEndOfComment: 'unterminated comment',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'unterminated number',
    InvalidUnicode: 'invalid unicode escape',
    InvalidEscapeCharacter: 'invalid escape character',
    InvalidCharacter: 'invalid character in string',
  };
  return words[name] ?? name;
}
