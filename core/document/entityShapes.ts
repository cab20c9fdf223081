/**
 * The shape of one entity in query results and transaction `saved` maps (spec: `{type, id,
 * version, fields, links}`), built from the model once per model and type: a hover or a
 * completion per keystroke must not rebuild forty field shapes.
 */
import type { EntityObject } from '../api/entityBodies';
import type { FieldDef, NoarkModel } from '../schema/types';
import type { ResponsePropertiesOf, ResponseShape } from './responseShape';

const cache = new WeakMap<NoarkModel, Map<string, Readonly<Record<string, ResponseShape>>>>();

/** An entity of `typeName`, with its members filled in from the model. */
export function entityShape(model: NoarkModel, typeName: string, description?: string): ResponseShape {
  return { kind: 'entity', entityType: typeName, description, properties: entityProperties(model, typeName) };
}

/** `type`, `id`, `version`, `fields`, `links` of an entity of `typeName`. An unknown type gets
 * open `fields` and `links`: the query or transaction checker already reports the type. */
export function entityProperties(model: NoarkModel, typeName: string): Readonly<Record<string, ResponseShape>> {
  let perModel = cache.get(model);
  if (!perModel) {
    perModel = new Map();
    cache.set(model, perModel);
  }
  let props = perModel.get(typeName);
  if (!props) {
    props = buildProperties(model, typeName);
    perModel.set(typeName, props);
  }
  return props;
}

/** The five members every entity has, without anything from the model. */
export function genericEntityProperties(typeName: string | undefined): Record<string, ResponseShape> {
  const article = typeName ? ` of the ${typeName}` : '';
  const properties: ResponsePropertiesOf<EntityObject> = {
    type: { kind: 'value', type: 'string', description: 'the concrete entity type' },
    id: { kind: 'value', type: 'string', description: `numeric id${article}` },
    version: { kind: 'value', type: 'string', description: 'optimistic-locking version' },
    fields: { kind: 'object', properties: {}, open: true, description: 'every non-reference field' },
    links: { kind: 'object', properties: {}, open: true, description: 'the important references: name → id' },
  };
  return properties;
}

function buildProperties(model: NoarkModel, typeName: string): Readonly<Record<string, ResponseShape>> {
  const type = model.getType(typeName);
  const props = genericEntityProperties(typeName);
  if (!type) return props;
  const concrete = type.abstract ? model.concreteTypes(typeName) : [typeName];
  const defs = [type, ...concrete.map((c) => model.getType(c)).filter((t) => t !== undefined)];
  // An abstract type's results are any of its subtypes: their members are the union, and the
  // list stays open where one subtype's list is not known to be complete.
  const open = type.abstract || defs.some((t) => !t.fieldsComplete);

  const fields: Record<string, ResponseShape> = {};
  const links: Record<string, ResponseShape> = {};
  for (const t of defs) {
    for (const f of t.fields) if (!(f.name in fields)) fields[f.name] = fieldShape(f, onlyIn(model, type.abstract, typeName, f.name));
    for (const r of t.references) {
      if (!r.returned || r.name in links) continue;
      links[r.name] = { kind: 'value', type: 'string', idOf: r.target, description: `id of the linked ${r.target}${onlyIn(model, type.abstract, typeName, r.name)}` };
    }
  }
  const subject = type.abstract ? `${typeName} (${concrete.join(', ')})` : typeName;
  props.type = { kind: 'value', type: 'string', description: type.abstract ? `the concrete type: one of ${concrete.join(', ')}` : `\`${typeName}\`` };
  props.id = { kind: 'value', type: 'string', idOf: typeName, description: `numeric id of the ${typeName}` };
  props.fields = { kind: 'object', properties: fields, open, description: `every non-reference field of the ${subject}` };
  props.links = { kind: 'object', properties: links, open, description: `the ${subject}'s important references: name → id` };
  return props;
}

/** ` (Journalpost, Moeteregistrering)` for a member only some subtypes of an abstract type have. */
function onlyIn(model: NoarkModel, abstract: boolean, typeName: string, member: string): string {
  if (!abstract) return '';
  const found = model.lookupMember(typeName, member);
  return found?.partial ? ` (${found.presentIn.join(', ')} only)` : '';
}

function fieldShape(f: FieldDef, where: string): ResponseShape {
  const note = f.notes ? ` — ${f.notes}` : '';
  const description = (kind: string): string => `${kind}${f.name}${where}${note}`;
  switch (f.type) {
    case 'number':
      return { kind: 'value', type: 'number', description: description('field '), field: f };
    case 'boolean':
      return { kind: 'value', type: 'boolean', description: description('field '), field: f };
    case 'object':
      return { kind: 'object', properties: {}, open: true, description: description('field ') };
    case 'date':
      return { kind: 'value', type: 'string', description: description('date (`yyyy-MM-dd`) field '), field: f };
    case 'timestamp':
      return { kind: 'value', type: 'string', description: description('timestamp field '), field: f };
    default:
      return { kind: 'value', type: 'string', description: description('field '), field: f };
  }
}
