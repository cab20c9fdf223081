/**
 * Everything checked inside one block: its variables, its references, its request's shape and
 * endpoint, its QUERY through the query checker and its transaction through the transaction
 * checker. Results are block-relative, so the document checker can keep them while the block
 * moves.
 */
import type { NoarkqDiagnostic, Span } from '../diagnostics';
import type { JsonValue } from '../jsonValue';
import { checkQueryRequest } from '../query';
import type { NoarkModel } from '../schema/types';
import { didYouMean } from '../text/didYouMean';
import { checkTransaction, TxCodes, type BsmGroup } from '../transaction';
import { DocumentCodes } from './documentCodes';
import type { DocumentBlock, HttpRequestSyntax, JsonBody, VariableDeclaration } from './documentModel';
import { checkExpectations, expectsOnlyRefusal, variablesUsedByExpectations } from './expectationChecks';
import { endpointCandidates, matchEndpoint, relativeToApiRoot, type EndpointDef } from './httpEndpoints';
import { checkReferences, type ReferenceCheckScope } from './referenceChecks';
import { resolveInScope } from './referenceResolver';
import { scanReferences } from './referenceScanner';
import { checkMissingBody, checkRequestBody } from './requestBodyChecks';
import { requestBodyShape } from './requestBodyShapes';
import { usable, visibleVariables } from './variableScope';

export interface DocumentCheckOptions {
  model: NoarkModel;
  /** The active environment's variables. Without one, a `{{name}}` that the file does not define
   * is only a warning: it may come from an environment the checker was not told about. */
  environment?: Readonly<Record<string, JsonValue>>;
  /** Live code lists (field → codes) for transaction checks; the model's defaults otherwise. */
  codeLists?: ReadonlyMap<string, readonly string[]>;
  /** Live BSM registry for transaction checks; without it BSM groups and fields are not checked. */
  bsmRegistry?: readonly BsmGroup[];
}

export type BlockCheckScope = Omit<ReferenceCheckScope, 'variableNames'> & { options: DocumentCheckOptions };

/** The block's diagnostics, block-relative. A bug in a check becomes a diagnostic on the block
 * (after whatever was found before it) instead of an exception. */
export function checkBlock(scope: BlockCheckScope, block: DocumentBlock): NoarkqDiagnostic[] {
  const out: NoarkqDiagnostic[] = [];
  try {
    const { options } = scope;
    const variables = visibleVariables(scope.doc, block, options.environment);
    checkDuplicateVariables(block.parsed.variables, out);
    checkReferences({ ...scope, variableNames: new Set(variables.map((v) => v.name)) }, block, out);
    const request = block.parsed.request;
    const transactionBody = request?.kind === 'transaction' ? request.body : request?.kind === 'http' && isTransactionEndpoint(request) ? request.body : undefined;
    const shapeProblems = transactionBody ? checkTransactionShape(transactionBody, out) : [];
    if (request?.kind === 'http') {
      const endpoint = checkEndpoint(request, out);
      const bodyShape = endpoint ? requestBodyShape(request.method, endpoint.path) : undefined;
      if (bodyShape && request.body) checkRequestBody(request.body, bodyShape, options.model, out);
      else if (bodyShape) checkMissingBody(request, bodyShape, out);
    }
    if (request?.kind === 'query') {
      // A block variable only an EXPECT line uses is used all the same.
      const usedByExpectations = variablesUsedByExpectations(block);
      const expectOnly = usable(block.parsed.variables).filter((v) => usedByExpectations.has(v.name));
      for (const d of checkQueryRequest(request.query, { model: options.model, variables })) {
        if (d.code === 'noarkq.param-unused' && expectOnly.some((v) => v.nameSpan.start < d.end && d.start < v.nameSpan.end)) continue;
        out.push(d);
      }
    }
    if (transactionBody) checkTransactionBody(scope, block, transactionBody, shapeProblems, out);
    checkExpectations(scope, block, out);
    if ((transactionBody || request?.kind === 'http') && expectsOnlyRefusal(scope, block)) sendableAsNegativeTest(out);
  } catch (error) {
    const firstLineEnd = Math.max(0, block.parsed.text.search(/\r?\n|$/));
    out.push({
      code: DocumentCodes.internalError,
      severity: 'error',
      start: 0,
      end: firstLineEnd,
      message: `noarkq failed while checking this block (${error instanceof Error ? error.message : String(error)}); the other blocks are still checked. Please report it with the block's text.`,
    });
  }
  return out;
}

