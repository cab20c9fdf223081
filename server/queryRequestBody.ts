/**
 * The exact body a QUERY block sends (`noarkq/queryRequestBody`): the block is checked, then every
 * parameter is resolved the way a run resolves it — block variable, file variable, the active
 * environment, then what the user typed when asked — and `serializeQuery` builds the body.
 * A variable whose value is `{{block.path}}` takes the value from that block's last response.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { NoarkqDiagnostic } from '../core/diagnostics';
import { blockAt, blockByName, usable, visibleVariables, type DocumentBlock, type NoarkqDocument, type ReferenceOccurrence, type VariableDeclaration } from '../core/document';
import type { FeatureContext } from '../core/features/featureContext';
import type { JsonValue } from '../core/jsonValue';
import { checkQueryRequest, queryParameterNames, serializeQuery } from '../core/query';
import type { QueryRequestBodyResult } from './protocol';

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
  const resolver = new ParameterResolver(parsed, block, context, supplied);
  for (const name of queryParameterNames(request.query)) {
    const resolved = resolver.variable(name, new Set());
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

type Resolution = { value: JsonValue } | { missing: true } | { error: string };

class ParameterResolver {
  constructor(
    private readonly parsed: NoarkqDocument,
    private readonly block: DocumentBlock,
    private readonly context: FeatureContext,
    private readonly supplied: Readonly<Record<string, JsonValue>>,
  ) {}

  /** A variable's value, looked up innermost first; `visiting` breaks `@a = {{b}}`, `@b = {{a}}`. */
  variable(name: string, visiting: Set<string>): Resolution {
    if (visiting.has(name)) return { error: `@${name} is defined through itself (${[...visiting, name].map((n) => `@${n}`).join(' → ')}): give one of them a value.` };
    const declaration = this.declaration(name);
    if (declaration) {
      const value = declaration.value;
      if (value.kind === 'json') return { value: value.value };
      if (value.kind === 'invalid') return { error: `@${name} has no valid value: write a JSON literal or a {{reference}} after \`=\`.` };
      return this.reference(value.reference, new Set([...visiting, name]));
    }
    const environment = this.context.environment;
    if (environment && Object.prototype.hasOwnProperty.call(environment, name)) return { value: environment[name] };
    if (Object.prototype.hasOwnProperty.call(this.supplied, name)) return { value: this.supplied[name] };
    return { missing: true };
  }

  private declaration(name: string): VariableDeclaration | undefined {
    const own = this.block.index >= 0 ? usable(this.block.parsed.variables).find((v) => v.name === name) : undefined;
    return own ?? usable(this.parsed.preamble.parsed.variables).find((v) => v.name === name);
  }

  private reference(ref: ReferenceOccurrence, visiting: Set<string>): Resolution {
    const text = `{{${ref.name}${ref.segments.map((s) => (s.kind === 'property' ? `.${s.name}` : `[${s.index}]`)).join('')}}}`;
    if (ref.segments.length === 0 && this.declaration(ref.name)) return this.variable(ref.name, visiting);
    const target = blockByName(this.parsed, ref.name);
    if (!target) {
      if (ref.segments.length === 0) return this.variable(ref.name, visiting);
      return { error: `${text}: no block is named \`${ref.name}\`.` };
    }
    const response = this.context.responses?.get(ref.name);
    if (!response) return { error: `${text} needs the response of block \`${ref.name}\`, which has not run in this session: run it first.` };
    if (response.status >= 400) return { error: `${text}: the last run of block \`${ref.name}\` failed (status ${response.status}); run it again.` };
    let value: JsonValue | undefined = response.body;
    let path = ref.name;
    for (const segment of ref.segments) {
      if (segment.kind === 'property') {
        value = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, segment.name) ? value[segment.name] : undefined;
        path += `.${segment.name}`;
      } else {
        value = Array.isArray(value) ? value[segment.index] : undefined;
        path += `[${segment.index}]`;
      }
      if (value === undefined) return { error: `${text}: the last response of block \`${ref.name}\` has no \`${path}\`.` };
    }
    if (value === undefined) return { error: `${text}: the last response of block \`${ref.name}\` has no body.` };
    return { value };
  }
}
