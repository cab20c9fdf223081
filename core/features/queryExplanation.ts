/**
 * "Explain this query": a QUERY request in plain words, Norwegian (bokmål) or English, made from
 * its AST and the model — what comes back, each condition, the references a path walks through,
 * the one-path-per-reference rule where conditions share a reference, joins, sort, paging, and
 * what the archive makes of a date on a timestamp field. Hover on `QUERY`/`WHERE` shows it, and
 * the code actions open it beside the editor or write it above the query as `#` comments.
 *
 * Works on incomplete requests (what is missing is said to be missing) and never throws.
 */
import type { JsonValue } from '../jsonValue';
import {
  archiveDay,
  archiveTimestamp,
  archiveTimeZone,
  expressionText,
  maxQueryLimit,
  pathText,
  timestampArchiveDate,
  type Comparison,
  type Expression,
  type JoinClause,
  type LogicalExpression,
  type Operand,
  type Path,
  type QueryRequest,
  type VariableBinding,
} from '../query';
import type { EntityTypeDef, FieldType, NoarkModel, ReferenceDef } from '../schema/types';
import { QueryScope } from './completion/queryScope';
import type { ChainFact, ChainStep, ConditionFact, ConditionNode, DayFact, ExpressionNode, JoinFact, LikeMeaning, OperandFact, QueryFacts, SharedPathFact, SortFact, TypeFact, ValueFact } from './queryExplanationFacts';
import { explanationWords, type ExplainLanguage, type ExplanationWords } from './queryExplanationTexts';

export type { ExplainLanguage } from './queryExplanationTexts';

/** One bullet, with the bullets under it. Texts are Markdown. */
export interface ExplanationItem {
  text: string;
  items: ExplanationItem[];
}

export interface QueryExplanation {
  language: ExplainLanguage;
  /** One line: what the query finds. */
  summary: string;
  items: ExplanationItem[];
}

/**
 * Explains a QUERY request. `variables` are the bindings visible to it (block, file,
 * environment; the first of a name wins), so that `%=` patterns, `null` and `*` values and dates
 * can be read; without them the parameters are named and their values left out.
 */
export function explainQuery(request: QueryRequest, model: NoarkModel, language: ExplainLanguage, variables: readonly VariableBinding[] = []): QueryExplanation {
  const facts = new FactCollector(request, model, variables).collect();
  return { language, ...explanationText(facts, explanationWords(language)) };
}

/** The facts in words, in a fixed order: what comes back, the conditions, shared paths, joins,
 * sort and paging. */
function explanationText(facts: QueryFacts, words: ExplanationWords): { summary: string; items: ExplanationItem[] } {
  const item = (text: string, items: ExplanationItem[] = []): ExplanationItem => ({ text, items });
  const node = (n: ExpressionNode): ExplanationItem =>
    n.kind === 'logic'
      ? item(words.logic(n.operator), n.operands.map(node))
      : item(words.condition(n.condition), [...(n.chain ? [item(words.chain(n.chain))] : []), ...n.days.map((d) => item(words.day(d)))]);
  const items: ExplanationItem[] = [item(words.returned(facts.type)), item(words.publicUse(facts.publicUse))];
  const where = facts.where;
  if (!where) items.push(item(words.noConditions(facts.type)));
  else if (where.kind === 'condition') {
    const single = node(where);
    items.push({ ...single, text: words.oneCondition(single.text) });
  } else items.push(node(where));
  for (const shared of facts.sharedPaths) items.push(item(words.sharedPath(shared, facts.type)));
  for (const join of facts.joins) items.push(item(words.join(join, facts.type)));
  items.push(item(words.sort(facts.sort)), item(words.paging(facts.paging)));
  return { summary: words.summary(facts), items };
}

/** The language of explanations: the `noarkq.explain.language` setting when it names one, else
 * the editor's display language (`initialize`'s `locale`): Norwegian (nb, nn, no, no-*) gives
 * bokmål, anything else English. */
export function explainLanguageOf(setting: 'auto' | ExplainLanguage | undefined, locale: string | undefined): ExplainLanguage {
  if (setting === 'nb' || setting === 'en') return setting;
  const primary = (locale ?? '').toLowerCase().split(/[-_]/)[0];
  return primary === 'nb' || primary === 'nn' || primary === 'no' ? 'nb' : 'en';
}

/** The explanation as Markdown: the summary, then a (nested) list. */
export function explanationMarkdown(explanation: QueryExplanation, heading?: string): string {
  const lines: string[] = [];
  if (heading) lines.push(`## ${heading}`, '');
  lines.push(explanation.summary, '');
  const add = (items: readonly ExplanationItem[], depth: number): void => {
    for (const item of items) {
      lines.push(`${'  '.repeat(depth)}- ${item.text}`);
      add(item.items, depth + 1);
    }
  };
  add(explanation.items, 0);
  return lines.join('\n');
}

