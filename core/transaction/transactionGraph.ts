/**
 * The entities and links of one transaction, indexed once so that every later check is a map
 * lookup: which temporary ids are created where, which links touch each new entity, and which
 * link/unlink actions touch the same reference of the same entity.
 */
import type { NoarkqDiagnostic } from '../diagnostics';
import type { EntityTypeDef } from '../schema/types';
import type { ActionSyntax } from './actionReader';
import { spanOf } from './jsonNodes';
import { TxCodes } from './transactionCodes';
import type { IdSyntax } from './transactionIds';

/** An entity created in this transaction: a save with a temporary id. */
export interface NewEntity {
  id: string;
  typeName: string | undefined;
  /** Undefined when the save's type is unknown (already reported). */
  type: EntityTypeDef | undefined;
  firstSave: ActionSyntax;
  /** Every save of this entity with its type: the creation and later updates. */
  saves: ActionSyntax[];
  /** Link actions made from this entity (its `id`). */
  selfLinks: readonly ActionSyntax[];
  /** Link actions of other entities that name this one in `linkToId`, once per time named. */
  incoming: readonly ActionSyntax[];
  /** The last action whose `id` is this entity: new actions about it go after it. */
  lastOwnAction: ActionSyntax;
}

export interface TransactionGraph {
  actions: ActionSyntax[];
  newEntities: Map<string, NewEntity>;
  /** Link actions by entity and reference (`entityKey`), except those of new entities (in
   * `NewEntity.selfLinks`): read them with `linksOf` and `linkGroups`. */
  linksByKey: Map<string, ActionSyntax[]>;
  /** Unlink actions by entity and reference (`entityKey`). */
  unlinksByKey: Map<string, ActionSyntax[]>;
  /** First save of each existing entity (numeric or run-time id), by `type\0id`, built by
   * `firstSaveOfExisting` when a check first asks (only a relink warning does). */
  existingSaves: Map<string, ActionSyntax> | undefined;
  /** Candidate comparisons left for did-you-mean over temporary ids, so that thousands of
   * mistyped ids in a huge transaction cannot make the check quadratic. */
  suggestionBudget: number;
}

export function entityKey(typeName: string, id: string, ref: string): string {
  return `${typeName}\u0000${id}\u0000${ref}`;
}

/** The first save of the existing entity `typeName` `id` (numeric or run-time id). */
export function firstSaveOfExisting(graph: TransactionGraph, typeName: string, id: string): ActionSyntax | undefined {
  let saves = graph.existingSaves;
  if (!saves) {
    saves = new Map();
    for (const action of graph.actions) {
      if (action.verb !== 'save' || !action.id || action.id.kind === 'temp') continue;
      const key = `${action.typeName}\u0000${action.id.text}`;
      if (!saves.has(key)) saves.set(key, action);
    }
    graph.existingSaves = saves;
  }
  return saves.get(`${typeName}\u0000${id}`);
}

/** The link actions, in order, of the entity with `id` (as `typeName`) through reference `ref`. */
export function linksOf(graph: TransactionGraph, typeName: string, id: IdSyntax, ref: string): readonly ActionSyntax[] {
  const own = id.kind === 'temp' ? id.entity : undefined;
  if (!own) return graph.linksByKey.get(entityKey(typeName, id.text, ref)) ?? noActions;
  let links: ActionSyntax[] | undefined;
  for (const link of own.selfLinks) if (link.typeName === typeName && link.ref!.name === ref) (links ??= []).push(link);
  return links ?? noActions;
}

/** Every group of two or more links of one entity through one reference, in order, with its
 * `entityKey`. */
export function linkGroups(graph: TransactionGraph): [string, readonly ActionSyntax[]][] {
  const found: [string, readonly ActionSyntax[]][] = [];
  graph.linksByKey.forEach((links, key) => {
    if (links.length > 1) found.push([key, links]);
  });
  graph.newEntities.forEach((entity) => {
    if (entity.selfLinks.length < 2) return;
    const groups = new Map<string, ActionSyntax[]>();
    for (const link of entity.selfLinks) push(groups, entityKey(link.typeName!, entity.id, link.ref!.name), link);
    groups.forEach((links, key) => {
      if (links.length > 1) found.push([key, links]);
    });
  });
  return found;
}

