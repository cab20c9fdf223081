/**
 * Completion on HTTP requests: endpoint paths after `GET|POST|PUT|DELETE ` (only the endpoints
 * that take the method, path parameters as snippet placeholders), and inside a JSON body the
 * endpoint's keys and the values of keys with a closed set (entity types and a query's sortable
 * fields among them). The body location comes from jsonc-parser's `getLocation`, which reads
 * incomplete JSON, as for TRANSACTION bodies.
 */
import { findNodeAtLocation, getLocation, type JSONPath } from 'jsonc-parser';
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import {
  apiEndpoints,
  bodyShapeAt,
  bodyShapeOfRequest,
  fullTextExpandKeys,
  fullTextFilterField,
  fullTextFilterNames,
  fullTextKeyOf,
  requestBodyShape,
  type BodyKeyShape,
  type BodyValueShape,
  type EndpointDef,
  type HttpRequestSyntax,
  type RequestBodyShape,
} from '../../document';
import { bodyKeyDetail, bodyKeyMarkdown } from '../hover/bodyKeyMarkdown';
import { codeValueItems, fieldItem, makeItem, rank, typeItem } from './completionItems';
import { noCompletions, type CompletionResult, type CompletionSite } from './completionSite';
import { jsonSlot, maskedBody, type JsonSlot } from './transactionCompletion';

const quoted = (s: string): string => JSON.stringify(s);

/** The endpoint path on the request line, when the cursor is in it (or where it goes). */
export function endpointPathCompletions(site: CompletionSite, request: HttpRequestSyntax): CompletionResult {
  const text = site.text;
  let start = request.keyword.end;
  while (start < site.offset && (text[start] === ' ' || text[start] === '\t')) start++;
  if (start === request.keyword.end) return noCompletions;
  let end = start;
  while (end < site.lineEnd && !/[\s?]/.test(text[end])) end++;
  if (site.offset > end) return noCompletions;
  const replace = { start, end };
  const items = apiEndpoints
    .filter((e) => e.methods.includes(request.method))
    .map((e, i) =>
      makeItem(site, {
        label: e.path,
        kind: CompletionItemKind.Module,
        replace,
        newText: pathSnippet(e.path),
        snippet: e.path.includes('{'),
        filterText: e.path,
        detail: `${request.method} ${e.path}`,
        documentation: endpointMarkdown(e, requestBodyShape(request.method, e.path), request.method),
        sortText: rank(0, String(i).padStart(3, '0')),
      }),
    );
  return { items, isIncomplete: false };
}

/** `bsm-registry/group/{groupId}` → `bsm-registry/group/${1:groupId}`. */
function pathSnippet(path: string): string {
  let n = 0;
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => `\${${++n}:${name}}`);
}

