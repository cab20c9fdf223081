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

export interface IncomingLink {
  action: ActionSyntax;
  target: IdSyntax;
}

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
  selfLinks: ActionSyntax[];
  /** Link actions of other entities that name this one in `linkToId`. */
  incoming: IncomingLink[];
  /** The last action whose `id` is this entity: new actions about it go after it. */
  lastOwnAction: ActionSyntax;
}

export interface TransactionGraph {
  actions: ActionSyntax[];
  newEntities: Map<string, NewEntity>;
  /** Link actions by entity and reference (`entityKey`). */
  linksByKey: Map<string, ActionSyntax[]>;
  unlinksByKey: Map<string, ActionSyntax[]>;
  /** First save of each existing entity (numeric or run-time id), by `type\0id`. */
  existingSaves: Map<string, ActionSyntax>;
  /** Candidate comparisons left for did-you-mean over temporary ids, so that thousands of
   * mistyped ids in a huge transaction cannot make the check quadratic. */
  suggestionBudget: number;
}

export function entityKey(typeName: string, id: string, ref: string): string {
  return `${typeName}\u0000${id}\u0000${ref}`;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildGraph(actions: ActionSyntax[], out: NoarkqDiagnostic[]): TransactionGraph {
  const graph: TransactionGraph = { actions, newEntities: new Map(), linksByKey: new Map(), unlinksByKey: new Map(), existingSaves: new Map(), suggestionBudget: 200_000 };
  // Creations first: a link may name an entity saved further down (reported, but still known).
  for (const action of actions) {
    const id = action.id;
    if (action.verb !== 'save' || !id) continue;
    if (id.kind !== 'temp') {
      const key = `${action.typeName}\u0000${id.text}`;
      if (!graph.existingSaves.has(key)) graph.existingSaves.set(key, action);
      continue;
    }
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
      graph.newEntities.set(id.text, { id: id.text, typeName: action.typeName, type: action.type, firstSave: action, saves: [action], selfLinks: [], incoming: [], lastOwnAction: action });
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
  for (const action of actions) {
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
    const key = entityKey(action.typeName, id.text, action.ref.name);
    if (action.verb === 'unlink') {
      push(graph.unlinksByKey, key, action);
      continue;
    }
    push(graph.linksByKey, key, action);
    if (own) own.selfLinks.push(action);
    for (let i = 0; i < targets.length; i++) {
      const target = targets[i];
      if (target.entity !== undefined) target.entity.incoming.push({ action, target });
    }
  }
  return graph;
}
