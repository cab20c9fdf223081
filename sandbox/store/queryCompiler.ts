/**
 * Compiles a checked query (the core AST) to one SQL statement. Pure: no database, no I/O.
 *
 * - Each distinct reference path is ONE join (rule 6: a path denotes one linked entity, so two
 *   conditions on `refEksternId.…` hold on the same external id), each JOIN alias its own join
 *   (rule 7), and aliases may start from other aliases.
 * - Joins are LEFT JOINs, so `ref = @null` (reference unset) can see the missing link; when a path
 *   reaches a to-many reference the rows are grouped back to one per entity.
 * - `%=` is LIKE (only `%` is a wildcard, `_` and `\` are escaped); a parameter `*` is "any value"
 *   (an open range bound, or "has a value"); null is "has no value".
 * - Abstract types are `type = ANY(<concrete subtypes>)`; `publicUse` hides screened entities.
 * Every value, type and reference name is an SQL parameter; only model-checked field names and
 * generated aliases are written into the SQL text.
 */
import type { JsonValue } from '../../core/jsonValue';
import type { Comparison, Expression, Parameter, Path } from '../../core/query';
import type { FieldDef, NoarkModel } from '../../core/schema';
import type { SqlValue } from './database';
import { fieldSql, fieldSqlKind } from './fieldSql';
import { archiveDay, archiveTimeZone, timestampArchiveDate, type ArchiveDay } from '../../core/query/archiveDay';
import { coerceScalar } from '../../core/scalarCoercion';
import { formatTimestamp, normalizeTimestamp } from './fieldValues';
import { deepOffsetFrom, deepPage } from './entityRanks';
import { linkHop, type LinkHop } from './linkModel';

export interface CompileSortItem {
  path: Path;
  order: 'asc' | 'desc';
}

export interface CompileQueryInput {
  model: NoarkModel;
  /** The queried type (concrete or abstract), already checked. */
  type: string;
  expression?: Expression;
  /** Alias name (without `#`) → its join path, already checked. */
  joins: ReadonlyMap<string, Path>;
  /** Parameter name (without `@`) → value. */
  parameters: ReadonlyMap<string, JsonValue>;
  sort: readonly CompileSortItem[];
  /** Rows to fetch (the endpoint asks for one more than the page to know `hasMore`). */
  limit: number;
  offset: number;
  publicUse: boolean;
  /** The archive's zone, in which a date means a whole day (the sandbox's option; Europe/Oslo by default). */
  timeZone?: string;
  /** From this offset on, a listing in id order starts at its page through the entity counts (entityRanks.ts); tests lower it. */
  deepOffsetFrom?: number;
}

export interface CompiledQuery {
  sql: string;
  params: SqlValue[];
  /** The concrete types its rows may be of. */
  types: string[];
}

/** A query the checker let through but that the compiler cannot express; the message is for the user. */
export class QueryCompileError extends Error {}

interface Node {
  key: string;
  /** Model type name (possibly abstract). */
  typeName: string;
  concrete: string[];
  /** SQL of the entity id at this node. */
  idExpr: string;
  /** SQL of the link join that reaches this node (none for the root). */
  linkJoin?: string;
  entityAlias?: string;
  needsEntity: boolean;
}

class SqlBuilder {
  readonly params: SqlValue[] = [];
  private readonly nodes = new Map<string, Node>();
  private readonly order: Node[] = [];
  private readonly aliasNodes = new Map<string, Node>();
  private readonly resolvingAliases = new Set<string>();
  private linkCount = 0;
  private toMany = false;
  readonly root: Node;

  constructor(private readonly input: CompileQueryInput) {
    const concrete = input.model.concreteTypes(input.type);
    this.root = { key: '', typeName: input.type, concrete, idExpr: 'e0.id', entityAlias: 'e0', needsEntity: true };
    this.nodes.set('', this.root);
  }

  param(value: SqlValue): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get groupsRows(): boolean {
    return this.toMany;
  }

  private typeExpr(node: Node): string {
    node.needsEntity = true;
    return `${this.entityAlias(node)}.type`;
  }

  private entityAlias(node: Node): string {
    if (!node.entityAlias) node.entityAlias = `e${this.order.indexOf(node) + 1}`;
    return node.entityAlias;
  }

