/**
 * A `POST query` body judged by the query checker itself: `sortOrder[].field` and the values of
 * `joins` become a QUERY request's SORT items and JOIN clauses, and the `query` string its WHERE
 * expression with the body's `parameters` as its variables, so that a body and the QUERY it
 * serialises to are judged by the same rules (unknown fields, literals, parameter types, sortable
 * fields, references only in joins, aliases chained from other aliases, cycles). What the checker
 * finds on paths is reported as `noarkq.body-value-not-allowed`, in words that fit JSON; what it
 * finds in the `query` string keeps the query's own codes and the fixes that stay inside it.
 */
import { getNodeValue, type Node as JsonNode } from 'jsonc-parser';
import type { NoarkqDiagnostic, Span } from '../diagnostics';
import type { JsonValue } from '../jsonValue';
import { checkQueryRequest, parseMaskedExpression, type AliasName, type Identifier, type JoinClause, type Path, type QueryRequest, type SortItem, type VariableBinding } from '../query';
import type { NoarkModel } from '../schema/types';
import { DocumentCodes } from './documentCodes';

/** A body value that is a path on the body's `type`, gathered while the body is checked. */
export type QueryBodyPath =
  /** A `joins` entry: `alias` is its key, `value` its value (of any JSON type). */
  | { kind: 'join'; alias: JsonNode; value: JsonNode }
  /** A `sortOrder[].field` string. */
  | { kind: 'sort'; value: JsonNode }
  /** The `query` string. */
  | { kind: 'expression'; value: JsonNode };

/** What the query checker reports on paths. Others do not apply to a body: every alias looks unused
 * (the body's `query` is not parsed here), and a member only some subtypes have is a warning
 * about conditions, not about sorting or joining. */
const reported = new Set(['noarkq.unknown-field', 'noarkq.not-a-reference', 'noarkq.sort-on-reference', 'noarkq.sort-not-sortable', 'noarkq.alias-undefined', 'noarkq.alias-cycle']);

const pathPattern = /^(#[A-Za-z0-9_]+|[A-Za-z][A-Za-z0-9_]*)(\.[A-Za-z][A-Za-z0-9_]*)*$/;

export function checkQueryBodyPaths(tree: JsonNode, paths: readonly QueryBodyPath[], model: NoarkModel, out: NoarkqDiagnostic[]): void {
  // Paths mean nothing without a known type; an unknown `type` is reported on its own.
  const typeNode = propertyValue(tree, 'type');
  const typeSpan = typeNode && plainString(typeNode);
  const typeDef = typeSpan && model.getType(typeSpan.name);
  if (!typeSpan || !typeDef?.queryable) return;

  const request: QueryRequest = {
    keyword: { start: tree.offset, end: tree.offset },
    type: typeSpan,
    clauseInsertOffset: tree.offset,
    clauseInsertNeedsNewline: false,
    joins: [],
    start: tree.offset,
    end: tree.offset + tree.length,
  };
  const sortItems: SortItem[] = [];
  /** An alias key that cannot be read (a `{{reference}}`): any alias may be the one it defines. */
  let unreadableAlias = false;
  let expressionSpan: Span | undefined;
  for (const p of paths) {
    if (p.kind === 'join') {
      const key = plainString(p.alias);
      if (!key) {
        unreadableAlias = true;
        continue;
      }
      const alias: AliasName = key.name.startsWith('#') ? { name: key.name.slice(1), start: key.start, end: key.end } : key;
      const join: JoinClause = { keyword: alias, line: alias, alias, start: alias.start, end: alias.end };
      const value = p.value.type === 'string' ? plainString(p.value) : undefined;
      // A value the checker cannot read leaves the alias defined but unresolved: paths through it
      // are not judged.
      if (value) join.path = readPath(value, p.value, 'join', out);
      request.joins.push(join);
    } else if (p.kind === 'sort') {
      const value = plainString(p.value);
      const path = value && readPath(value, p.value, 'sort', out);
      if (path) sortItems.push({ path, order: 'asc', start: path.start, end: path.end });
    } else {
      // A string with escapes or a {{reference}} is left alone: its text is not what is sent.
      const value = plainString(p.value);
      if (!value || value.name.trim() === '') continue;
      const parsed = parseMaskedExpression(value.name, value.start);
      out.push(...parsed.diagnostics);
      if (parsed.expression) {
        request.where = { keyword: { start: value.start, end: value.start }, expression: parsed.expression, start: value.start, end: value.end };
        expressionSpan = value;
      }
    }
  }
  if (sortItems.length > 0) request.sort = { keyword: typeSpan, items: sortItems, start: sortItems[0].start, end: sortItems[sortItems.length - 1].end };

  const parameters = bodyParameters(propertyValue(tree, 'parameters'));
  for (const d of checkQueryRequest(request, { model, variables: parameters ?? [], parameterValues: 'body' })) {
    if (expressionSpan && d.start >= expressionSpan.start && d.end <= expressionSpan.end) {
      const inQuery = inQueryString(d, expressionSpan, parameters !== undefined);
      if (inQuery) out.push(inQuery);
      continue;
    }
    if (!reported.has(d.code)) continue;
    if (d.code === 'noarkq.alias-undefined' && unreadableAlias) continue;
    out.push({ ...d, code: DocumentCodes.bodyValueNotAllowed, severity: 'error', message: inJsonWords(d) });
  }
}

/**
 * The body's `parameters` as the expression's variables (`"@year": 2024` is `year`), or undefined
 * when they cannot be read (not an object, a key that is no plain `@name`): then any parameter may
 * be defined, and none is reported as missing.
 */
function bodyParameters(node: JsonNode | undefined): VariableBinding[] | undefined {
  if (!node) return [];
  if (node.type !== 'object') return undefined;
  const bindings: VariableBinding[] = [];
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key?.type !== 'string' || typeof key.value !== 'string' || !key.value.startsWith('@') || key.value.includes('{{')) return undefined;
    const raw = value ? (getNodeValue(value) as JsonValue) : null;
    const referenced = JSON.stringify(raw).includes('{{');
    bindings.push({ name: key.value.slice(1), scope: 'environment', value: referenced ? { kind: 'reference', text: JSON.stringify(raw) } : { kind: 'json', value: raw } });
  }
  return bindings;
}

