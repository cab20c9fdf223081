/**
 * Response shapes for people: the members a completion after `{{block.` offers, and the one-line
 * markdown a hover on a reference shows (`string` — id of a Saksmappe).
 */
import type { NoarkModel } from '../schema/types';
import { propertiesOf } from './referenceResolver';
import type { ResponseShape } from './responseShape';

export interface ShapeMember {
  /** The property name, or `[0]` for an array's items. */
  name: string;
  shape: ResponseShape;
  kind: 'property' | 'index';
}

/** What can follow a path that ends on `shape`: its properties (or keys), or `[0]` on an array. */
export function shapeMembers(shape: ResponseShape): ShapeMember[] {
  if (shape.kind === 'array') return [{ name: '[0]', shape: shape.items, kind: 'index' }];
  const props = propertiesOf(shape);
  if (!props) return [];
  return Object.entries(props).map(([name, member]) => ({ name, shape: member, kind: 'property' }));
}

/** A markdown one-liner: the JSON type in backticks, then what it is. */
export function describeShape(shape: ResponseShape, model: NoarkModel): string {
  const type = typeText(shape, model);
  const what = meaning(shape, model);
  return what ? `\`${type}\` — ${what}` : `\`${type}\``;
}

function typeText(shape: ResponseShape, model: NoarkModel): string {
  switch (shape.kind) {
    case 'value':
      return shape.type === 'unknown' ? 'any' : shape.type;
    case 'entity':
      return shape.entityType;
    case 'array':
      return `${typeText(shape.items, model)}[]`;
    case 'keyed':
    case 'object':
      return 'object';
  }
}

function meaning(shape: ResponseShape, model: NoarkModel): string | undefined {
  if (shape.kind === 'value' && shape.idOf) {
    const title = model.getType(shape.idOf)?.title;
    return `id of ${article(shape.idOf)} ${shape.idOf}${title ? ` (${title})` : ''}`;
  }
  if (shape.kind === 'entity') {
    const def = model.getType(shape.entityType);
    const title = def?.title ? ` (${def.title})` : '';
    const base = shape.description ?? `${article(shape.entityType)} ${shape.entityType}`;
    return `${base}${title}: \`{type, id, version, fields, links}\``;
  }
  if (shape.kind === 'keyed' && shape.description === undefined) {
    const keys = Object.keys(shape.entries);
    return keys.length > 0 ? `keyed by ${keys.map((k) => `\`${k}\``).join(', ')}` : 'empty';
  }
  return shape.description;
}

function article(word: string): string {
  return /^[AEIOUÆØÅaeiouæøå]/.test(word) ? 'an' : 'a';
}