/** Shared by every new entity until its first link; never written to. */
const noActions: readonly ActionSyntax[] = [];

/** `list` with `action` added: most entities have one link each way, so the first gets an
 * array of exactly one slot (`push` on an empty array reserves 17). */
function append(list: readonly ActionSyntax[], action: ActionSyntax): readonly ActionSyntax[] {
  if (list === noActions) return [action];
  (list as ActionSyntax[]).push(action);
  return list;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildGraph(actions: ActionSyntax[], out: NoarkqDiagnostic[]): TransactionGraph {
  const graph: TransactionGraph = { actions, newEntities: new Map(), linksByKey: new Map(), unlinksByKey: new Map(), existingSaves: undefined, suggestionBudget: 200_000 };
  // Creations first: a link may name an entity saved further down (reported, but still known).
  for (let i = 0; i < actions.length; i++) {
    const action = actions[i];
    const id = action.id;
    if (action.verb !== 'save' || !id) continue;
    if (id.kind !== 'temp') continue;
    const existing = graph.newEntities.get(id.text);
    if (!existing && id.numericLooking) {
      out.push({
        code: TxCodes.numericTempId,
        severity: 'error',
        ...spanOf(id.node),
        message: `"${id.text}" is neither an existing entity's id (digits only) nor a valid temporary id: temporary ids must be non-numeric (rule 7), e.g. "new-${id.text.replace(/[^0-9A-Za-z]/g, '') || 'entity'}".`,
      });
    }
    if (!existing) {
      graph.newEntities.set(id.text, { id: id.text, typeName: action.typeName, type: action.type, firstSave: action, saves: [action], selfLinks: noActions, incoming: noActions, lastOwnAction: action });
    } else if (action.typeName !== undefined && existing.typeName !== undefined && action.typeName !== existing.typeName) {
      out.push({
        code: TxCodes.duplicateTempId,
        severity: 'error',
        ...spanOf(id.node),
        message: `"${id.text}" already names the new ${existing.typeName} saved by action ${existing.firstSave.index + 1}; give this ${action.typeName} its own temporary id.`,
        related: [{ ...spanOf(existing.firstSave.id!.node), message: `"${id.text}" is created here as ${existing.typeName}` }],
      });
    } else {
      // A second save of a new entity updates it (the vendor's sample sets opprettet* this way
      // after linking); it is not a second creation.
      existing.saves.push(action);
    }
  }
  // Every temporary id is resolved to its entity here, once; later checks read `id.entity`.
  const newEntities = graph.newEntities;
  for (let a = 0; a < actions.length; a++) {
    const action = actions[a];
    const targets = action.targets;
    for (let i = 0; i < targets.length; i++) {
      const target = targets[i];
      if (target.kind === 'temp') target.entity = newEntities.get(target.text);
    }
    const id = action.id;
    if (!id) continue;
    const own = id.kind === 'temp' ? (id.entity = newEntities.get(id.text)) : undefined;
    if (own && action.index > own.lastOwnAction.index) own.lastOwnAction = action;
    if ((action.verb !== 'link' && action.verb !== 'unlink') || !action.ref || action.typeName === undefined) continue;
    if (action.verb === 'unlink') {
      push(graph.unlinksByKey, entityKey(action.typeName, id.text, action.ref.name), action);
      continue;
    }
    // A new entity's links are found through the entity (`linksOf`): most links of a large
    // transaction are of new entities, and this spares a key string and map entry for each.
    if (own) own.selfLinks = append(own.selfLinks, action);
    else push(graph.linksByKey, entityKey(action.typeName, id.text, action.ref.name), action);
    for (let i = 0; i < targets.length; i++) {
      const entity = targets[i].entity;
      if (entity !== undefined) entity.incoming = append(entity.incoming, action);
    }
  }
  return graph;
}