/**
 * A block whose `EXPECT status` admits only a refusal tests that the archive refuses its request:
 * what the transaction rules and the body checks find in that request is what the test is about,
 * so it is said as a warning and the request is sent. What keeps a request from being built at
 * all (JSON that does not parse, a body of the wrong shape) stays an error.
 */
function sendableAsNegativeTest(out: NoarkqDiagnostic[]): void {
  for (let i = 0; i < out.length; i++) {
    const d = out[i];
    if (d.severity !== 'error' || !negativeTestCodes.test(d.code) || unbuildable.has(d.code)) continue;
    out[i] = { ...d, severity: 'warning', message: `${d.message} (Sent all the same: the block's EXPECT status expects the archive to refuse it.)` };
  }
}

/** The transaction rules' codes and the request-body checks' value codes, */
const negativeTestCodes = /^(tx\.|noarkq\.body-value-|noarkq\.body-missing-key$|noarkq\.body-unknown-key$)/;
/** but not what leaves nothing to send. */
const unbuildable = new Set(['tx.invalid-json', 'tx.internal-error']);

function isTransactionEndpoint(request: HttpRequestSyntax): boolean {
  if (request.method !== 'POST' || !request.path) return false;
  const relative = relativeToApiRoot(request.path.text);
  return relative !== undefined && matchEndpoint(relative)?.path === 'transaction';
}

function checkDuplicateVariables(variables: readonly VariableDeclaration[], out: NoarkqDiagnostic[]): void {
  const first = new Map<string, VariableDeclaration>();
  for (const v of usable(variables)) {
    const earlier = first.get(v.name);
    if (!earlier) {
      first.set(v.name, v);
      continue;
    }
    out.push({
      code: DocumentCodes.duplicateVariable,
      severity: 'warning',
      ...v.nameSpan,
      message: `\`@${v.name}\` is already declared above; this declaration is ignored. Remove it or give it another name.`,
      related: [{ ...earlier.nameSpan, message: `the first declaration of @${v.name}` }],
      fixes: [{ title: `Remove this declaration of @${v.name}`, edits: [{ start: v.start, end: v.end, newText: '' }] }],
    });
  }
}

/**
 * The interface's object `{"actions": [...]}`, or a bare array of actions. Returns the spans it
 * reported, so that the transaction checker's reports of the same problems can be dropped.
 */
function checkTransactionShape(body: JsonBody, out: NoarkqDiagnostic[]): Span[] {
  const tree = body.tree;
  if (!tree || body.hasSyntaxErrors || tree.type === 'array') return [];
  const reported: Span[] = [];
  const fail = (span: Span, message: string): void => {
    out.push({ code: DocumentCodes.transactionBodyShape, severity: 'error', ...span, message });
    reported.push(span);
  };
  if (tree.type !== 'object') {
    fail({ start: tree.offset, end: tree.offset + tree.length }, 'A TRANSACTION body is `{"actions": [...]}` or an array of actions.');
    return reported;
  }
  const actions = tree.children?.find((p) => p.children?.[0]?.value === 'actions');
  if (!actions) {
    fail({ start: tree.offset, end: tree.offset + 1 }, 'The TRANSACTION body has no `"actions"`: write `{"actions": [ ... ]}`.');
    return reported;
  }
  const value = actions.children?.[1];
  if (value && value.type !== 'array') {
    fail({ start: value.offset, end: value.offset + value.length }, '`"actions"` must be an array of actions: `"actions": [ {"action": "save", ...} ]`.');
  }
  return reported;
}

/** The transaction checker's codes for what `checkTransactionShape` (or the JSON parser) reports
 * already: the document's diagnostics win, so each problem is reported once. */
