/**
 * Hover inside a QUERY request: the whole query in plain words on its `QUERY` and `WHERE`
 * keywords, the entity type, each segment of a path (field or reference, with the type it is
 * looked up on), aliases, parameters and sort orders. Uses the AST, which the parser builds even
 * for incomplete requests.
 */
import { comparisonOperatorSpan, type Bound, type Comparison, type Expression, type Path, type QueryRequest } from '../../query';
import type { FieldDef } from '../../schema/types';
import { QueryScope } from '../completion/queryScope';
import { explanationMarkdown } from '../queryExplanation';
import { explainBlockQuery } from '../queryExplanationActions';
import { contains, type HoverFound, type HoverSite } from './hoverResult';
import { memberMarkdown, referenceMarkdown, typeMarkdown } from './modelMarkdown';
import { parameterHover } from './variableHover';

export function queryHover(site: HoverSite, query: QueryRequest): HoverFound | undefined {
  const model = site.context.model;
  const offset = site.offset;
  const keyword = contains(query.keyword, offset) ? query.keyword : query.where && contains(query.where.keyword, offset) ? query.where.keyword : undefined;
  if (keyword) return { markdown: explanationMarkdown(explainBlockQuery(site.doc, site.block, query, site.context)), span: keyword };
  if (query.type && contains(query.type, offset)) {
    const def = model.getType(query.type.name);
    return def ? { markdown: typeMarkdown(def, model), span: query.type } : undefined;
  }
  const scope = new QueryScope(query, model);
  if (query.where?.expression && contains(query.where, offset)) {
    const comparison = comparisonAt(query.where.expression, offset);
    if (comparison) return comparisonHover(site, scope, comparison);
  }
  for (const join of query.joins) {
    if (!contains({ start: join.start, end: Math.max(join.end, join.keyword.end) }, offset)) continue;
    if (join.alias && contains(join.alias, offset)) return aliasHover(scope, join.alias.name, join.alias);
    if (join.path) return pathHover(scope, join.path, offset);
  }
  for (const item of query.sort?.items ?? []) {
    if (item.orderSpan && contains(item.orderSpan, offset)) {
      return { markdown: item.order === 'asc' ? '**ASC** — ascending (the default)' : '**DESC** — descending', span: item.orderSpan };
    }
    if (contains(item.path, offset)) return pathHover(scope, item.path, offset);
  }
  return undefined;
}

function comparisonAt(expression: Expression, offset: number): Comparison | undefined {
  if (!contains({ start: expression.start, end: expression.end }, offset)) return undefined;
  switch (expression.kind) {
    case 'comparison':
      return expression;
    case 'group':
      return expression.expression ? comparisonAt(expression.expression, offset) : undefined;
    case 'logical':
      for (const operand of expression.operands) {
        const found = comparisonAt(operand, offset);
        if (found) return found;
      }
      return undefined;
  }
}

function comparisonHover(site: HoverSite, scope: QueryScope, c: Comparison): HoverFound | undefined {
  const offset = site.offset;
  if (c.path && contains(c.path, offset)) return pathHover(scope, c.path, offset);
  const operatorSpan = comparisonOperatorSpan(c);
  if (c.operator && operatorSpan && contains(operatorSpan, offset)) {
    const meaning = c.operator === '=' ? 'equals (strings are compared case-sensitively)' : c.operator === '!=' ? 'not equal' : 'like: `%` in the parameter matches any text';
    return { markdown: `**${c.operator}** — ${meaning}`, span: operatorSpan };
  }
  const operand = c.operand;
  if (!operand || !contains(operand, offset)) return undefined;
  const field = c.path ? fieldOf(scope, c.path) : undefined;
  if (operand.kind === 'parameter') return parameterHover(site, operand.name, operand, field, false);
  if (operand.kind === 'range') {
    for (const bound of [operand.lower, operand.upper]) {
      if (bound && contains(bound, offset)) return boundHover(site, bound, field);
    }
  }
  return undefined;
}

function boundHover(site: HoverSite, bound: Bound, field: FieldDef | undefined): HoverFound | undefined {
  return bound.kind === 'parameter' ? parameterHover(site, bound.name, bound, field, true) : undefined;
}

function fieldOf(scope: QueryScope, path: Path): FieldDef | undefined {
  const walk = scope.walk(path.alias?.name, path.segments.map((s) => s.name));
  const last = walk.steps[walk.steps.length - 1];
  return walk.steps.length === path.segments.length && last?.lookup?.kind === 'field' ? last.lookup.field : undefined;
}

function pathHover(scope: QueryScope, path: Path, offset: number): HoverFound | undefined {
  if (path.alias && contains(path.alias, offset)) return aliasHover(scope, path.alias.name, path.alias);
  const index = path.segments.findIndex((s) => contains(s, offset));
  if (index < 0) return undefined;
  const walk = scope.walk(path.alias?.name, path.segments.slice(0, index + 1).map((s) => s.name));
  const step = walk.steps[index];
  if (!step?.lookup) return undefined;
  return { markdown: memberMarkdown(step.lookup, step.owner), span: path.segments[index] };
}

function aliasHover(scope: QueryScope, name: string, span: { start: number; end: number }): HoverFound | undefined {
  const def = scope.aliases.get(name);
  if (!def) return { markdown: `**#${name}** — not defined: add \`JOIN #${name} = <reference path>\`.`, span };
  const path = def.join.path;
  const target = scope.aliasTarget(name);
  const lines = [`**#${name}** — alias`, ''];
  lines.push(path ? `\`JOIN #${name} = ${pathLabel(path)}\`${target ? ` → **${target}**` : ''}` : 'Its JOIN has no reference path yet.');
  if (path && path.segments.length > 0) {
    const walk = scope.walk(path.alias?.name, path.segments.map((s) => s.name));
    const last = walk.steps[walk.steps.length - 1];
    if (last?.lookup?.kind === 'reference') lines.push('', referenceMarkdown(last.lookup.reference, last.owner, last.lookup));
  }
  lines.push('', 'Each alias is its own path: conditions on two aliases of the same reference can hold on two different linked entities.');
  return { markdown: lines.join('\n'), span };
}

function pathLabel(path: Path): string {
  const names = path.segments.map((s) => s.name);
  return (path.alias ? [`#${path.alias.name}`, ...names] : names).join('.');
}
