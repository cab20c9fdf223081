/** Hover on the keys of an HTTP request's JSON body: type, required or not, and the spec's note. */
import { findNodeAtOffset, type JSONPath, type Node as JsonNode } from 'jsonc-parser';
import { bodyShapeAt, bodyShapeOfRequest, type HttpRequestSyntax } from '../../document';
import { bodyKeyMarkdown } from './bodyKeyMarkdown';
import type { HoverFound, HoverSite } from './hoverResult';

export function httpBodyHover(site: HoverSite, request: HttpRequestSyntax): HoverFound | undefined {
  const tree = request.body?.tree;
  const shape = bodyShapeOfRequest(request);
  if (!tree || !shape) return undefined;
  const node = findNodeAtOffset(tree, site.offset, false);
  const property = node?.parent;
  if (!node || node.type !== 'string' || property?.type !== 'property' || property.children?.[0] !== node) return undefined;
  const found = bodyShapeAt(shape, pathOf(node));
  if (!found?.key) return undefined;
  return { markdown: bodyKeyMarkdown(found.key, shape), span: { start: node.offset, end: node.offset + node.length } };
}

/** The JSON path of a property key: the keys and indexes from the root down to it. */
function pathOf(keyNode: JsonNode): JSONPath {
  const path: JSONPath = [];
  let child: JsonNode = keyNode;
  let current = keyNode.parent;
  while (current) {
    if (current.type === 'property') {
      const key = current.children?.[0];
      if (key && typeof key.value === 'string') path.unshift(key.value);
    } else if (current.type === 'array') {
      path.unshift(current.children?.indexOf(child) ?? 0);
    }
    child = current;
    current = current.parent;
  }
  return path;
}