const reportedByDocument = new Set<string>([TxCodes.invalidJson, TxCodes.notATransaction, TxCodes.missingActions]);

/**
 * The transaction rules, with `{{references}}` typed from the blocks they read. A body with JSON
 * syntax errors is left to the syntax errors: a half-typed action would only add noise.
 */
function checkTransactionBody(scope: BlockCheckScope, block: DocumentBlock, body: JsonBody, shapeProblems: readonly Span[], out: NoarkqDiagnostic[]): void {
  if (!body.tree || body.hasSyntaxErrors) return;
  const types = new Map<string, string | undefined>();
  const referenceType = (text: string): string | undefined => {
    if (types.has(text)) return types.get(text);
    const scanned = scanReferences(`{{${text}}}`, 0, text.length + 4, 'json').references[0];
    const type = scanned ? resolveInScope(scope, block, scanned).entityType : undefined;
    types.set(text, type);
    return type;
  };
  const { options } = scope;
  const found = checkTransaction(body.tree, { model: options.model, referenceType, codeLists: options.codeLists, bsmRegistry: options.bsmRegistry });
  for (const d of found) {
    if (reportedByDocument.has(d.code)) continue;
    if (d.code === TxCodes.wrongPropertyType && shapeProblems.some((s) => s.start === d.start && s.end === d.end)) continue;
    out.push(d);
  }
}

/** Checks the path and method; returns the endpoint when the request calls it as it should. */
function checkEndpoint(request: HttpRequestSyntax, out: NoarkqDiagnostic[]): EndpointDef | undefined {
  const path = request.path;
  if (!path) return undefined;
  let relative = path.text;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path.text) || path.text.startsWith('/')) {
    const fixed = relativeToApiRoot(path.text);
    out.push({
      code: DocumentCodes.httpPathNotRelative,
      severity: 'warning',
      start: path.start,
      end: path.end,
      message:
        `Paths are relative to the environment's API root` +
        (fixed ? `: write \`${fixed}\`.` : ': write the endpoint path only (e.g. `code-lists`) and put the server in the environment.'),
      fixes: fixed !== undefined && fixed.length > 0 ? [{ title: `Change to ${fixed}`, preferred: true, edits: [{ ...path, newText: fixed }] }] : undefined,
    });
    if (fixed === undefined) return undefined;
    relative = fixed;
  }
  const endpoint = matchEndpoint(relative);
  if (!endpoint) {
    const suggestion = didYouMean(relative, endpointCandidates(relative));
    out.push({
      code: DocumentCodes.unknownEndpoint,
      severity: 'warning',
      start: path.start,
      end: path.end,
      message:
        `\`${relative}\` is not an endpoint of the archive interface` +
        (suggestion ? `: did you mean \`${suggestion}\`?` : ' (query, transaction, upload, download, bsm-registry, code-lists, logs/..., bulk/..., full-text/search).'),
      fixes: suggestion && relative === path.text ? [{ title: `Change to ${suggestion}`, preferred: true, edits: [{ ...path, newText: suggestion }] }] : undefined,
    });
    return undefined;
  }
  if (!endpoint.methods.includes(request.method)) {
    const only = endpoint.methods.length === 1 ? endpoint.methods[0] : undefined;
    out.push({
      code: DocumentCodes.endpointMethod,
      severity: 'warning',
      ...request.keyword,
      message: `\`${endpoint.path}\` is called with ${endpoint.methods.join(' or ')}, not ${request.method}.`,
      fixes: only ? [{ title: `Change to ${only}`, preferred: true, edits: [{ ...request.keyword, newText: only }] }] : undefined,
    });
    return undefined;
  }
  if (request.body && (!endpoint.takesBody || request.method === 'DELETE')) {
    out.push({
      code: DocumentCodes.unexpectedBody,
      severity: 'warning',
      start: request.body.start,
      end: request.body.end,
      message: `${request.method} ${endpoint.path} takes no body; it is not sent. Remove it (parameters of a GET go in the query string).`,
    });
    return undefined;
  }
  return endpoint;
}
