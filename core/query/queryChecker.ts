/**
 * Checks a parsed QUERY request against the Noark model and the variables it can see. Works on
 * incomplete ASTs (parts the parser could not read are skipped) and never throws.
 */
import type { Fix, NoarkqDiagnostic, Span, TextEdit } from '../diagnostics';
import type { JsonValue } from '../jsonValue';
import type { FieldDef, MemberLookup, NoarkModel, ReferenceDef } from '../schema/types';
import { didYouMean } from '../text/didYouMean';
import { comparisonOperatorSpan, logicalOperatorSpans, type AliasName, type Comparison, type Expression, type Identifier, type JoinClause, type Literal, type Parameter, type Path, type QueryRequest } from './queryAst';
import { askValue, type QueryCheckContext, type VariableBinding, type VariableValue } from './queryContext';
import { coerceScalar } from '../scalarCoercion';
import { archiveDay, dayBoundTimestamp, dayMeaning, timestampArchiveDate, timestampDateMeaning, type DayRole } from './archiveDay';
import { queryDiagnostic } from './queryDiagnosticCodes';
import { collectParameters, pathText } from './querySerializer';

/** The largest `limit` of a query (the spec, § Limits). */
export const maxQueryLimit = 500;

/** Did-you-mean for a member name, remembered per model: a misspelt field tends to recur in every
 * copy of a query, and the model does not change under a checker. Bounded: names are user text. */
const memberSuggestions = new WeakMap<NoarkModel, Map<string, string | undefined>>();
function memberSuggestion(model: NoarkModel, type: string, name: string): string | undefined {
  let known = memberSuggestions.get(model);
  if (!known) memberSuggestions.set(model, (known = new Map()));
  const key = `${type}\u0000${name}`;
  if (known.has(key)) return known.get(key);
  if (known.size >= 4096) known.clear();
  const suggestion = didYouMean(name, model.memberNames(type));
  known.set(key, suggestion);
  return suggestion;
}
const validName = /^[A-Za-z0-9]+$/;

/** What a path ends on, once resolved. */
export type PathTerminal =
  | { kind: 'field'; field: FieldDef; owner: string }
  /** A reference (or a bare alias, which stands for its join's reference). */
  | { kind: 'reference'; target: string; reference?: ReferenceDef; owner?: string };

interface ResolvedPath {
  terminal: PathTerminal;
  /** True when a step of the path (or the alias it starts from) is a to-many reference. */
  throughToMany: boolean;
}

interface AliasInfo {
  join: JoinClause;
  alias: AliasName;
  /** Target type, once resolved; undefined when the join path did not resolve. */
  target?: string;
  toMany: boolean;
  state: 'new' | 'resolving' | 'done';
  used: boolean;
}

function isToMany(reference: ReferenceDef): boolean {
  return reference.cardinality === '0..*' || reference.cardinality === '1..*';
}

function quote(name: string): string {
  return `\`${name}\``;
}

function jsonTypeName(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? `the text ${JSON.stringify(value)}` : `the ${typeof value} ${JSON.stringify(value)}`;
}

function isValidDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1];
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timestampPattern = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** How a parameter value the archive accepts differs from the canonical one: a date on a
 * timestamp field (it stands for the whole day), or a scalar the archive converts. */
export type ParameterVariant =
  | { kind: 'day'; date: string }
  | { kind: 'date-of-timestamp'; timestamp: string; date: string }
  | { kind: 'coerced'; canonical: string | number | boolean };

export function parameterValueVariant(field: FieldDef, value: JsonValue): ParameterVariant | undefined {
  if (value === '*' || value === null) return undefined;
  if (field.type === 'timestamp') return typeof value === 'string' && archiveDay(value) ? { kind: 'day', date: value } : undefined;
  if (field.type === 'date') {
    const date = typeof value === 'string' ? timestampArchiveDate(value) : undefined;
    return date !== undefined && typeof value === 'string' ? { kind: 'date-of-timestamp', timestamp: value, date } : undefined;
  }
  if (field.type !== 'string' && field.type !== 'number' && field.type !== 'boolean') return undefined;
  // Ids are numeric strings, and `links` in results hold them as numbers: both are canonical.
  if (field.type === 'string' && typeof value === 'number' && (field.name === 'id' || field.name === 'version')) return undefined;
  const c = coerceScalar(value, field.type);
  return c.kind === 'coerced' ? { kind: 'coerced', canonical: c.value } : undefined;
}

/** Why `value` can never match a field of `field.type`, or undefined when it can (a variant the
 * archive accepts, `parameterValueVariant`, can match). */