  /** The node reached from `source` through `refName`; `key` identifies the path (rule 6). */
  private follow(source: Node, refName: string, key: string): Node {
    const existing = this.nodes.get(key);
    if (existing) return existing;
    const model = this.input.model;
    const member = model.lookupMember(source.typeName, refName);
    if (!member || member.kind !== 'reference') throw new QueryCompileError(`${source.typeName} has no reference \`${refName}\`.`);
    const reference = member.reference;
    if (reference.cardinality === '0..*' || reference.cardinality === '1..*') this.toMany = true;
    const groups = new Map<string, { hop: LinkHop; types: string[] }>();
    for (const type of source.concrete) {
      const hop = linkHop(model, type, refName);
      if (!hop) continue;
      const k = JSON.stringify(hop);
      const g = groups.get(k);
      if (g) g.types.push(type);
      else groups.set(k, { hop, types: [type] });
    }
    if (groups.size === 0) throw new QueryCompileError(`${source.typeName} has no reference \`${refName}\`.`);
    const l = `l${++this.linkCount}`;
    const hopCondition = (hop: LinkHop): string =>
      hop.kind === 'forward'
        ? `${l}.from_id = ${source.idExpr} AND ${l}.ref = ${this.param(hop.ref)}`
        : `${l}.to_id = ${source.idExpr} AND ${l}.ref = ${this.param(hop.ref)} AND ${l}.from_type = ANY(${this.param(hop.fromTypes)})`;
    const list = [...groups.values()];
    let condition: string;
    let idExpr: string;
    if (list.length === 1) {
      condition = hopCondition(list[0].hop);
      idExpr = list[0].hop.kind === 'forward' ? `${l}.to_id` : `${l}.from_id`;
    } else {
      // The subtypes of an abstract source store this reference differently: pick per row by type.
      const sourceType = this.typeExpr(source);
      condition = list.map((g) => `(${sourceType} = ANY(${this.param(g.types)}) AND ${hopCondition(g.hop)})`).join(' OR ');
      const forwardTypes = list.filter((g) => g.hop.kind === 'forward').flatMap((g) => g.types);
      idExpr =
        forwardTypes.length === 0
          ? `${l}.from_id`
          : forwardTypes.length === source.concrete.length
            ? `${l}.to_id`
            : `(CASE WHEN ${sourceType} = ANY(${this.param(forwardTypes)}) THEN ${l}.to_id ELSE ${l}.from_id END)`;
    }
    const node: Node = {
      key,
      typeName: reference.target,
      concrete: model.concreteTypes(reference.target),
      idExpr,
      linkJoin: `LEFT JOIN link ${l} ON ${condition}`,
      needsEntity: false,
    };
    this.nodes.set(key, node);
    this.order.push(node);
    return node;
  }

  private aliasNode(name: string): Node {
    const known = this.aliasNodes.get(name);
    if (known) return known;
    const path = this.input.joins.get(name);
    if (!path) throw new QueryCompileError(`#${name} is not defined in \`joins\`.`);
    if (this.resolvingAliases.has(name)) throw new QueryCompileError(`#${name} is defined through itself.`);
    this.resolvingAliases.add(name);
    let node = path.alias ? this.aliasNode(path.alias.name) : this.root;
    if (path.alias) this.toMany = true;
    const key = `#${name}`;
    path.segments.forEach((segment, i) => {
      const last = i === path.segments.length - 1;
      node = this.follow(node, segment.name, last ? key : `${key}:${path.segments.slice(0, i + 1).map((s) => s.name).join('.')}`);
    });
    // Every alias is its own join even when it names a to-one path, and may repeat a row.
    this.toMany = true;
    this.resolvingAliases.delete(name);
    this.aliasNodes.set(name, node);
    return node;
  }

  /** Resolves a path to its last node and, when it ends on a field, that field. */
  resolve(path: Path): { node: Node; field?: FieldDef } {
    let node = path.alias ? this.aliasNode(path.alias.name) : this.root;
    let key = path.alias ? `#${path.alias.name}` : '';
    for (let i = 0; i < path.segments.length; i++) {
      const name = path.segments[i].name;
      const member = this.input.model.lookupMember(node.typeName, name);
      if (!member) throw new QueryCompileError(`${node.typeName} has no field or reference \`${name}\`.`);
      if (member.kind === 'field') {
        if (i !== path.segments.length - 1) throw new QueryCompileError(`\`${name}\` is a field, not a reference: only references can be followed with \`.\`.`);
        return { node, field: member.field };
      }
      key = `${key}.${name}`;
      node = this.follow(node, name, key);
    }
    return { node };
  }