/** The explanation as `#` comment lines of a `.noarkq` file (each ends with `eol`): the text
 * without Markdown's marks, each bullet on its own line, indented as nested. */
export function explanationComments(explanation: QueryExplanation, plain: (markdown: string) => string, eol: string): string {
  const lines: string[] = [`# ${plain(explanation.summary)}`];
  const add = (items: readonly ExplanationItem[], depth: number): void => {
    for (const item of items) {
      lines.push(`# ${'  '.repeat(depth)}- ${plain(item.text)}`);
      add(item.items, depth + 1);
    }
  };
  add(explanation.items, 0);
  return lines.map((l) => `${l}${eol}`).join('');
}

function isToMany(reference: ReferenceDef): boolean {
  return reference.cardinality === '0..*' || reference.cardinality === '1..*';
}

function typeFact(name: string, def: EntityTypeDef | undefined): TypeFact {
  return { name, title: def?.title, known: def !== undefined, abstract: def?.abstract ?? false, subtypes: def?.subtypes ?? [] };
}

interface ConditionPlace {
  comparison: Comparison;
  /** The logical expressions above it, outermost first. */
  ancestors: LogicalExpression[];
}

class FactCollector {
  private readonly scope: QueryScope;
  private readonly bindings = new Map<string, VariableBinding>();
  private readonly places: ConditionPlace[] = [];

  constructor(
    private readonly request: QueryRequest,
    private readonly model: NoarkModel,
    variables: readonly VariableBinding[],
  ) {
    this.scope = new QueryScope(request, model);
    for (const binding of variables) if (!this.bindings.has(binding.name)) this.bindings.set(binding.name, binding);
  }

  collect(): QueryFacts {
    const request = this.request;
    const typeName = request.type?.name;
    const expression = request.where?.expression;
    // A WHERE with nothing after it is an empty condition, not no WHERE.
    const where = expression ? this.expression(expression, []) : request.where ? incomplete('') : undefined;
    const usedAliases = new Set<string>();
    for (const place of this.places) if (place.comparison.path?.alias) usedAliases.add(place.comparison.path.alias.name);
    // An alias used by another JOIN's path counts as used, as the checker counts it.
    for (const join of request.joins) if (join.path?.alias) usedAliases.add(join.path.alias.name);
    return {
      type: typeName === undefined ? undefined : typeFact(typeName, this.model.getType(typeName)),
      conditionCount: this.places.length,
      where,
      sharedPaths: this.sharedPaths(),
      joins: request.joins.filter((j) => j.alias).map((j) => this.join(j, usedAliases)),
      sort: (request.sort?.items ?? []).map((item): SortFact => ({ path: pathText(item.path), order: item.order, fieldType: this.fieldTypeOf(item.path) })),
      paging: {
        limit: request.limit ? (request.limit.value ?? 'invalid') : undefined,
        offset: request.offset ? (request.offset.value ?? 'invalid') : undefined,
        maxLimit: maxQueryLimit,
      },
      publicUse: request.publicUse ? (request.publicUse.value ?? 'invalid') : undefined,
    };
  }

  // --- the expression -----------------------------------------------------------------------

  private expression(expression: Expression, ancestors: LogicalExpression[]): ExpressionNode | undefined {
    switch (expression.kind) {
      case 'group':
        return expression.expression ? this.expression(expression.expression, ancestors) : incomplete(expressionText(expression));
      case 'logical': {
        const inner = [...ancestors, expression];
        const operands = expression.operands.map((o) => this.expression(o, inner)).filter((n): n is ExpressionNode => n !== undefined);
        // `a && (b && c)` reads as one list: a run of the same operator is flattened.
        const flat = operands.flatMap((n) => (n.kind === 'logic' && n.operator === expression.operator ? n.operands : [n]));
        return flat.length === 1 ? flat[0] : { kind: 'logic', operator: expression.operator, operands: flat };
      }
      case 'comparison':
        this.places.push({ comparison: expression, ancestors });
        return this.comparison(expression);
    }
  }