export function parameterValueMismatch(field: FieldDef, value: JsonValue, inRange: boolean): string | undefined {
  if (value === '*') return undefined;
  if (parameterValueVariant(field, value)) return undefined;
  const name = quote(field.name);
  if (value === null) {
    return inRange ? 'null cannot be a range bound: use "*" for an open bound.' : undefined;
  }
  if (typeof value === 'object') return `${name} cannot be compared with ${jsonTypeName(value)}: give a single ${field.type} value.`;
  switch (field.type) {
    case 'string':
      if (typeof value === 'string') return undefined;
      // Ids are numeric strings, and `links` in results hold them as numbers.
      if (typeof value === 'number' && (field.name === 'id' || field.name === 'version')) return undefined;
      return `${name} is text, but the value is ${jsonTypeName(value)}: write it in quotes, e.g. ${JSON.stringify(String(value))}.`;
    case 'number':
      if (typeof value === 'number') return undefined;
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
        return `${name} is a number, but the value is ${jsonTypeName(value)}: write it without quotes, e.g. ${Number(value)}.`;
      }
      return `${name} is a number, but the value is ${jsonTypeName(value)}.`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${name} is true or false, but the value is ${jsonTypeName(value)}.`;
    case 'date': {
      const m = typeof value === 'string' ? datePattern.exec(value) : null;
      if (m && isValidDate(Number(m[1]), Number(m[2]), Number(m[3]))) return undefined;
      return `${name} is a date: the value must be a date "yyyy-MM-dd" (e.g. "2024-01-31"), not ${jsonTypeName(value)}.`;
    }
    case 'timestamp': {
      const m = typeof value === 'string' ? timestampPattern.exec(value) : null;
      if (m && isValidDate(Number(m[1]), Number(m[2]), Number(m[3]))) return undefined;
      return `${name} is a timestamp: the value must be an ISO timestamp (e.g. "2024-01-31T00:00:00.000+01:00"), not ${jsonTypeName(value)}.`;
    }
    case 'object':
      return `${name} cannot be compared with a value.`;
  }
}

/** `tittel` → `tittel`; `my_param` → `myParam`: the closest valid parameter or alias name. */
export function sanitizeName(name: string): string {
  let out = '';
  let upper = false;
  for (const ch of name) {
    if (/[A-Za-z0-9]/.test(ch)) {
      out += upper && out.length > 0 ? ch.toUpperCase() : ch;
      upper = false;
    } else upper = true;
  }
  return out;
}

// The questions the checks put to a variable's value (`askValue`). A checker that keeps results
// keeps each question with its answer, to put it again to a new value: they are functions of their
// arguments only, made once each, since a closure over a `QueryChecker` would keep all that
// checker's state alive with every block's result.

/** The type of a value that a reference cannot be compared with (null for one it can). */
const incomparableTypeName = (v: VariableValue): string | null => (v.kind === 'json' && v.value !== null && v.value !== '*' ? jsonTypeName(v.value) : null);

/** The text of a `{{reference}}` value. */
const referenceText = (v: VariableValue): string | null => (v.kind === 'reference' ? v.text : null);

type ParameterAnswer = { variant: ParameterVariant } | { reason: string | null } | null;

const parameterQuestions = new WeakMap<FieldDef, Array<(v: VariableValue) => ParameterAnswer>>();

/** What a value compared with `field` (as a range's bound, or not) is: a variant the archive
 * accepts, or why it cannot match. */
function parameterQuestion(field: FieldDef, bound: boolean): (v: VariableValue) => ParameterAnswer {
  let questions = parameterQuestions.get(field);
  if (questions === undefined) parameterQuestions.set(field, (questions = []));
  return (questions[bound ? 1 : 0] ??= (v) => {
    if (v.kind !== 'json') return null;
    const variant = parameterValueVariant(field, v.value);
    return variant ? { variant } : { reason: parameterValueMismatch(field, v.value, bound) ?? null };
  });
}

function literalJson(literal: Literal): string {
  return JSON.stringify(literal.value);
}

class QueryChecker {
  private readonly diagnostics: NoarkqDiagnostic[] = [];
  private readonly model: NoarkModel;
  private readonly bindings = new Map<string, VariableBinding>();
  private readonly aliases = new Map<string, AliasInfo>();
  private rootType: string | undefined;
  private readonly resolved = new Map<Comparison, ResolvedPath>();
  /** Names proposed by fixes in this run, so two fixes never propose the same new name. */
  private readonly proposedNames = new Set<string>();
  private usedParameterNames = new Set<string>();

  constructor(
    private readonly request: QueryRequest,
    private readonly context: QueryCheckContext,
  ) {
    this.model = context.model;
    for (const binding of context.variables) if (!this.bindings.has(binding.name)) this.bindings.set(binding.name, binding);
  }

  private report(code: string, span: Span, message: string, fixes?: Fix[]): NoarkqDiagnostic {
    const d = queryDiagnostic(code, span.start, span.end, message, fixes);
    this.diagnostics.push(d);
    return d;
  }

  run(): NoarkqDiagnostic[] {
    const expression = this.request.where?.expression;
    const parameters = collectParameters(expression);
    this.usedParameterNames = new Set(parameters.map((p) => p.name));
    this.checkType();
    this.collectAliases();
    for (const info of this.aliases.values()) this.resolveAlias(info);
    if (expression) {
      this.walk(expression);
      this.checkAndGroups(expression);
    }
    this.checkParameters(parameters);
    this.checkUnusedVariables();
    this.checkUnusedAliases();
    this.checkSort();
    this.checkPaging();
    return this.diagnostics;
  }

  // --- type ---------------------------------------------------------------------------------

  private checkType(): void {
    const type = this.request.type;
    if (!type) return;
    const def = this.model.getType(type.name);
    if (!def) {
      const candidates = this.model.types.filter((t) => t.queryable).map((t) => t.name);
      const suggestion = didYouMean(type.name, candidates);
      this.report(
        'noarkq.unknown-type',
        type,
        `Unknown entity type ${quote(type.name)}.${suggestion ? ` Did you mean ${quote(suggestion)}?` : ' Query one of the archive\'s entity types, e.g. Saksmappe, Journalpost or AbstraktMappe.'}`,
        suggestion ? [{ title: `Change to ${suggestion}`, edits: [{ ...type, newText: suggestion }], preferred: true }] : undefined,
      );
      return;
    }
    if (!def.queryable) {
      this.report('noarkq.type-not-queryable', type, `${quote(type.name)} cannot be queried: query a type that links to it and follow the reference instead.`);
    }
    this.rootType = def.name;
  }

  // --- joins --------------------------------------------------------------------------------

  private collectAliases(): void {
    for (const join of this.request.joins) {
      const alias = join.alias;
      if (!alias) continue;
      if (!validName.test(alias.name)) {
        const better = sanitizeName(alias.name);
        this.report(
          'noarkq.alias-name-invalid',
          alias,
          `An alias is \`#\` followed by letters and digits only${alias.name.length === 0 ? '' : `, not #${alias.name}`}${better ? `: e.g. #${better}` : ''}.`,
        );
      }
      const first = this.aliases.get(alias.name);
      if (first) {
        const d = this.report('noarkq.alias-duplicate', alias, `#${alias.name} is already defined by another JOIN: give each alias its own name.`);
        d.related = [{ ...first.alias, message: `#${alias.name} is first defined here` }];
        continue;
      }
      this.aliases.set(alias.name, { join, alias, toMany: false, state: 'new', used: false });
    }
  }

  private resolveAlias(info: AliasInfo): void {
    if (info.state !== 'new') return;
    info.state = 'resolving';
    const path = info.join.path;
    if (path) {
      const resolved = this.resolvePath(path, 'join');
      if (resolved && resolved.terminal.kind === 'reference') {
        info.target = resolved.terminal.target;
        info.toMany = resolved.throughToMany;
      }
    }
    info.state = 'done';
  }

  /** The alias a path starts from, resolved (reports undefined aliases and cycles). */
  private aliasStart(alias: AliasName): AliasInfo | undefined {
    const info = this.aliases.get(alias.name);
    if (!info) {
      const suggestion = didYouMean(alias.name, this.aliases.keys());
      this.report(
        'noarkq.alias-undefined',
        alias,
        `#${alias.name} is not defined: add a line \`JOIN #${alias.name} = <reference path>\`${suggestion ? ` or use #${suggestion}` : ''}.`,
        suggestion ? [{ title: `Change to #${suggestion}`, edits: [{ ...alias, newText: `#${suggestion}` }], preferred: true }] : undefined,
      );
      return undefined;
    }
    info.used = true;
    if (info.state === 'resolving') {
      this.report('noarkq.alias-cycle', alias, `#${alias.name} is defined through itself: a JOIN path must start from the query type or from an alias that does not lead back here.`);
      return undefined;
    }
    this.resolveAlias(info);
    return info;
  }

  private checkUnusedAliases(): void {
    for (const info of this.aliases.values()) {
      if (info.used) continue;
      this.report('noarkq.alias-unused', info.alias, `#${info.alias.name} is never used: use it in WHERE (\`#${info.alias.name}.field = @value\`) or remove the JOIN.`, [
        { title: 'Remove this JOIN', edits: [{ ...info.join.line, newText: '' }] },
      ]);
    }
  }

  // --- paths --------------------------------------------------------------------------------

  /**
   * Resolves a path from the query type or its alias. `mode` decides which terminals are
   * acceptable: a join must end on a reference; a comparison or sort on anything.
   */
  private resolvePath(path: Path, mode: 'join' | 'where' | 'sort'): ResolvedPath | undefined {
    let type: string | undefined;
    let throughToMany = false;
    let terminal: PathTerminal | undefined;
    if (path.alias) {
      const info = this.aliasStart(path.alias);
      if (!info || info.target === undefined) return undefined;
      type = info.target;
      throughToMany = info.toMany;
      terminal = { kind: 'reference', target: type };
    } else {
      type = this.rootType;
      if (type === undefined) return undefined;
    }
    const segments = path.segments;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i];
      const last = i === segments.length - 1 && !path.incomplete;
      const member = this.lookup(type, segment);
      if (!member) return undefined;
      if (member.kind === 'field') {
        if (!last) {
          this.reportNotReference(segment, type, false);
          return undefined;
        }
        if (mode === 'join') {
          this.reportNotReference(segment, type, true);
          return undefined;
        }
        terminal = { kind: 'field', field: member.field, owner: type };
      } else {
        if (isToMany(member.reference) && !last) throughToMany = true;
        if (mode === 'join' && isToMany(member.reference)) throughToMany = true;
        terminal = { kind: 'reference', target: member.reference.target, reference: member.reference, owner: type };
        type = member.reference.target;
      }
    }
    if (path.incomplete || !terminal) return undefined;
    return { terminal, throughToMany };
  }

  private reportNotReference(segment: Identifier, owner: string, inJoin: boolean): void {
    const message = inJoin
      ? `${quote(segment.name)} is a field of ${owner}, not a reference: a JOIN path follows references only (e.g. \`refSekundaerKlasse\`).`
      : `${quote(segment.name)} is a field of ${owner}, not a reference: only references (ref...) can be followed with \`.\`.`;
    this.report('noarkq.not-a-reference', segment, message);
  }

  private lookup(type: string, segment: Identifier): MemberLookup | undefined {
    const member = this.model.lookupMember(type, segment.name);
    if (!member) {
      const suggestion = memberSuggestion(this.model, type, segment.name);
      this.report(
        'noarkq.unknown-field',
        segment,
        `${type} has no field or reference ${quote(segment.name)}.${suggestion ? ` Did you mean ${quote(suggestion)}?` : ''}`,
        suggestion ? [{ title: `Change to ${suggestion}`, edits: [{ ...segment, newText: suggestion }], preferred: true }] : undefined,
      );
      return undefined;
    }
    if (member.partial) {
      const all = this.model.concreteTypes(type);
      const missing = all.filter((t) => !member.presentIn.includes(t));
      this.report(
        'noarkq.partial-member',
        segment,
        `${quote(segment.name)} exists only on ${member.presentIn.join(', ')} among the types of ${type}; ${missing.join(', ')} ${missing.length === 1 ? 'has' : 'have'} no such ${member.kind} and never match this condition. Query the specific type if that is what you mean.`,
      );
    }
    return member;
  }

  // --- expression ---------------------------------------------------------------------------

  private walk(expression: Expression): void {
    switch (expression.kind) {
      case 'comparison':
        this.checkComparison(expression);
        return;
      case 'group':
        if (expression.expression) this.walk(expression.expression);
        return;
      case 'logical':
        for (const operand of expression.operands) this.walk(operand);
        if (expression.operator === '||') this.checkMixedAndOr(expression);
    }
  }

  private checkMixedAndOr(or: Expression & { kind: 'logical' }): void {
    const bare = or.operands.filter((o) => o.kind === 'logical' && o.operator === '&&');
    if (bare.length === 0) return;
    // Point at the first `||` that sits next to an unparenthesised `&&` run.
    const index = or.operands.findIndex((o) => o.kind === 'logical' && o.operator === '&&');
    const operatorSpans = logicalOperatorSpans(or);
    const at = operatorSpans[Math.max(0, index - 1)] ?? operatorSpans[0] ?? or;
    const edits: TextEdit[] = [];
    for (const o of bare) edits.push({ start: o.start, end: o.start, newText: '(' }, { start: o.end, end: o.end, newText: ')' });
    this.report('noarkq.mixed-and-or', at, '`&&` and `||` are mixed without parentheses; `&&` binds tighter, so each `&&` run is grouped first. Add parentheses to show the grouping (or to group differently).', [
      { title: 'Add parentheses around the `&&` parts', edits },
    ]);
  }

  private checkComparison(comparison: Comparison): void {
    const operand = comparison.operand;
    this.checkLiterals(comparison);
    if (!comparison.path) return;
    const resolved = this.resolvePath(comparison.path, 'where');
    if (!resolved) return;
    this.resolved.set(comparison, resolved);
    const terminal = resolved.terminal;
    const operator = comparison.operator;
    const opSpan = comparisonOperatorSpan(comparison);
    if (terminal.kind === 'field') {
      const field = terminal.field;
      if (!field.queryable) {
        this.report('noarkq.field-not-queryable', this.terminalSpan(comparison.path), `${quote(field.name)} cannot be used in a query: the archive does not search it.`);
        return;
      }
      const replaceOp = (newText: string): Fix[] | undefined => (opSpan ? [{ title: `Use \`${newText}\``, edits: [{ ...opSpan, newText }], preferred: true }] : undefined);
      if (operator === '%=' && operand?.kind !== 'range') {
        if (field.name === 'id' || field.name === 'version') {
          this.report('noarkq.like-on-non-string', opSpan ?? comparison, `${quote(field.name)} allows exact matches only: use \`=\`.`, replaceOp('='));
        } else if (field.type !== 'string') {
          this.report(
            'noarkq.like-on-non-string',
            opSpan ?? comparison,
            `\`%=\` (like) works on text fields only; ${quote(field.name)} is a ${field.type}: use \`=\`${field.type === 'date' || field.type === 'timestamp' || field.type === 'number' ? ' or a range `[@from:@to]`' : ''}.`,
            replaceOp('='),
          );
        }
      }
      if (operand?.kind === 'range') {
        if (operator && operator !== '=') {
          this.report('noarkq.range-needs-equals', opSpan ?? comparison, `A range is written \`${field.name} = [@from:@to]\`: use \`=\` before a range, not \`${operator}\`.`, replaceOp('='));
        }
        if (field.type !== 'date' && field.type !== 'timestamp' && field.type !== 'number') {
          const hint = field.name === 'id' ? '`id` allows exact matches only' : `${quote(field.name)} is ${field.type === 'string' ? 'text' : `a ${field.type}`}`;
          this.report('noarkq.range-on-invalid-type', operand, `Ranges work on dates, timestamps and numbers; ${hint}: compare it with \`= @value\`${field.type === 'string' && field.name !== 'id' ? ' or `%= @pattern`' : ''}.`);
        }
      }
      this.checkParameterValues(comparison, field);
      return;
    }
    // A reference (or a bare alias): only `= @null` / `!= @null` tests whether it is set.
    const idFix: Fix[] = [{ title: `Compare ${pathText(comparison.path)}.id`, edits: [{ start: comparison.path.end, end: comparison.path.end, newText: '.id' }], preferred: true }];
    const name = pathText(comparison.path);
    if (operator === '%=' || operand?.kind === 'range') {
      this.report(
        'noarkq.reference-comparison',
        operand?.kind === 'range' ? operand : (opSpan ?? comparison),
        `${quote(name)} is a reference: it can only be compared with a parameter set to null (to test whether it is set). To match the linked entity's id, compare \`${name}.id\`.`,
        idFix,
      );
      return;
    }
    if (operand?.kind === 'parameter') {
      const binding = this.bindings.get(operand.name);
      // The value's type, when it is one a reference cannot be compared with.
      const typeName = binding && askValue(binding, incomparableTypeName);
      if (binding && typeName) {
        const d = this.report(
          'noarkq.reference-comparison',
          operand,
          `${quote(name)} is a reference: it can only be compared with a parameter whose value is null (to test whether it is set), but @${operand.name} is ${typeName}. To match the linked entity's id, compare \`${name}.id\`.`,
          idFix,
        );
        if (binding.span) d.related = [{ ...binding.span, message: `@${operand.name} is defined here` }];
      }
    }
  }

  private terminalSpan(path: Path): Span {
    return path.segments[path.segments.length - 1] ?? path;
  }

  private checkParameterValues(comparison: Comparison, field: FieldDef): void {
    const operand = comparison.operand;
    if (!operand) return;
    const check = (p: Parameter | Literal | undefined, role: DayRole, inclusive: boolean): void => {
      if (!p || p.kind !== 'parameter') return;
      const binding = this.bindings.get(p.name);
      if (!binding) return;
      // All that the rest reads of the value: another value with the same answer gives the same
      // diagnostics.
      const answer = askValue(binding, parameterQuestion(field, role !== 'value'));
      if (answer === null) return;
      if ('variant' in answer) {
        this.reportVariant(p, binding, field, answer.variant, role, inclusive);
        return;
      }
      const reason = answer.reason;
      if (!reason) return;
      const d = this.report('noarkq.param-type-mismatch', p, `@${p.name} cannot match: ${reason}`);
      if (binding.span) d.related = [{ ...binding.span, message: `@${p.name} is defined here` }];
    };
    if (operand.kind === 'range') {
      check(operand.lower, 'lower', operand.lowerInclusive);
      check(operand.upper, 'upper', operand.upperInclusive);
    } else check(operand, 'value', true);
  }

  /** A value the archive accepts in another form than the canonical one: said where it is used,
   * fixed where it is defined. */
  private reportVariant(p: Parameter, binding: VariableBinding, field: FieldDef, variant: ParameterVariant, role: DayRole, inclusive: boolean): void {
    const edit = (text: string): Fix[] | undefined =>
      binding.valueSpan ? [{ title: `Change @${p.name} to ${text}`, preferred: true, edits: [{ ...binding.valueSpan, newText: text }] }] : undefined;
    let d: NoarkqDiagnostic;
    if (variant.kind === 'day') {
      const day = archiveDay(variant.date)!;
      const full = dayBoundTimestamp(day, role, inclusive);
      const meaning = dayMeaning(variant.date, role, inclusive) ?? '';
      d = this.report(
        'noarkq.param-date-on-timestamp',
        p,
        `@${p.name} is a date on the timestamp field ${quote(field.name)}: ${meaning}${full ? ` The full timestamp ${JSON.stringify(full)} says the same.` : ' To ask for one instant, give a full timestamp.'}`,
        full ? edit(JSON.stringify(full)) : undefined,
      );
    } else if (variant.kind === 'date-of-timestamp') {
      d = this.report(
        'noarkq.param-timestamp-on-date',
        p,
        `@${p.name} is a timestamp on the date field ${quote(field.name)}: ${timestampDateMeaning(variant.timestamp) ?? ''} The date ${JSON.stringify(variant.date)} says the same.`,
        edit(JSON.stringify(variant.date)),
      );
    } else {
      const canonical = JSON.stringify(variant.canonical);
      d = this.report(
        'noarkq.param-coerced',
        p,
        `${quote(field.name)} is ${field.type === 'number' ? 'a number' : field.type === 'boolean' ? 'true or false' : 'text'}; the archive converts @${p.name}'s value, but send it as ${canonical}.`,
        edit(canonical),
      );
    }
    if (binding.span) d.related = [{ ...binding.span, message: `@${p.name} is defined here` }];
  }

  // --- literals -----------------------------------------------------------------------------

  private checkLiterals(comparison: Comparison): void {
    const operand = comparison.operand;
    if (!operand) return;
    const base = this.nameBase(comparison.path);
    if (operand.kind === 'literal') this.reportLiteral(operand, base);
    else if (operand.kind === 'range') {
      if (operand.lower?.kind === 'literal') this.reportLiteral(operand.lower, `${base}From`);
      if (operand.upper?.kind === 'literal') this.reportLiteral(operand.upper, `${base}To`);
    }
  }

  private nameBase(path: Path | undefined): string {
    const last = path?.segments[path.segments.length - 1]?.name ?? path?.alias?.name ?? 'value';
    return sanitizeName(last) || 'value';
  }

  /** A fresh name (without `@`): not a visible variable, not used in the query, not proposed yet. */
  private freshName(base: string): string {
    const taken = (n: string) => this.bindings.has(n) || this.usedParameterNames.has(n) || this.proposedNames.has(n);
    let name = base;
    for (let i = 2; taken(name); i++) name = `${base}${i}`;
    this.proposedNames.add(name);
    return name;
  }

  private reportLiteral(literal: Literal, base: string): void {
    const name = this.freshName(base);
    const json = literalJson(literal);
    const what = literal.literal === 'word' ? `the word ${quote(literal.text)}` : literal.literal === 'star' ? '`*`' : `the ${literal.literal} ${literal.text}`;
    if (this.context.parameterValues === 'body') {
      this.report('noarkq.literal-in-query', literal, `Values are never written in the query: ${what} must be a parameter. Write \`@${name}\` here and add \`"@${name}": ${json}\` to the body's \`parameters\`.`);
      return;
    }
    this.report(
      'noarkq.literal-in-query',
      literal,
      `Values are never written in the query: ${what} must be a parameter. Define \`@${name} = ${json}\` and write \`@${name}\` here.`,
      [
        {
          title: `Move ${literal.text} into variable @${name}`,
          edits: [
            { start: this.request.start, end: this.request.start, newText: `@${name} = ${json}\n` },
            { start: literal.start, end: literal.end, newText: `@${name}` },
          ],
          preferred: true,
        },
      ],
    );
  }

  // --- rule 6: the same to-many path twice ------------------------------------------------

  private checkAndGroups(expression: Expression): void {
    if (expression.kind === 'logical' && expression.operator === '||') {
      for (const operand of expression.operands) this.checkAndGroups(operand);
      return;
    }
    const members: Comparison[] = [];
    const nested: Expression[] = [];
    const collect = (e: Expression | undefined): void => {
      if (!e) return;
      if (e.kind === 'comparison') members.push(e);
      else if (e.kind === 'group') collect(e.expression);
      else if (e.operator === '&&') e.operands.forEach(collect);
      else nested.push(e);
    };
    collect(expression);
    this.checkSamePath(members);
    for (const n of nested) this.checkAndGroups(n);
  }

  private checkSamePath(members: Comparison[]): void {
    const firstByPath = new Map<string, Comparison>();
    for (const comparison of members) {
      const resolved = this.resolved.get(comparison);
      const operand = comparison.operand;
      if (!resolved || !resolved.throughToMany || resolved.terminal.kind !== 'field') continue;
      if (comparison.operator !== '=' || operand?.kind !== 'parameter' || !comparison.path) continue;
      const key = pathText(comparison.path);
      const first = firstByPath.get(key);
      if (!first) {
        firstByPath.set(key, comparison);
        continue;
      }
      const firstOperand = first.operand as Parameter;
      if (firstOperand.name === operand.name) continue;
      const path = comparison.path;
      const prefixText = pathText({ ...path, segments: path.segments.slice(0, -1) });
      const field = path.segments[path.segments.length - 1].name;
      const names = path.alias ? ['a1', 'a2'] : this.joinAliasNames(prefixText);
      const d = this.report(
        'noarkq.same-path-twice',
        path,
        `${quote(key)} is compared twice with \`&&\`: a path denotes one single linked entity, so both conditions must hold on the same one and entities linked to two different ones never match. To match two different linked entities, JOIN an alias for each (\`JOIN #${names[0]} = ${prefixText}\`, \`JOIN #${names[1]} = ${prefixText}\`) and compare \`#${names[0]}.${field}\` and \`#${names[1]}.${field}\`.`,
        path.alias ? undefined : [this.joinFix(first.path!, path, prefixText, names)],
      );
      d.related = [{ ...first.path!, message: 'first comparison on this path' }];
    }
  }

  /** Two fresh alias names for a JOIN on `prefixText`: `refSekundaerKlasse` → #sekundaerKlasse1, #sekundaerKlasse2. */
  private joinAliasNames(prefixText: string): string[] {
    const last = prefixText.slice(prefixText.lastIndexOf('.') + 1);
    const base = sanitizeName(last.replace(/^ref(?=[A-Z])/, '').replace(/^./, (c) => c.toLowerCase())) || 'a';
    const taken = (n: string) => this.aliases.has(n) || this.proposedNames.has(n);
    const names: string[] = [];
    for (let i = 1; names.length < 2; i++) if (!taken(`${base}${i}`)) names.push(`${base}${i}`);
    names.forEach((n) => this.proposedNames.add(n));
    return names;
  }

  private joinFix(first: Path, second: Path, prefixText: string, names: string[]): Fix {
    const lines = names.map((n) => `JOIN #${n} = ${prefixText}`).join('\n');
    const at = this.request.clauseInsertOffset;
    const prefixEnd = (p: Path) => p.segments[p.segments.length - 2].end;
    return {
      title: `Use two JOIN aliases (#${names[0]}, #${names[1]}) for ${prefixText}`,
      edits: [
        { start: at, end: at, newText: this.request.clauseInsertNeedsNewline ? `\n${lines}` : `${lines}\n` },
        { start: first.start, end: prefixEnd(first), newText: `#${names[0]}` },
        { start: second.start, end: prefixEnd(second), newText: `#${names[1]}` },
      ],
      preferred: true,
    };
  }

  // --- parameters ---------------------------------------------------------------------------

  private checkParameters(parameters: Parameter[]): void {
    for (const p of parameters) {
      if (!validName.test(p.name)) {
        const better = sanitizeName(p.name);
        const fixes: Fix[] = [];
        if (better) {
          const edits: TextEdit[] = parameters.filter((q) => q.name === p.name).map((q) => ({ start: q.start, end: q.end, newText: `@${better}` }));
          const binding = this.bindings.get(p.name);
          if (binding?.scope === 'block' && binding.span) edits.unshift({ ...binding.span, newText: `@${better}` });
          fixes.push({ title: `Rename to @${better}`, edits, preferred: true });
        }
        this.report(
          'noarkq.param-name-invalid',
          p,
          p.name.length === 0
            ? 'A parameter needs a name: `@` followed by letters and digits, e.g. `@title`.'
            : `@${p.name} is not a valid parameter name: the archive accepts \`@\` followed by letters and digits only (no \`_\` or other signs)${better ? `, e.g. @${better}` : ''}.`,
          fixes,
        );
        if (p.name.length === 0) continue;
      }
      if (!this.bindings.has(p.name) && this.context.parameterValues === 'body') {
        this.report('noarkq.param-undefined', p, `@${p.name} has no value: add \`"@${p.name}": <JSON value>\` to the body's \`parameters\`.`);
      } else if (!this.bindings.has(p.name)) {
        const fixes: Fix[] = validName.test(p.name)
          ? [{ title: `Define @${p.name}`, edits: [{ start: this.request.start, end: this.request.start, newText: `@${p.name} = \n` }], preferred: true }]
          : [];
        this.report(
          'noarkq.param-undefined',
          p,
          `@${p.name} has no value: define it on a line \`@${p.name} = <JSON value>\` above the request (or in the file or the environment).`,
          fixes,
        );
      }
    }
  }

  private checkUnusedVariables(): void {
    const referenced = new Set<string>();
    for (const binding of this.context.variables) {
      const text = askValue(binding, referenceText);
      if (text === null) continue;
      for (const m of text.matchAll(/\{\{\s*([^}.\[\s]+)/g)) referenced.add(m[1]);
      const bare = text.trim();
      if (/^[^\s{}.[\]]+$/.test(bare)) referenced.add(bare);
    }
    for (const [name, binding] of this.bindings) {
      if (binding.scope !== 'block' || !binding.span) continue;
      if (this.usedParameterNames.has(name) || referenced.has(name)) continue;
      this.report('noarkq.param-unused', binding.span, `@${name} is defined for this request but the query never uses it: use \`@${name}\` in WHERE or remove the line.`);
    }
  }

  // --- sort and paging ----------------------------------------------------------------------

  private checkSort(): void {
    for (const item of this.request.sort?.items ?? []) {
      const resolved = this.resolvePath(item.path, 'sort');
      if (!resolved) continue;
      const terminal = resolved.terminal;
      const name = pathText(item.path);
      if (terminal.kind === 'reference') {
        this.report('noarkq.sort-on-reference', item.path, `${quote(name)} is a reference and references cannot be sorted on: sort on a field instead (e.g. \`id\`).`);
      } else if (!terminal.field.sortable) {
        this.report('noarkq.sort-not-sortable', this.terminalSpan(item.path), `${quote(terminal.field.name)} is not sortable: sort on a field marked sortable (e.g. \`id\`${terminal.field.name === 'tittel' ? '' : ' or `tittel`'}).`);
      }
    }
  }

  private checkPaging(): void {
    const limit = this.request.limit;
    if (limit?.value !== undefined && limit.valueSpan) {
      if (limit.value > maxQueryLimit) {
        this.report('noarkq.limit-too-large', limit.valueSpan, `LIMIT can be at most ${maxQueryLimit}: page through larger results with OFFSET.`, [
          { title: `Set LIMIT to ${maxQueryLimit}`, edits: [{ ...limit.valueSpan, newText: String(maxQueryLimit) }], preferred: true },
        ]);
      } else if (limit.value < 0) {
        this.report('noarkq.negative-limit', limit.valueSpan, 'LIMIT cannot be negative: give the number of results to return (at most 500).', [
          { title: `Set LIMIT to ${-limit.value}`, edits: [{ ...limit.valueSpan, newText: String(Math.min(maxQueryLimit, -limit.value)) }] },
        ]);
      }
    }
    const offset = this.request.offset;
    if (offset?.value !== undefined && offset.valueSpan && offset.value < 0) {
      this.report('noarkq.negative-offset', offset.valueSpan, 'OFFSET cannot be negative: it is the number of results to skip (0 for the first page).', [
        { title: 'Set OFFSET to 0', edits: [{ ...offset.valueSpan, newText: '0' }] },
      ]);
    }
  }
}

/** Checks a parsed QUERY request against the model and the visible variables. */
export function checkQueryRequest(request: QueryRequest, context: QueryCheckContext): NoarkqDiagnostic[] {
  return new QueryChecker(request, context).run();
}