/** A diagnostic of the `query` string as a body's: fixes that edit outside the string are dropped,
 * and a missing parameter is not reported while the parameters cannot be read. */
function inQueryString(d: NoarkqDiagnostic, within: Span, parametersKnown: boolean): NoarkqDiagnostic | undefined {
  if (d.code === 'noarkq.param-undefined' && !parametersKnown) return undefined;
  const fixes = d.fixes?.filter((f) => f.edits.every((e) => e.start >= within.start && e.end <= within.end));
  return { ...d, fixes: fixes && fixes.length > 0 ? fixes : undefined };
}

/** The checker speaks of QUERY lines (`JOIN #k = ...`); a body defines aliases in `joins`. */
function inJsonWords(d: NoarkqDiagnostic): string {
  if (d.code === 'noarkq.alias-undefined') {
    const name = /^#(\S+) is not defined/.exec(d.message)?.[1] ?? 'alias';
    const suggestion = /or use (#\S+?)\.$/.exec(d.message)?.[1];
    return `#${name} is not defined: add \`"#${name}": "<reference path>"\` to \`joins\`${suggestion ? `, or use ${suggestion}` : ''}.`;
  }
  return d.message.replace(/a JOIN path/g, 'a `joins` path');
}

/** A path written in a JSON string, with spans inside the string; reports text that is no path. */
function readPath(text: Identifier, node: JsonNode, kind: 'join' | 'sort', out: NoarkqDiagnostic[]): Path | undefined {
  if (!pathPattern.test(text.name)) {
    out.push({
      code: DocumentCodes.bodyValueNotAllowed,
      severity: 'error',
      start: node.offset,
      end: node.offset + node.length,
      message:
        kind === 'join'
          ? `${JSON.stringify(text.name)} is not a reference path: write reference names joined by \`.\`, from the query type or from another alias (e.g. "refSekundaerKlasse", "#k.refKlassifikasjonssystem").`
          : `${JSON.stringify(text.name)} is not a field name: write a sortable field of the query type (e.g. "id", "tittel").`,
    });
    return undefined;
  }
  const segments: Identifier[] = [];
  let alias: AliasName | undefined;
  let at = text.start;
  text.name.split('.').forEach((part, i) => {
    if (i === 0 && part.startsWith('#')) alias = { name: part.slice(1), start: at, end: at + part.length };
    else segments.push({ name: part, start: at, end: at + part.length });
    at += part.length + 1;
  });
  return { kind: 'path', alias, segments, incomplete: false, start: text.start, end: text.end };
}

function propertyValue(object: JsonNode, name: string): JsonNode | undefined {
  if (object.type !== 'object') return undefined;
  return object.children?.find((p) => p.children?.[0]?.value === name)?.children?.[1];
}

/** A string node's text with its span inside the quotes, when the text is as written: no escape
 * (the spans would drift) and no `{{reference}}` (its value is known only at run time). */
function plainString(node: JsonNode): (Identifier & Span) | undefined {
  if (node.type !== 'string' || typeof node.value !== 'string') return undefined;
  const text = node.value;
  if (node.length !== text.length + 2 || text.includes('{{')) return undefined;
  return { name: text, start: node.offset + 1, end: node.offset + 1 + text.length };
}
