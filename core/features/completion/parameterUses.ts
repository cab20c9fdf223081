/**
 * Where a variable is used as a query parameter, and with which fields: a variable's value takes
 * the codes of the field it is compared with (`@t = "I"` for `journalposttype = @t`).
 */
import type { DocumentBlock, NoarkqDocument } from '../../document';
import type { Comparison, Expression } from '../../query';
import type { FieldDef, NoarkModel } from '../../schema/types';
import { QueryScope } from './queryScope';

/** Enough for a value completion; a file variable compared with more fields is rare. */
const maxFields = 8;
/** A file variable is normally compared with one field; its first uses tell which. */
const maxUsingBlocks = 50;

export function forEachComparison(expression: Expression | undefined, visit: (c: Comparison) => void): void {
  if (!expression) return;
  switch (expression.kind) {
    case 'comparison':
      visit(expression);
      return;
    case 'logical':
      for (const operand of expression.operands) forEachComparison(operand, visit);
      return;
    case 'group':
      forEachComparison(expression.expression, visit);
      return;
  }
}

export function comparisonUses(c: Comparison, name: string): boolean {
  const o = c.operand;
  if (!o) return false;
  if (o.kind === 'parameter') return o.name === name;
  if (o.kind === 'range') return (o.lower?.kind === 'parameter' && o.lower.name === name) || (o.upper?.kind === 'parameter' && o.upper.name === name);
  return false;
}

/** The field a comparison's path ends on, or undefined. */
export function comparedField(scope: QueryScope, c: Comparison): FieldDef | undefined {
  const path = c.path;
  if (!path || path.incomplete) return undefined;
  const walk = scope.walk(path.alias?.name, path.segments.map((s) => s.name));
  const last = walk.steps[walk.steps.length - 1];
  return walk.steps.length === path.segments.length && last?.lookup?.kind === 'field' ? last.lookup.field : undefined;
}

/**
 * The fields `@name` is compared with in the queries that see the variable declared in `block`:
 * that block's own query, or for a file variable every query that does not shadow it.
 */
export function fieldsComparedWith(doc: NoarkqDocument, block: DocumentBlock, name: string, model: NoarkModel): FieldDef[] {
  const fields: FieldDef[] = [];
  addFieldsOfBlock(block, name, model, fields);
  if (block.index >= 0) return fields;
  // A text search skips the blocks that never mention the parameter without walking their ASTs.
  const needle = `@${name}`;
  const blocks = doc.blocks;
  let using = 0;
  for (let i = 0; i < blocks.length && fields.length < maxFields && using < maxUsingBlocks; i++) {
    const b = blocks[i];
    if (b.parsed.request?.kind !== 'query' || !b.parsed.text.includes(needle) || declares(b, name)) continue;
    using++;
    addFieldsOfBlock(b, name, model, fields);
  }
  return fields;
}

/** The block declares its own variable `name`, which shadows the file variable. */
function declares(block: DocumentBlock, name: string): boolean {
  const variables = block.parsed.variables;
  for (let i = 0; i < variables.length; i++) if (variables[i].name === name && !variables[i].misplaced) return true;
  return false;
}

function addFieldsOfBlock(block: DocumentBlock, name: string, model: NoarkModel, fields: FieldDef[]): void {
  const request = block.parsed.request;
  if (request?.kind !== 'query' || !request.query.where?.expression) return;
  let scope: QueryScope | undefined;
  forEachComparison(request.query.where.expression, (c) => {
    if (fields.length >= maxFields || !comparisonUses(c, name)) return;
    scope ??= new QueryScope(request.query, model);
    const field = comparedField(scope, c);
    if (field && !fields.includes(field)) fields.push(field);
  });
}
