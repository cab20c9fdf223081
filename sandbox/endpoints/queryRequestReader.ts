/**
 * Turns a `POST query` body into the core query AST and runs the core checker on it, so the
 * sandbox refuses exactly what the editor marks as an error, with the same message.
 */
import type { JsonValue } from '../../core/jsonValue';
import {
  checkQueryRequest,
  parseQueryExpression,
  type Expression,
  type JoinClause,
  type Path,
  type QueryRequest,
  type SortItem,
  type VariableBinding,
} from '../../core/query';
import type { NoarkModel } from '../../core/schema';
import { ServiceError } from '../http/errors';
import type { CompileSortItem } from '../store/queryCompiler';
import type { QueryBodyInput } from './requestSchemas';

export interface ReadQuery {
  type: string;
  expression?: Expression;
  joins: Map<string, Path>;
  parameters: Map<string, JsonValue>;
  sort: CompileSortItem[];
}

const none = { start: 0, end: 0 };

/** Parses `text` as a path (`refA.refB`, `#alias.refC`) by parsing it as the left side of a comparison. */
function parsePath(text: string, what: string): Path {
  const parsed = parseQueryExpression(`${text} = @p`);
  const e = parsed.expression;
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || !e || e.kind !== 'comparison' || !e.path || e.path.incomplete || e.path.end !== text.length) {
    throw new ServiceError(400, `${what} is not a path of field or reference names: ${JSON.stringify(text)}.`);
  }
  return e.path;
}

function fail(messages: string[]): never {
  const more = messages.length > 5 ? ` (and ${messages.length - 5} more problems)` : '';
  throw new ServiceError(400, `The query was not run: ${messages.slice(0, 5).join(' ')}${more}`);
}

export function readQuery(body: QueryBodyInput, model: NoarkModel, maxLimit: number): ReadQuery {
  const limit = body.limit === undefined ? undefined : Math.min(body.limit, maxLimit);
  let expression: Expression | undefined;
  if (body.query !== undefined && body.query.trim() !== '') {
    const parsed = parseQueryExpression(body.query);
    const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) fail(errors.map((d) => `${d.message} (at character ${d.start + 1} of \`query\`)`));
    expression = parsed.expression;
  }
  const joins = new Map<string, Path>();
  const joinClauses: JoinClause[] = [];
  for (const [key, value] of Object.entries(body.joins ?? {})) {
    if (!key.startsWith('#')) throw new ServiceError(400, `A join alias starts with \`#\`: write "#${key}" in \`joins\`.`);
    const name = key.slice(1);
    const path = parsePath(value, `The join ${key}`);
    joins.set(name, path);
    joinClauses.push({ ...none, keyword: none, line: none, alias: { ...none, name }, path });
  }
  const parameters = new Map<string, JsonValue>();
  const variables: VariableBinding[] = [];
  for (const [key, value] of Object.entries(body.parameters ?? {})) {
    // The vendor's samples write the key with its `@`; a bare name is accepted too.
    const name = key.startsWith('@') ? key.slice(1) : key;
    parameters.set(name, value);
    variables.push({ name, scope: 'file', value: { kind: 'json', value } });
  }
  const sort: CompileSortItem[] = [];
  const sortItems: SortItem[] = [];
  for (const [i, item] of (body.sortOrder ?? []).entries()) {
    const path = parsePath(item.field, `sortOrder[${i}].field`);
    sort.push({ path, order: item.order });
    sortItems.push({ ...none, path, order: item.order });
  }
  const request: QueryRequest = {
    ...none,
    keyword: none,
    type: { ...none, name: body.type },
    clauseInsertOffset: 0,
    clauseInsertNeedsNewline: false,
    where: expression ? { ...none, keyword: none, expression } : undefined,
    joins: joinClauses,
    sort: sortItems.length > 0 ? { ...none, keyword: none, items: sortItems } : undefined,
    limit: limit !== undefined ? { ...none, keyword: none, value: limit, valueSpan: none } : undefined,
    offset: body.offset !== undefined ? { ...none, keyword: none, value: body.offset, valueSpan: none } : undefined,
  };
  const errors = checkQueryRequest(request, { model, variables }).filter((d) => d.severity === 'error');
  if (errors.length > 0) fail(errors.map((d) => d.message));
  return { type: body.type, expression, joins, parameters, sort };
}
