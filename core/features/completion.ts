/**
 * Completion for `.noarkq` files. The cursor's block is found with `blockAt` and everything is
 * worked out within that block (block-relative offsets): a completion in a file of thousands of
 * blocks costs what one block costs. What is offered depends on where the cursor is:
 * `{{references}}` anywhere, variable values, request keywords on a request line, the QUERY
 * clauses, the TRANSACTION body, or an HTTP request's path and body.
 */
import type { CompletionList, Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { blockAt, type NoarkqDocument, type RequestSyntax } from '../document';
import { isCommentLine, looksLikeAliasPath } from '../text/lines';
import { createSite, lineBeforeCursor, noCompletions, wordAround, type CompletionResult, type CompletionSite } from './completion/completionSite';
import { expectationKeywordItems, requestKeywordItems } from './completion/keywordItems';
import { queryClauseCompletions, queryTypeCompletions } from './completion/queryCompletion';
import { referenceAtCursor, referenceCompletions } from './completion/referenceCompletion';
import { expectationCompletions } from './completion/expectationCompletion';
import { endpointPathCompletions, httpBodyCompletions } from './completion/httpCompletion';
import { transactionCompletions } from './completion/transactionCompletion';
import { variableValueCompletions } from './completion/variableCompletion';
import type { FeatureContext } from './featureContext';

export function getCompletions(document: TextDocument, parsed: NoarkqDocument, position: Position, context: FeatureContext): CompletionList {
  const offset = document.offsetAt(position);
  const block = blockAt(parsed, offset);
  const site = createSite(document, parsed, block, offset, context);
  const result = complete(site);
  return { isIncomplete: result.isIncomplete, items: result.items };
}

function complete(site: CompletionSite): CompletionResult {
  const lineText = site.text.slice(site.lineStart, site.lineEnd);
  if (lineText.startsWith('###')) return noCompletions;

  const reference = referenceAtCursor(site);
  if (reference) return referenceCompletions(site, reference);

  if (!isCommentLine(lineText)) {
    const expectation = expectationCompletions(site);
    if (expectation) return expectation;
  }

  const request = requestAround(site);
  const inQuery = request?.kind === 'query' && site.lineStart > request.line.start;
  if (isCommentLine(lineText)) {
    // In a WHERE line, `#k1` at the start is an alias being typed, not a comment.
    const aliasBeingTyped = inQuery && (looksLikeAliasPath(lineText) || /^\s*#[A-Za-z0-9]*$/.test(lineBeforeCursor(site)));
    if (!aliasBeingTyped) return noCompletions;
  }

  if (!request || site.lineEnd < request.line.start || (request.kind === 'unknown' && site.lineStart === request.line.start)) {
    const variable = variableValueCompletions(site);
    if (variable) return variable;
    return firstWordOnLine(site) ? { items: requestKeywordItems(site, wordAround(site)), isIncomplete: false } : noCompletions;
  }

  if (site.lineStart === request.line.start) {
    if (site.offset <= request.keyword.end) return { items: requestKeywordItems(site, wordAround(site)), isIncomplete: false };
    if (request.kind === 'query') return queryTypeCompletions(site);
    if (request.kind === 'transaction') return transactionCompletions(site, request);
    if (request.kind === 'http') return endpointPathCompletions(site, request);
    return noCompletions;
  }

  const inRequest = requestCompletions(site, request);
  if (!firstWordOnLine(site) || insideBody(site, request)) return inRequest;
  // A line after the request (and its body) may start an EXPECT or RETRY line.
  return { items: [...inRequest.items, ...expectationKeywordItems(site, wordAround(site))], isIncomplete: inRequest.isIncomplete };
}

function requestCompletions(site: CompletionSite, request: RequestSyntax): CompletionResult {
  switch (request.kind) {
    case 'query':
      return queryClauseCompletions(site, request);
    case 'transaction':
      return transactionCompletions(site, request);
    case 'http':
      return httpBodyCompletions(site, request);
    default:
      return noCompletions;
  }
}

/** The cursor's line is inside the request's JSON body, or after one that is not finished. */
function insideBody(site: CompletionSite, request: RequestSyntax): boolean {
  const body = request.kind === 'transaction' || request.kind === 'http' ? request.body : undefined;
  if (body === undefined || site.lineEnd < body.start) return false;
  return site.lineStart < body.end || body.hasSyntaxErrors;
}

/** The request the cursor's line belongs to: the last request line at or above it. */
function requestAround(site: CompletionSite): RequestSyntax | undefined {
  const requests = site.block.parsed.requests;
  let found: RequestSyntax | undefined;
  for (const r of requests) {
    if (r.line.start <= site.lineStart) found = r;
    else break;
  }
  // A line above the request is where the request (or a variable) is written.
  return found ?? site.block.parsed.request;
}

/** Only blanks and letters before the cursor on its line: a keyword is being typed. */
function firstWordOnLine(site: CompletionSite): boolean {
  return /^\s*[A-Za-z]*$/.test(lineBeforeCursor(site));
}