  private comparison(c: Comparison): ConditionNode {
    const path = c.path;
    const operand = c.operand;
    if (!path || (path.segments.length === 0 && !path.alias) || !c.operator || !operand) {
      return incomplete(expressionText(c));
    }
    const text = pathText(path);
    const walk = this.scope.walk(path.alias?.name, path.segments.map((s) => s.name));
    const steps = walk.steps;
    const last = steps[steps.length - 1];
    const complete = steps.length === path.segments.length && steps.every((s) => s.lookup !== undefined) && (path.alias === undefined || this.scope.aliasTarget(path.alias.name) !== undefined);
    const chain = path.segments.length > 1 || path.alias ? this.chain(path) : undefined;
    const fieldType = complete && last?.lookup?.kind === 'field' ? last.lookup.field.type : undefined;
    let condition: ConditionFact;
    if (operand.kind === 'range') {
      condition = {
        kind: 'range',
        path: text,
        operator: c.operator,
        lower: this.operand(operand.lower),
        upper: this.operand(operand.upper),
        lowerInclusive: operand.lowerInclusive,
        upperInclusive: operand.upperInclusive,
      };
    } else if (c.operator === '%=') {
      const fact = this.operand(operand);
      condition = { kind: 'like', path: text, operand: fact, meaning: likeMeaning(fact) };
    } else {
      let terminal: Extract<ConditionFact, { kind: 'compare' }>['terminal'] = { kind: 'unknown' };
      if (fieldType !== undefined) terminal = { kind: 'field', type: fieldType, name: last!.name };
      else if (complete && last?.lookup?.kind === 'reference') {
        terminal = { kind: 'reference', owner: typeFact(last.owner, this.model.getType(last.owner)), target: this.typeOf(last.lookup.reference.target) };
      } else if (complete && steps.length === 0 && path.alias) {
        // A bare alias stands for its join's reference.
        const target = this.scope.aliasTarget(path.alias.name);
        if (target !== undefined) terminal = { kind: 'reference', owner: undefined, target: this.typeOf(target) };
      }
      condition = { kind: 'compare', path: text, operator: c.operator, operand: this.operand(operand), terminal };
    }
    return { kind: 'condition', condition, chain, days: fieldType ? this.days(operand, fieldType) : [] };
  }

  private operand(operand: Operand | undefined): OperandFact {
    if (!operand || operand.kind === 'range') return { kind: 'missing' };
    if (operand.kind === 'literal') return { kind: 'literal', text: operand.text };
    return { kind: 'parameter', name: operand.name, value: this.valueOf(operand.name) };
  }

  private valueOf(name: string): ValueFact {
    const binding = this.bindings.get(name);
    if (!binding) return { kind: 'undefined' };
    const value = binding.value;
    return value.kind === 'json' ? { kind: 'json', value: value.value } : value.kind === 'reference' ? { kind: 'reference', text: value.text } : { kind: 'invalid' };
  }

  /** Dates on timestamp fields and timestamps on date fields, as the archive reads them. */
  private days(operand: Operand, fieldType: FieldType): DayFact[] {
    const days: DayFact[] = [];
    const add = (bound: Operand | undefined, role: 'value' | 'lower' | 'upper', inclusive: boolean): void => {
      if (bound?.kind !== 'parameter') return;
      const value = this.valueOf(bound.name);
      if (value.kind !== 'json' || typeof value.value !== 'string') return;
      const text = value.value;
      if (fieldType === 'timestamp') {
        const day = archiveDay(text);
        if (day) days.push({ kind: 'day', parameter: bound.name, date: text, from: archiveTimestamp(day.startMs), to: archiveTimestamp(day.endMs - 1), timeZone: archiveTimeZone, role, inclusive });
      } else if (fieldType === 'date') {
        const date = timestampArchiveDate(text);
        if (date !== undefined) days.push({ kind: 'date-of-timestamp', parameter: bound.name, timestamp: text, date, timeZone: archiveTimeZone });
      }
    };
    if (operand.kind === 'range') {
      add(operand.lower, 'lower', operand.lowerInclusive);
      add(operand.upper, 'upper', operand.upperInclusive);
    } else add(operand, 'value', true);
    return days;
  }

  // --- paths --------------------------------------------------------------------------------

  private typeOf(name: string): TypeFact {
    return typeFact(name, this.model.getType(name));
  }

  private chain(path: Path): ChainFact {
    const walk = this.scope.walk(path.alias?.name, path.segments.map((s) => s.name));
    const steps: ChainStep[] = [];
    let field: string | undefined;
    let complete = walk.steps.length === path.segments.length;
    walk.steps.forEach((step, i) => {
      const lookup = step.lookup;
      if (!lookup || (lookup.kind === 'field' && i < path.segments.length - 1)) complete = false;
      if (!complete) return;
      if (lookup?.kind === 'reference') steps.push({ reference: step.name, target: this.typeOf(lookup.reference.target), toMany: isToMany(lookup.reference) });
      else field = step.name;
    });
    let start: ChainFact['start'];
    if (path.alias) {
      const target = this.scope.aliasTarget(path.alias.name);
      if (target === undefined) complete = false;
      start = { kind: 'alias', alias: path.alias.name, target: target === undefined ? undefined : this.typeOf(target) };
    } else {
      const root = this.request.type?.name ?? '';
      start = { kind: 'type', type: this.typeOf(root) };
    }
    return { path: pathText(path), start, steps, field, complete };
  }

