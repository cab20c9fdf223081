/**
 * Builds the exact `POST query` body of a QUERY request. The expression is printed from the AST,
 * which normalises whitespace (one space around binary operators, none inside ranges) and keeps
 * the user's parentheses.
 */
import type { JsonValue } from '../jsonValue';
import type { Bound, Expression, Operand, Parameter, Path, QueryBody, QueryRequest } from './queryAst';

export function pathText(path: Path): string {
  let text = path.alias ? `#${path.alias.name}` : '';
  for (const segment of path.segments) text += text.length > 0 ? `.${segment.name}` : segment.name;
  return text;
}

function boundText(bound: Bound | undefined): string {
  if (!bound) return '';
  return bound.kind === 'parameter' ? `@${bound.name}` : bound.text;
}

function operandText(operand: Operand): string {
  switch (operand.kind) {
    case 'parameter':
      return `@${operand.name}`;
    case 'literal':
      return operand.text;
    case 'range':
      return `${operand.lowerInclusive ? '[' : '{'}${boundText(operand.lower)}:${boundText(operand.upper)}${operand.closed ? (operand.upperInclusive ? ']' : '}') : ''}`;
  }
}

/** The expression as sent in `query`: whitespace normalised, parentheses kept. */
export function expressionText(expression: Expression): string {
  switch (expression.kind) {
    case 'comparison': {
      const parts: string[] = [];
      if (expression.path) parts.push(pathText(expression.path));
      if (expression.operator) parts.push(expression.operator);
      if (expression.operand) parts.push(operandText(expression.operand));
      return parts.join(' ');
    }
    case 'group':
      return `(${expression.expression ? expressionText(expression.expression) : ''}${expression.closed ? ')' : ''}`;
    case 'logical':
      return expression.operands.map(expressionText).join(` ${expression.operator} `);
  }
}

/** Every parameter occurrence in the expression, in text order (repeats included). */
export function collectParameters(expression: Expression | undefined, out: Parameter[] = []): Parameter[] {
  if (!expression) return out;
  switch (expression.kind) {
    case 'comparison': {
      const operand = expression.operand;
      if (!operand) break;
      if (operand.kind === 'parameter') out.push(operand);
      else if (operand.kind === 'range') {
        if (operand.lower?.kind === 'parameter') out.push(operand.lower);
        if (operand.upper?.kind === 'parameter') out.push(operand.upper);
      }
      break;
    }
    case 'group':
      collectParameters(expression.expression, out);
      break;
    case 'logical':
      for (const e of expression.operands) collectParameters(e, out);
  }
  return out;
}

/** The distinct parameter names (without `@`) the request's expression uses, in first-use order:
 * what the caller must resolve before `serializeQuery`. */
export function queryParameterNames(request: QueryRequest): string[] {
  return [...new Set(collectParameters(request.where?.expression).map((p) => p.name))];
}

/**
 * The body of `POST query`. `values` holds the resolved value of every parameter the expression
 * uses, keyed by name without `@`. A missing value is a programming error (the caller resolves
 * parameters first) and throws.
 */
export function serializeQuery(request: QueryRequest, values: ReadonlyMap<string, JsonValue>): QueryBody {
  if (!request.type) throw new Error('serializeQuery: the request has no entity type; check the request before sending it');
  const body: QueryBody = { type: request.type.name };
  const expression = request.where?.expression;
  if (expression) body.query = expressionText(expression);
  const joins: Record<string, string> = {};
  let anyJoin = false;
  for (const join of request.joins) {
    if (!join.alias || !join.path) continue;
    joins[`#${join.alias.name}`] = pathText(join.path);
    anyJoin = true;
  }
  if (anyJoin) body.joins = joins;
  if (expression) {
    const parameters: Record<string, JsonValue> = {};
    let any = false;
    for (const name of queryParameterNames(request)) {
      const value = values.get(name);
      if (value === undefined) throw new Error(`serializeQuery: no value for parameter @${name}; resolve every parameter the query uses before serialising`);
      parameters[`@${name}`] = value;
      any = true;
    }
    if (any) body.parameters = parameters;
  }
  if (request.sort && request.sort.items.length > 0) body.sortOrder = request.sort.items.map((item) => ({ field: pathText(item.path), order: item.order }));
  if (request.limit?.value !== undefined) body.limit = request.limit.value;
  if (request.offset?.value !== undefined) body.offset = request.offset.value;
  if (request.publicUse?.value !== undefined) body.publicUse = request.publicUse.value;
  return body;
}
