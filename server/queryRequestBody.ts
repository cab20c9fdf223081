/**
 * The exact body a QUERY block sends (`noarkq/queryRequestBody`): the block is checked, then every
 * parameter is resolved the way a run resolves it — block variable, file variable, the active
 * environment, then what the user typed when asked — and `serializeQuery` builds the body.
 * A variable whose value is `{{block.path}}` takes the value from that block's last response.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { NoarkqDiagnostic } from '../core/diagnostics';
import { blockAt, blockByName, ValueResolver, visibleVariables, type NoarkqDocument } from '../core/document';
import type { FeatureContext } from '../core/features/featureContext';
import type { JsonValue } from '../core/jsonValue';
import { checkQueryRequest, queryParameterNames, serializeQuery } from '../core/query';
import type { QueryRequestBodyResult } from '../protocol/customMessages';

/** Resolving parameters is what asks the user; this code means "nothing defines it". */
const undefinedParameterCode = 'noarkq.param-undefined';

export function queryRequestBody(
  document: TextDocument,
  parsed: NoarkqDocument,
  target: { blockName?: string; offset?: number },
  context: FeatureContext,
  supplied: Readonly<Record<string, JsonValue>> = {},
): QueryRequestBodyResult {
  const block = target.blockName !== undefined ? blockByName(parsed, target.blockName) : blockAt(parsed, target.offset ?? 0);
  if (!block) return { ok: false, error: `No block is named \`${target.blockName}\` in this file.` };
  const label = block.parsed.name ? `Block \`${block.parsed.name.text}\`` : block.index < 0 ? 'The request above the first `###`' : 'This block';
  const request = block.parsed.request;
  if (request?.kind !== 'query') {
    return { ok: false, error: `${label} holds ${request ? `a ${request.keyword.text} request` : 'no request'}, not a QUERY.` };
  }

  const variables = visibleVariables(parsed, block, context.environment);
  const problems: NoarkqDiagnostic[] = [
    ...block.parsed.diagnostics.filter((d) => d.start >= request.start && d.start <= request.end),
    ...checkQueryRequest(request.query, { model: context.model, variables }),
  ].filter((d) => d.severity === 'error' && d.code !== undefinedParameterCode);
  if (problems.length > 0) {
    const first = problems[0];
    const line = document.positionAt(block.start + first.start).line + 1;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    return { ok: false, error: `${label} has errors; fix them before running it. Line ${line}: ${first.message}${more}` };
  }

  const values = new Map<string, JsonValue>();
  const missing: string[] = [];
  const resolver = new ValueResolver(parsed, block, { environment: context.environment, supplied, responses: context.responses });
  for (const name of queryParameterNames(request.query)) {
    const resolved = resolver.variable(name);
    if ('error' in resolved) return { ok: false, error: resolved.error };
    if ('missing' in resolved) missing.push(name);
    else values.set(name, resolved.value);
  }
  if (missing.length > 0) {
    const list = missing.map((n) => `@${n}`).join(', ');
    return {
      ok: false,
      error: `No value for ${list}: declare ${missing.length > 1 ? 'them' : 'it'} with \`@name = value\`, add ${missing.length > 1 ? 'them' : 'it'} to the environment, or enter a value.`,
      missingParameters: missing,
    };
  }
  return { ok: true, blockName: block.parsed.name?.text, body: serializeQuery(request.query, values) };
}