  fieldExpr(node: Node, field: FieldDef): string {
    if (field.name === 'id') return node.idExpr;
    node.needsEntity = true;
    return fieldSql(this.entityAlias(node), field);
  }

  joinsSql(): string[] {
    const out: string[] = [];
    for (const node of this.order) {
      if (node.linkJoin) out.push(node.linkJoin);
      if (node.needsEntity) out.push(`LEFT JOIN entity ${this.entityAlias(node)} ON ${this.entityAlias(node)}.id = ${node.idExpr}`);
    }
    return out;
  }
}

function isAny(value: JsonValue | undefined): boolean {
  return value === '*';
}

function likePattern(value: string): string {
  return value.replace(/[\\_]/g, (c) => `\\${c}`);
}

class ExpressionCompiler {
  constructor(
    private readonly b: SqlBuilder,
    private readonly parameters: ReadonlyMap<string, JsonValue>,
    private readonly timeZone: string,
  ) {}

  compile(expression: Expression): string {
    switch (expression.kind) {
      case 'group':
        if (!expression.expression) throw new QueryCompileError('Empty parentheses in the query.');
        return `(${this.compile(expression.expression)})`;
      case 'logical':
        return `(${expression.operands.map((o) => this.compile(o)).join(expression.operator === '&&' ? ' AND ' : ' OR ')})`;
      case 'comparison':
        return this.comparison(expression);
    }
  }

  private value(p: Parameter): JsonValue {
    if (!this.parameters.has(p.name)) throw new QueryCompileError(`@${p.name} has no value in \`parameters\`.`);
    return this.parameters.get(p.name) as JsonValue;
  }

  private comparison(c: Comparison): string {
    if (!c.path || !c.operator || !c.operand) throw new QueryCompileError('An incomplete comparison in the query.');
    const { node, field } = this.b.resolve(c.path);
    const operand = c.operand;
    if (!field) {
      // A reference (or bare alias): only "is it set" can be asked.
      if (operand.kind !== 'parameter') throw new QueryCompileError('A reference can only be compared with a parameter set to null.');
      const v = this.value(operand);
      if (v !== null && v !== '*') throw new QueryCompileError(`A reference can only be compared with a parameter set to null; @${operand.name} is not null.`);
      const set = v === '*';
      const wantSet = c.operator === '!=' ? !set : set;
      return `${node.idExpr} IS ${wantSet ? 'NOT ' : ''}NULL`;
    }
    const expr = this.b.fieldExpr(node, field);
    if (operand.kind === 'range') {
      const parts: string[] = [];
      const bound = (p: typeof operand.lower, op: string) => {
        if (!p) return;
        if (p.kind !== 'parameter') throw new QueryCompileError('Range bounds must be parameters.');
        const v = this.value(p);
        if (isAny(v)) return;
        if (v === null) throw new QueryCompileError(`@${p.name} is null: an open range bound is "*".`);
        const day = this.dayOf(field, v);
        if (day) {
          // A whole day (core/query/archiveDay): an inclusive bound takes the day in, an exclusive one leaves it out.
          const lower = op.startsWith('>');
          const inclusive = op.endsWith('=');
          const at = lower === inclusive ? day.startMs : day.endMs;
          parts.push(`${expr} ${lower ? '>=' : '<'} ${this.b.param(formatTimestamp(at))}`);
          return;
        }
        parts.push(`${expr} ${op} ${this.typed(field, v, p)}`);
      };
      bound(operand.lower, operand.lowerInclusive ? '>=' : '>');
      bound(operand.upper, operand.upperInclusive ? '<=' : '<');
      return parts.length === 0 ? `${expr} IS NOT NULL` : `(${parts.join(' AND ')})`;
    }
    if (operand.kind !== 'parameter') throw new QueryCompileError('Values are never written in the query: use a parameter.');
    const v = this.value(operand);
    if (v === null) return `${expr} IS ${c.operator === '!=' ? 'NOT ' : ''}NULL`;
    if (isAny(v)) return `${expr} IS ${c.operator === '!=' ? '' : 'NOT '}NULL`;
    if (c.operator === '%=') {
      if (typeof v !== 'string') throw new QueryCompileError(`\`%=\` needs a text parameter; @${operand.name} is not text.`);
      return `${expr} LIKE ${this.b.param(likePattern(v))}`;
    }
    const day = this.dayOf(field, v);
    if (day) {
      const start = this.b.param(formatTimestamp(day.startMs));
      const end = this.b.param(formatTimestamp(day.endMs));
      return c.operator === '!=' ? `(${expr} < ${start} OR ${expr} >= ${end})` : `(${expr} >= ${start} AND ${expr} < ${end})`;
    }
    const typed = this.typed(field, v, operand);
    return `${expr} ${c.operator === '!=' ? '<>' : '='} ${typed}`;
  }