  private fieldTypeOf(path: Path): FieldType | undefined {
    const walk = this.scope.walk(path.alias?.name, path.segments.map((s) => s.name));
    const last = walk.steps[walk.steps.length - 1];
    return walk.steps.length === path.segments.length && last?.lookup?.kind === 'field' ? last.lookup.field.type : undefined;
  }

  /** Whether the alias's join path (or the alias it starts from) goes through a to-many reference. */
  private aliasToMany(alias: string, visiting: Set<string> = new Set()): boolean {
    const def = this.scope.aliases.get(alias);
    const path = def?.join.path;
    if (!path || visiting.has(alias)) return false;
    visiting.add(alias);
    if (path.alias && this.aliasToMany(path.alias.name, visiting)) return true;
    const walk = this.scope.walk(path.alias?.name, path.segments.map((s) => s.name));
    return walk.steps.some((s) => s.lookup?.kind === 'reference' && isToMany(s.lookup.reference));
  }

  private join(join: JoinClause, used: ReadonlySet<string>): JoinFact {
    const alias = join.alias!.name;
    const target = this.scope.aliasTarget(alias);
    return {
      alias,
      path: join.path ? pathText(join.path) : '',
      target: target === undefined ? undefined : this.typeOf(target),
      toMany: this.aliasToMany(alias),
      unused: !used.has(alias),
    };
  }

  // --- rule 6 -------------------------------------------------------------------------------

  /**
   * Reference prefixes that two or more conditions share, where the path goes through a to-many
   * reference (through a to-one reference "the same one" goes without saying). Of nested prefixes
   * shared by the same conditions, the longest is told.
   */
  private sharedPaths(): SharedPathFact[] {
    const byPrefix = new Map<string, { target: string; places: ConditionPlace[] }>();
    for (const place of this.places) {
      const path = place.comparison.path;
      if (!path) continue;
      const walk = this.scope.walk(path.alias?.name, path.segments.map((s) => s.name));
      let toMany = path.alias ? this.aliasToMany(path.alias.name) : false;
      let prefix = path.alias ? `#${path.alias.name}` : '';
      const seen = new Set<string>();
      const note = (key: string, target: string | undefined): void => {
        if (!toMany || target === undefined || seen.has(key)) return;
        seen.add(key);
        const entry = byPrefix.get(key) ?? { target, places: [] };
        entry.places.push(place);
        byPrefix.set(key, entry);
      };
      if (path.alias) note(prefix, this.scope.aliasTarget(path.alias.name));
      for (const step of walk.steps) {
        if (step.lookup?.kind !== 'reference') break;
        if (isToMany(step.lookup.reference)) toMany = true;
        prefix = prefix ? `${prefix}.${step.name}` : step.name;
        note(prefix, step.lookup.reference.target);
      }
    }
    const shared = [...byPrefix.entries()].filter(([, e]) => e.places.length >= 2);
    const sameSet = (a: ConditionPlace[], b: ConditionPlace[]) => a.length === b.length && a.every((p) => b.includes(p));
    return shared
      .filter(([key, e]) => !shared.some(([other, o]) => other.startsWith(`${key}.`) && sameSet(e.places, o.places)))
      .map(([prefix, e]) => ({
        prefix,
        target: this.typeOf(e.target),
        paths: [...new Set(e.places.map((p) => pathText(p.comparison.path!)))],
        count: e.places.length,
        operator: nearestOperator(e.places),
      }));
  }
}

function incomplete(text: string): ConditionNode {
  return { kind: 'condition', condition: { kind: 'incomplete', text }, chain: undefined, days: [] };
}

/** The operator of the innermost logical expression above every one of the places. */
function nearestOperator(places: readonly ConditionPlace[]): '&&' | '||' {
  let common = places[0].ancestors;
  for (const place of places.slice(1)) {
    let i = 0;
    while (i < common.length && i < place.ancestors.length && common[i] === place.ancestors[i]) i++;
    common = common.slice(0, i);
  }
  return common[common.length - 1]?.operator ?? '&&';
}

/** What a `%=` pattern says, from the parameter's value: `%` stands for any characters. */
export function likeMeaning(operand: OperandFact): LikeMeaning {
  if (operand.kind !== 'parameter' || operand.value.kind !== 'json') return { kind: 'unknown' };
  const value: JsonValue = operand.value.value;
  if (typeof value !== 'string') return { kind: 'unknown' };
  if (value === '*' || /^%+$/.test(value)) return { kind: 'anything' };
  const inner = value.replace(/^%+/, '').replace(/%+$/, '');
  if (inner.includes('%')) return { kind: 'pattern', pattern: value };
  const leading = value.startsWith('%');
  const trailing = value.endsWith('%');
  if (leading && trailing) return { kind: 'contains', text: inner };
  if (trailing) return { kind: 'starts-with', text: inner };
  if (leading) return { kind: 'ends-with', text: inner };
  return { kind: 'exact', text: value };
}
