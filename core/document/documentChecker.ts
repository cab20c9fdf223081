/**
 * Checks a parsed `.noarkq` document: block names, variables, `{{references}}`, request shapes,
 * HTTP endpoints, and every QUERY through the query checker. Returns the document's syntax
 * diagnostics too, so this is everything wrong with the file, in document offsets. Each block is
 * checked on its own: a failure in one never hides the others' diagnostics.
 */
import { shiftDiagnostic, type NoarkqDiagnostic, type Span } from '../diagnostics';
import type { JsonValue } from '../jsonValue';
import { checkQueryRequest } from '../query';
import type { NoarkModel } from '../schema/types';
import { didYouMean } from '../text/didYouMean';
import { DocumentCodes } from './documentCodes';
import type { DocumentBlock, HttpRequestSyntax, NoarkqDocument, ReferenceOccurrence, TransactionRequestSyntax, VariableDeclaration } from './documentModel';
import { allBlocks } from './documentNavigation';
import { endpointCandidates, matchEndpoint, relativeToApiRoot } from './httpEndpoints';
import { referencePathText } from './referenceScanner';
import { usable, visibleVariables } from './variableScope';

export interface DocumentCheckOptions {
  model: NoarkModel;
  /** The active environment's variables. Without one, a `{{name}}` that the file does not define
   * is only a warning: it may come from an environment the checker was not told about. */
  environment?: Readonly<Record<string, JsonValue>>;
}

