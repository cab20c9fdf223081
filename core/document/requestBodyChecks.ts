/**
 * An HTTP request's JSON body against its endpoint's body shape (`requestBodyShapes.ts`):
 * the body is an object, its keys are known, required keys are there, values have the right JSON
 * type and, where the spec or vendor gives them, one of the allowed values (or entity types) and
 * within the number range; a query's sort fields and join paths are resolved on its `type`
 * (`queryBodyPaths.ts`). `{{references}}` are treated as
 * the transaction checker treats them: a string that is exactly one reference takes the
 * referenced value's type at run time, so it is not checked; a string with a reference inside is
 * text whose final value is unknown, so only its being a string is checked.
 */
import type { Node as JsonNode } from 'jsonc-parser';
import type { Fix, NoarkqDiagnostic, Span } from '../diagnostics';
import type { NoarkModel } from '../schema/types';
import { didYouMean } from '../text/didYouMean';
import { coerceScalar } from '../scalarCoercion';
import { DocumentCodes } from './documentCodes';
import { fullTextExpandKeys, fullTextKeyOf } from './fullTextSearchTerms';
import type { HttpRequestSyntax, JsonBody } from './documentModel';
import { checkQueryBodyPaths, type QueryBodyPath } from './queryBodyPaths';
import { describeBodyType, type BodyKeyShape, type BodyValueShape, type RequestBodyShape } from './requestBodyShapes';

/** Allowed values listed in a message; longer lists are cut with "...". */
const maxListed = 12;

/** What one body check carries along: paths on the body's `type` are gathered during the walk and
 * resolved at the end, when the whole body (its `type`, all its `joins`) is known. */
interface BodyCheck {
  model: NoarkModel;
  out: NoarkqDiagnostic[];
  paths: QueryBodyPath[];
}

export function checkRequestBody(body: JsonBody, shape: RequestBodyShape, model: NoarkModel, out: NoarkqDiagnostic[]): void {
  const tree = body.tree;
  // A body with syntax errors is left to them, as for transactions.
  if (!tree || body.hasSyntaxErrors) return;
  const where = `${shape.method} ${shape.endpoint}`;
  if (tree.type !== 'object') {
    out.push({
      code: DocumentCodes.bodyNotObject,
      severity: 'error',
      ...spanOf(tree),
      message: `The body of ${where} is a JSON object: write \`{ ${shape.keys.map((k) => `"${k.name}": ...`).slice(0, 3).join(', ')} }\`.`,
    });
    return;
  }
  const check: BodyCheck = { model, out, paths: [] };
  checkObject(tree, shape.keys, where, check);
  if (check.paths.length > 0) checkQueryBodyPaths(tree, check.paths, model, out);
}

/** A request whose endpoint needs keys in its body, written with no body at all. */
export function checkMissingBody(request: HttpRequestSyntax, shape: RequestBodyShape, out: NoarkqDiagnostic[]): void {
  const required = shape.keys.filter((k) => k.required).map((k) => `"${k.name}"`);
  const at = request.target ?? request.path;
  if (request.body || required.length === 0 || !at) return;
  out.push({
    code: DocumentCodes.bodyMissingKey,
    severity: 'error',
    start: at.start,
    end: at.end,
    message: `${shape.method} ${shape.endpoint} needs a JSON body with ${required.join(' and ')}: write it on the lines after the request, e.g. \`{ ${required.map((k) => `${k}: ...`).join(', ')} }\`.`,
  });
}

function checkObject(node: JsonNode, keys: readonly BodyKeyShape[], where: string, check: BodyCheck): void {
  const out = check.out;
  const present = new Set((node.children ?? []).map((p) => String(p.children?.[0]?.value)));
  for (const prop of node.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    if (!keyNode) continue;
    const name = String(keyNode.value);
    const key = keys.find((k) => k.name === name);
    if (!key) {
      out.push(unknownKey(keyNode, name, keys, where, present));
      continue;
    }
    if (valueNode) checkValue(valueNode, key, `\`${name}\``, check);
  }
  const missing = keys.filter((k) => k.required && !present.has(k.name));
  if (missing.length > 0) {
    const names = missing.map((k) => `"${k.name}"`).join(', ');
    out.push({
      code: DocumentCodes.bodyMissingKey,
      severity: 'error',
      start: node.offset,
      end: node.offset + 1,
      message: `${capitalized(where)} needs ${names} in this object: add ${missing.map((k) => `"${k.name}": ${placeholder(k)}`).join(', ')}.`,
    });
  }
}