function endpointMarkdown(endpoint: EndpointDef, shape: RequestBodyShape | undefined, method: string): string {
  const takesBody = endpoint.takesBody && method !== 'DELETE';
  if (!takesBody) return `\`${method} ${endpoint.path}\` takes no body.`;
  if (!shape) return `\`${method} ${endpoint.path}\` takes a JSON body.`;
  return `\`${method} ${endpoint.path}\` takes a JSON object: ${shape.keys.map((k) => `\`${k.name}\`${k.required ? ' (required)' : ''}`).join(', ')}.`;
}

/** Keys and values inside the body of an HTTP request whose endpoint has a body shape. */
export function httpBodyCompletions(site: CompletionSite, request: HttpRequestSyntax): CompletionResult {
  const shape = bodyShapeOfRequest(request);
  if (!shape) return noCompletions;
  const bodyStart = request.line.end;
  const next = site.block.parsed.requests.find((r) => r.start > request.start);
  const bodyEnd = next ? next.start : site.text.length;
  if (site.offset < bodyStart || site.offset > bodyEnd) return noCompletions;
  const location = getLocation(maskedBody(site, bodyStart, bodyEnd), site.offset - bodyStart);
  const slot = jsonSlot(site);
  if (location.isAtPropertyKey) {
    const objectPath = location.path.slice(0, -1);
    const target = bodyShapeAt(shape, objectPath);
    if (target?.value.fullTextFilterKeys) return { items: filterKeyItems(site, slot, request, objectPath), isIncomplete: false };
    if (!target?.value.keys) return noCompletions;
    const present = presentKeys(request, objectPath, String(location.path[location.path.length - 1] ?? ''));
    const items = target.value.keys.filter((k) => !present.has(k.name)).map((k, i) => keyItem(site, slot, k, shape, i));
    return { items, isIncomplete: false };
  }
  if (location.path.length === 0) return noCompletions;
  const target = bodyShapeAt(shape, location.path);
  return target ? { items: valueItems(site, slot, target.value, request), isIncomplete: false } : noCompletions;
}

/** The sortable fields of the body's `type` (none while the type is unknown): what the query
 * checker accepts in SORT, without the paths through references, which the user spells out. */
function sortFieldItems(site: CompletionSite, slot: JsonSlot, request: HttpRequestSyntax): CompletionItem[] {
  const tree = request.body?.tree;
  const typeNode = tree && findNodeAtLocation(tree, ['type']);
  const model = site.context.model;
  const type = typeof typeNode?.value === 'string' ? model.getType(typeNode.value) : undefined;
  if (!type) return [];
  const items: CompletionItem[] = [];
  for (const name of model.memberNames(type.name)) {
    const lookup = model.lookupMember(type.name, name);
    if (lookup?.kind !== 'field' || !lookup.field.sortable || !lookup.field.queryable) continue;
    items.push(fieldItem(site, lookup.field, type.name, slot.replace, (lookup.field.indexed ? 1 : 2) + (lookup.partial ? 10 : 0), { newText: quoted(name), filterText: quoted(name) }, lookup));
  }
  return items;
}

/** Full-text filter names (`Journalpost.journalposttype`): each expandable type's fields. */
function filterKeyItems(site: CompletionSite, slot: JsonSlot, request: HttpRequestSyntax, objectPath: JSONPath): CompletionItem[] {
  const model = site.context.model;
  const present = presentKeys(request, objectPath, '');
  const items: CompletionItem[] = [];
  for (const name of fullTextFilterNames(model)) {
    if (present.has(name)) continue;
    const target = fullTextFilterField(model, name);
    if (!target) continue;
    const lookup = model.lookupMember(target.key, target.field);
    if (lookup?.kind !== 'field') continue;
    const newText = slot.followedByColon ? quoted(name) : `${quoted(name)}: [$1]`;
    items.push(fieldItem(site, lookup.field, target.key, slot.replace, lookup.field.indexed ? 1 : 2, { newText, filterText: quoted(name), label: name, snippet: !slot.followedByColon, sortText: rank(lookup.field.indexed ? 1 : 2, name) }, lookup));
  }
  return items;
}

/** Keys already written in the object at `path`, except the one being typed. */
function presentKeys(request: HttpRequestSyntax, path: JSONPath, typing: string): Set<string> {
  const tree = request.body?.tree;
  const node = tree && (path.length === 0 ? tree : findNodeAtLocation(tree, path));
  const present = new Set<string>();
  if (node?.type !== 'object') return present;
  for (const prop of node.children ?? []) {
    const name = prop.children?.[0]?.value;
    if (typeof name === 'string' && name !== typing) present.add(name);
  }
  return present;
}

function keyItem(site: CompletionSite, slot: JsonSlot, key: BodyKeyShape, shape: RequestBodyShape, index: number): CompletionItem {
  const closed = key.allowedValues !== undefined || key.queryableType === true || key.modelPath === 'sort';
  return makeItem(site, {
    label: key.name,
    kind: CompletionItemKind.Property,
    replace: slot.replace,
    newText: slot.followedByColon ? quoted(key.name) : `${quoted(key.name)}: ${valueSnippet(key)}`,
    snippet: !slot.followedByColon,
    filterText: quoted(key.name),
    detail: bodyKeyDetail(key),
    documentation: bodyKeyMarkdown(key, shape),
    sortText: rank(key.required ? 0 : 1, String(index).padStart(3, '0')),
    retrigger: closed && !slot.followedByColon,
  });
}

function valueSnippet(shape: BodyValueShape): string {
  switch (shape.type) {
    case 'string':
      return '"$1"';
    case 'boolean':
      return '${1|true,false|}';
    case 'array':
      return '[$1]';
    case 'object':
      return '{$1}';
    default:
      return '$1';
  }
}

function valueItems(site: CompletionSite, slot: JsonSlot, shape: BodyValueShape, request: HttpRequestSyntax): CompletionItem[] {
  const model = site.context.model;
  if (shape.queryableType || shape.entityType) {
    return model.types.filter((t) => t.queryable || shape.entityType).map((t) => typeItem(site, t, model, slot.replace, t.abstract ? 1 : 0, quoted));
  }
  if (shape.fullTextExpandType) {
    // The vendor's own list first; the concrete types narrow one of them.
    return model.types
      .filter((t) => fullTextKeyOf(model, t.name))
      .map((t) => typeItem(site, t, model, slot.replace, (fullTextExpandKeys as readonly string[]).includes(t.name) ? 0 : 1, quoted));
  }
  if (shape.modelPath === 'sort') return sortFieldItems(site, slot, request);
  if (shape.allowedValues) {
    const set = { listName: undefined, values: shape.allowedValues.map((code) => ({ code, name: code })), defaultCode: undefined, live: false };
    return codeValueItems(site, set, slot.replace, quoted, shape.allowedValues.length).items;
  }
  if (shape.type === 'boolean' && !slot.inString) {
    return ['true', 'false'].map((v, i) => makeItem(site, { label: v, kind: CompletionItemKind.Value, replace: slot.replace, sortText: rank(0, String(i)) }));
  }
  return [];
}