export function checkDocument(doc: NoarkqDocument, options: DocumentCheckOptions): NoarkqDiagnostic[] {
  const out: NoarkqDiagnostic[] = [...doc.diagnostics];
  guarded(out, doc.preamble, () => checkBlockNames(doc, out));
  const blocksByName = new Map<string, DocumentBlock>();
  for (const b of doc.blocks) if (b.parsed.name && !blocksByName.has(b.parsed.name.text)) blocksByName.set(b.parsed.name.text, b);
  for (const block of allBlocks(doc)) {
    guarded(out, block, () => {
      const local: NoarkqDiagnostic[] = [];
      checkDuplicateVariables(block.parsed.variables, local);
      checkReferences(doc, block, blocksByName, options, local);
      const request = block.parsed.request;
      if (request?.kind === 'transaction') checkTransactionShape(request, local);
      if (request?.kind === 'http') checkEndpoint(request, local);
      for (const d of local) out.push(shiftDiagnostic(d, block.start));
      if (request?.kind === 'query') {
        const context = { model: options.model, variables: visibleVariables(doc, block, options.environment) };
        for (const d of checkQueryRequest(request.query, context)) out.push(shiftDiagnostic(d, block.start));
      }
    });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Runs one block's checks; a bug becomes a diagnostic on that block instead of an exception. */
function guarded(out: NoarkqDiagnostic[], block: DocumentBlock, check: () => void): void {
  try {
    check();
  } catch (error) {
    const firstLineEnd = block.start + Math.max(0, block.parsed.text.search(/\r?\n|$/));
    out.push({
      code: DocumentCodes.internalError,
      severity: 'error',
      start: block.start,
      end: firstLineEnd,
      message: `noarkq failed while checking this block (${error instanceof Error ? error.message : String(error)}); the other blocks are still checked. Please report it with the block's text.`,
    });
  }
}

/** Names are unique; later duplicates point back at the first one. Reported in document offsets. */
function checkBlockNames(doc: NoarkqDocument, out: NoarkqDiagnostic[]): void {
  const first = new Map<string, Span>();
  for (const b of doc.blocks) {
    const name = b.parsed.name;
    if (!name) continue;
    const span = { start: b.start + name.start, end: b.start + name.end };
    const earlier = first.get(name.text);
    if (!earlier) {
      first.set(name.text, span);
      continue;
    }
    out.push({
      code: DocumentCodes.duplicateBlockName,
      severity: 'error',
      ...span,
      message: `Another block is already named \`${name.text}\`: rename one of them so that references can tell them apart.`,
      related: [{ ...earlier, message: `the first block named ${name.text}` }],
    });
  }
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

/** Block-relative diagnostics for the block's references. */
function checkReferences(
  doc: NoarkqDocument,
  block: DocumentBlock,
  blocksByName: ReadonlyMap<string, DocumentBlock>,
  options: DocumentCheckOptions,
  out: NoarkqDiagnostic[],
): void {
  if (block.parsed.references.length === 0) return;
  const isPreamble = block.index < 0;
  const variableNames = new Set(visibleVariables(doc, block, options.environment).map((v) => v.name));
  const earlierBlockNames = doc.blocks.filter((b) => b.index < block.index && b.parsed.name).map((b) => b.parsed.name!.text);
  // File variables are evaluated where they are used, so a reference in one only has to name
  // an existing block; the order is the using block's business when the file runs.
  const fileVariableSpans = isPreamble ? block.parsed.variables.map((v) => v.value.span) : [];
  const inFileVariable = (r: ReferenceOccurrence): boolean => fileVariableSpans.some((s) => r.start >= s.start && r.end <= s.end);

  for (const ref of block.parsed.references) {
    if (ref.segments.length === 0 && variableNames.has(ref.name)) continue;
    const target = blocksByName.get(ref.name);
    if (target) {
      if (!inFileVariable(ref)) checkOrder(block, target, ref, out);
      continue;
    }
    if (ref.segments.length === 0) {
      const suggestion = didYouMean(ref.name, [...variableNames, ...earlierBlockNames]);
      const known = options.environment !== undefined;
      out.push({
        code: DocumentCodes.referenceUnknownName,
        severity: known ? 'error' : 'warning',
        ...ref.nameSpan,
        message:
          `\`${ref.name}\` is neither a variable nor a block` +
          (suggestion ? `: did you mean \`${suggestion}\`?` : known ? ': declare it with `@' + ref.name + ' = value` or add it to the environment.' : ': declare it with `@' + ref.name + ' = value`, or make sure the environment defines it.'),
        fixes: suggestion ? [{ title: `Change to ${suggestion}`, preferred: true, edits: [{ ...ref.nameSpan, newText: suggestion }] }] : undefined,
      });
      continue;
    }
    const candidates = inFileVariable(ref) ? [...blocksByName.keys()] : earlierBlockNames;
    const suggestion = didYouMean(ref.name, candidates);
    const isVariable = variableNames.has(ref.name);
    out.push({
      code: DocumentCodes.referenceUnknownBlock,
      severity: 'error',
      ...ref.nameSpan,
      message: isVariable
        ? `\`${ref.name}\` is a variable, and a path (\`{{${referencePathText(ref)}}}\`) reads a block's response: write \`{{${ref.name}}}\`, or name a block.`
        : `No block is named \`${ref.name}\`` + (suggestion ? `: did you mean \`${suggestion}\`?` : ': name an earlier block (the word after its `###`).'),
      fixes: suggestion ? [{ title: `Change to ${suggestion}`, preferred: true, edits: [{ ...ref.nameSpan, newText: suggestion }] }] : undefined,
    });
  }
}

function checkOrder(block: DocumentBlock, target: DocumentBlock, ref: ReferenceOccurrence, out: NoarkqDiagnostic[]): void {
  if (target.index < block.index) return;
  const self = target === block;
  const related = self
    ? []
    : [{ start: target.start - block.start + target.parsed.name!.start, end: target.start - block.start + target.parsed.name!.end, message: `block ${ref.name}` }];
  out.push({
    code: DocumentCodes.referenceLaterBlock,
    severity: 'error',
    ...ref.nameSpan,
    message: self
      ? `\`{{${referencePathText(ref)}}}\` refers to its own block, whose response does not exist before it runs: refer to an earlier block.`
      : block.index < 0
        ? `The request above the first \`###\` runs before every block: \`${ref.name}\` cannot be used here. Move this request into a block below \`${ref.name}\`.`
        : `Block \`${ref.name}\` comes later in the file: a reference can only use the response of an earlier block. Move \`${ref.name}\` above this block.`,
    related,
  });
}

/** The interface's object `{"actions": [...]}`, or a bare array of actions. */
function checkTransactionShape(request: TransactionRequestSyntax, out: NoarkqDiagnostic[]): void {
  const tree = request.body?.tree;
  if (!tree || request.body?.hasSyntaxErrors) return;
  if (tree.type === 'array') return;
  const fail = (span: Span, message: string): void => {
    out.push({ code: DocumentCodes.transactionBodyShape, severity: 'error', ...span, message });
  };
  if (tree.type !== 'object') {
    fail({ start: tree.offset, end: tree.offset + tree.length }, 'A TRANSACTION body is `{"actions": [...]}` or an array of actions.');
    return;
  }
  const actions = tree.children?.find((p) => p.children?.[0]?.value === 'actions');
  if (!actions) {
    const brace = { start: tree.offset, end: tree.offset + 1 };
    fail(brace, 'The TRANSACTION body has no `"actions"`: write `{"actions": [ ... ]}`.');
    return;
  }
  const value = actions.children?.[1];
  if (value && value.type !== 'array') {
    fail({ start: value.offset, end: value.offset + value.length }, '`"actions"` must be an array of actions: `"actions": [ {"action": "save", ...} ]`.');
  }
}

function checkEndpoint(request: HttpRequestSyntax, out: NoarkqDiagnostic[]): void {
  const path = request.path;
  if (!path) return;
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
    if (fixed === undefined) return;
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
    return;
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
    return;
  }
  if (request.body && (!endpoint.takesBody || request.method === 'DELETE')) {
    out.push({
      code: DocumentCodes.unexpectedBody,
      severity: 'warning',
      start: request.body.start,
      end: request.body.end,
      message: `${request.method} ${endpoint.path} takes no body; it is not sent. Remove it (parameters of a GET go in the query string).`,
    });
  }
}