  /** A date-only value on a timestamp field: the whole day in the archive's zone. */
  private dayOf(field: FieldDef, v: JsonValue): ArchiveDay | undefined {
    return field.type === 'timestamp' && typeof v === 'string' ? archiveDay(v, this.timeZone) : undefined;
  }

  /** The parameter placeholder for `v` compared with `field`, cast to the field's SQL kind. */
  private typed(field: FieldDef, v: JsonValue, p: Parameter): string {
    const kind = fieldSqlKind(field);
    if (kind === 'id' || kind === 'version') {
      const text = typeof v === 'number' || typeof v === 'string' ? String(v).trim() : '';
      // A non-numeric id can match nothing; -1 is never an id.
      return `${this.b.param(/^\d{1,18}$/.test(text) ? text : '-1')}::bigint`;
    }
    if (kind === 'number') {
      // "2015" is 2015 to the archive, as to the checker (core/scalarCoercion).
      const n = coerceScalar(v, 'number');
      if (n.kind === 'impossible' || !Number.isFinite(n.value)) throw new QueryCompileError(`\`${field.name}\` is a number; @${p.name} is not.`);
      return `${this.b.param(String(n.value))}::numeric`;
    }
    if (typeof v === 'object') throw new QueryCompileError(`@${p.name} must be a single value.`);
    if (field.type === 'date' && typeof v === 'string') {
      // A timestamp on a date field is its date in the archive's zone (core/query/archiveDay).
      return this.b.param(timestampArchiveDate(v, this.timeZone) ?? v);
    }
    if (field.type === 'timestamp' && typeof v === 'string') {
      const canonical = normalizeTimestamp(v);
      if (!canonical) throw new QueryCompileError(`@${p.name} is not a timestamp.`);
      return this.b.param(canonical);
    }
    return this.b.param(String(v));
  }
}

export function compileQuery(input: CompileQueryInput): CompiledQuery {
  const b = new SqlBuilder(input);
  const typesParam = b.param(b.root.concrete);
  const where: string[] = [`e0.type = ANY(${typesParam})`];
  if (input.publicUse) where.push('NOT e0.screened');
  if (input.expression) where.push(new ExpressionCompiler(b, input.parameters, input.timeZone ?? archiveTimeZone).compile(input.expression));
  const orderBy: string[] = [];
  let hasId = false;
  let idOrder: 'asc' | 'desc' | undefined = input.sort.length === 0 ? 'desc' : undefined;
  for (const item of input.sort) {
    if (item.path.alias || item.path.segments.length !== 1) throw new QueryCompileError('`sortOrder` can only name fields of the queried type.');
    const { field } = b.resolve(item.path);
    if (!field) throw new QueryCompileError('References cannot be sorted on.');
    if (field.name === 'id') {
      hasId = true;
      if (input.sort.length === 1) idOrder = item.order;
    }
    orderBy.push(`${fieldSql('e0', field)} ${item.order === 'asc' ? 'ASC' : 'DESC'}`);
  }
  // The id breaks ties, so pages never overlap or skip.
  if (!hasId) orderBy.push('e0.id DESC');
  // A deep page of a whole listing in id order starts where the entity counts put it.
  const deep = !input.expression && idOrder && !b.groupsRows && input.offset >= (input.deepOffsetFrom ?? deepOffsetFrom) ? deepPage(typesParam, input.offset, idOrder, input.publicUse, (v) => b.param(v)) : undefined;
  if (deep) where.push(deep.idBound);
  const lines = [...(deep ? [`WITH ${deep.cte}`] : []), 'SELECT e0.id, e0.type, e0.version, e0.fields FROM entity e0', ...b.joinsSql(), `WHERE ${where.join(' AND ')}`];
  if (b.groupsRows) lines.push('GROUP BY e0.id');
  lines.push(`ORDER BY ${orderBy.join(', ')}`);
  lines.push(`LIMIT ${b.param(input.limit)} OFFSET ${deep ? deep.offset : b.param(input.offset)}`);
  return { sql: lines.join('\n'), params: b.params, types: b.root.concrete };
}