function unknownKey(keyNode: JsonNode, name: string, keys: readonly BodyKeyShape[], where: string, present: ReadonlySet<string>): NoarkqDiagnostic {
  const candidates = keys.map((k) => k.name).filter((k) => !present.has(k));
  const suggestion = didYouMean(name, candidates);
  const fixes: Fix[] | undefined = suggestion
    ? [{ title: `Change to "${suggestion}"`, preferred: true, edits: [{ ...spanOf(keyNode), newText: JSON.stringify(suggestion) }] }]
    : undefined;
  return {
    code: DocumentCodes.bodyUnknownKey,
    severity: 'warning',
    ...spanOf(keyNode),
    message: suggestion
      ? `${capitalized(where)} takes no \`${name}\`: did you mean \`${suggestion}\`?`
      : `${capitalized(where)} takes no \`${name}\`; remove it, or use one of ${keys.map((k) => k.name).join(', ')}.`,
    fixes,
  };
}

function checkValue(node: JsonNode, shape: BodyValueShape, label: string, check: BodyCheck, mapKey?: JsonNode): void {
  if (shape.type === 'any') return;
  if (shape.singleItemAlone && shape.items && node.type !== 'array' && node.type !== 'null') {
    checkValue(node, shape.items, label, check);
    return;
  }
  // Every alias of `joins` counts as defined, even one whose path cannot be read here.
  if (shape.modelPath === 'join' && mapKey) check.paths.push({ kind: 'join', alias: mapKey, value: node });
  const out = check.out;
  if (node.type === 'string' && typeof node.value === 'string') {
    if (isWholeReference(node.value)) return;
    // Text with a reference inside: a string, but its final value is not known here.
    if (node.value.includes('{{')) return;
  }
  if (shape.type === 'scalar') {
    if (node.type !== 'string' && node.type !== 'number' && node.type !== 'boolean' && node.type !== 'null') check.out.push(wrongType(node, shape, label));
    return;
  }
  let scalar = node.value as unknown;
  if (node.type !== shape.type) {
    // null is how JSON says "not set"; the archive treats it as the key left out.
    if (node.type === 'null') return;
    const converted = shape.type === 'string' || shape.type === 'number' || shape.type === 'boolean' ? coerceScalar(node.value, shape.type) : undefined;
    if (converted?.kind !== 'coerced') {
      out.push(wrongType(node, shape, label));
      return;
    }
    // The archive converts it (the vendor's raw PHP sends `"limit": "100"`): say so, then judge
    // the converted value like any other.
    out.push(coerced(node, shape, converted.value, label));
    scalar = converted.value;
  }
  switch (shape.type) {
    case 'string':
      checkAllowed(node, String(scalar), shape, label, check.model, out);
      if (shape.modelPath === 'sort' && node.type === 'string') check.paths.push({ kind: 'sort', value: node });
      if (shape.modelPath === 'expression' && node.type === 'string') check.paths.push({ kind: 'expression', value: node });
      return;
    case 'number':
      if (shape.minimum !== undefined && typeof scalar === 'number' && scalar < shape.minimum) out.push(tooSmall(node, scalar, shape.minimum, shape.maximum, label));
      else if (shape.maximum !== undefined && typeof scalar === 'number' && scalar > shape.maximum) {
        out.push({
          code: DocumentCodes.bodyValueTooLarge,
          severity: 'warning',
          ...spanOf(node),
          message: `${capitalized(label)} is at most ${shape.maximum}: lower it and page with \`offset\` (the next page starts at offset + limit).`,
          fixes: [{ title: `Change to ${shape.maximum}`, preferred: true, edits: [{ ...spanOf(node), newText: String(shape.maximum) }] }],
        });
      }
      return;
    case 'object':
      if (shape.keys) checkObject(node, shape.keys, label, check);
      else if (shape.entries) {
        for (const prop of node.children ?? []) {
          const [keyNode, valueNode] = prop.children ?? [];
          if (keyNode && valueNode) checkValue(valueNode, shape.entries, `${label} › \`${String(keyNode.value)}\``, check, keyNode);
        }
      }
      return;
    case 'array':
      if (shape.items) for (const item of node.children ?? []) checkValue(item, shape.items, `an item of ${label}`, check);
      return;
    default:
      return;
  }
}

function checkAllowed(node: JsonNode, value: string, shape: BodyValueShape, label: string, model: NoarkModel, out: NoarkqDiagnostic[]): void {
  let allowed: readonly string[] | undefined = shape.allowedValues;
  if (shape.queryableType) allowed = model.types.filter((t) => t.queryable).map((t) => t.name);
  else if (shape.entityType) allowed = model.types.map((t) => t.name);
  else if (shape.fullTextExpandType) allowed = model.types.map((t) => t.name).filter((name) => fullTextKeyOf(model, name));
  if (!allowed || allowed.includes(value)) return;
  // A concrete type where the endpoint takes its abstract supertype (bulk close of a Saksmappe):
  // the supertype is what to write, not the nearest spelling.
  const supertype = model.getType(value)?.supertypes.find((t) => allowed.includes(t));
  const suggestion = supertype ?? didYouMean(value, allowed);
  const listed = allowed.length > maxListed ? `${allowed.slice(0, maxListed).join(', ')}, ...` : allowed.join(', ');
  out.push({
    code: DocumentCodes.bodyValueNotAllowed,
    severity: 'error',
    ...spanOf(node),
    message:
      `${capitalized(label)} cannot be "${value}"` +
      (supertype ? `: ${article(value)} is ${article(supertype)}, so write "${supertype}".` : suggestion ? `: did you mean "${suggestion}"?` : '.') +
      (shape.fullTextExpandType
        ? ` Write a type a full-text hit expands: ${fullTextExpandKeys.join(', ')}, or a concrete type of one.`
        : shape.queryableType || shape.entityType
          ? ` Write an entity type of the archive (${listed}).`
          : ` Write one of ${listed}.`),
    fixes: suggestion ? [{ title: `Change to "${suggestion}"`, preferred: true, edits: [{ ...spanOf(node), newText: JSON.stringify(suggestion) }] }] : undefined,
  });
}

/** A number below the smallest the endpoint takes (a log's `limit` of 0). A negative number is
 * most likely the wanted count with a stray sign, as the QUERY checker reads a negative LIMIT. */
function tooSmall(node: JsonNode, value: number, minimum: number, maximum: number | undefined, label: string): NoarkqDiagnostic {
  const fixed = value < 0 && -value >= minimum ? Math.min(-value, maximum ?? -value) : minimum;
  const range = maximum !== undefined ? `a number from ${minimum} to ${maximum}` : `${minimum} or more`;
  return {
    code: DocumentCodes.bodyValueNotAllowed,
    severity: 'error',
    ...spanOf(node),
    message: `${capitalized(label)} is at least ${minimum}, not ${value}: write ${range} (leave it out for the default).`,
    fixes: [{ title: `Change to ${fixed}`, preferred: true, edits: [{ ...spanOf(node), newText: String(fixed) }] }],
  };
}

function coerced(node: JsonNode, shape: BodyValueShape, value: string | number | boolean, label: string): NoarkqDiagnostic {
  const canonical = JSON.stringify(value);
  return {
    code: DocumentCodes.bodyValueCoerced,
    severity: 'warning',
    ...spanOf(node),
    message: `${capitalized(label)} is ${article(describeBodyType(shape))}; the archive converts this ${node.type}, but send ${canonical}.`,
    fixes: [{ title: `Change to ${canonical}`, preferred: true, edits: [{ ...spanOf(node), newText: canonical }] }],
  };
}

function wrongType(node: JsonNode, shape: BodyValueShape, label: string): NoarkqDiagnostic {
  const fixed = convertedText(node, shape);
  return {
    code: DocumentCodes.bodyValueType,
    severity: 'error',
    ...spanOf(node),
    message: `${capitalized(label)} is ${article(describeBodyType(shape))}, not ${article(node.type)}: ${fixed !== undefined ? `write ${fixed}` : `write ${placeholder(shape)}`}.`,
    fixes: fixed !== undefined ? [{ title: `Change to ${fixed}`, preferred: true, edits: [{ ...spanOf(node), newText: fixed }] }] : undefined,
  };
}

/** The value rewritten in the expected type when that is obvious (`"10"` → `10`). */
function convertedText(node: JsonNode, shape: BodyValueShape): string | undefined {
  const v = node.value;
  if (shape.type === 'number' && node.type === 'string' && /^-?\d+(\.\d+)?$/.test(String(v).trim())) return String(v).trim();
  if (shape.type === 'boolean' && node.type === 'string' && (v === 'true' || v === 'false')) return String(v);
  if (shape.type === 'string' && (node.type === 'number' || node.type === 'boolean')) return JSON.stringify(String(v));
  return undefined;
}

function placeholder(shape: BodyValueShape): string {
  switch (shape.type) {
    case 'string':
      return shape.allowedValues ? `"${shape.allowedValues[0]}"` : '"..."';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return '[ ... ]';
    case 'object':
      return '{ ... }';
    default:
      return 'a value';
  }
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function article(type: string): string {
  return /^[aeiouAEIOU]/.test(type) ? `an ${type}` : `a ${type}`;
}

function isWholeReference(text: string): boolean {
  return /^\{\{[^{}]+\}\}$/.test(text.trim());
}

function spanOf(node: JsonNode): Span {
  return { start: node.offset, end: node.offset + node.length };
}
