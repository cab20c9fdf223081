/**
 * The work behind bulk/open and bulk/close, and the queue that runs it after the 202 is sent (the
 * spec: "recursively and asynchronously"). Jobs run one at a time, in order, each in one SQL
 * transaction over the entity and everything inside it (containment.ts). Every changed field is
 * an UPDATE in the change log, and every changed entity gets a new version, as a save would.
 */
import type { JsonValue } from '../../core/jsonValue';
import type { NoarkModel } from '../../core/schema';
import type { Account } from '../auth/accounts';
import { writeChangeLog } from '../store/changeLog';
import type { Database, SqlSession } from '../store/database';
import { finalizedFields, hasField, statusRules } from './closedEntities';
import { loadSubtree, type ContainedEntity } from './containment';

export type BulkAction = 'open' | 'close';

export interface BulkOrder {
  action: BulkAction;
  rootId: number;
  account: Account;
  /** When the order was given (canonical timestamp): the `avsluttetDato` close writes. */
  at: string;
}

interface FieldChange {
  name: string;
  before: JsonValue | undefined;
  after: JsonValue | undefined;
}

/** The field changes `action` makes to one entity; empty when it is already as wanted. */
export function bulkChanges(model: NoarkModel, entity: ContainedEntity, order: BulkOrder): FieldChange[] {
  const fields = entity.fields as Record<string, JsonValue>;
  const changes: FieldChange[] = [];
  const set = (name: string, after: JsonValue | undefined) => {
    if (fields[name] !== after) changes.push({ name, before: fields[name], after });
  };
  const rule = statusRules[entity.type];
  if (order.action === 'close') {
    if (rule) set(rule.field, rule.closed);
    // An entity closed earlier keeps the date and the person of its own closing.
    if (hasField(model, entity.type, 'avsluttetDato') && (fields.avsluttetDato === undefined || fields.avsluttetDato === null)) {
      set('avsluttetDato', order.at);
      if (hasField(model, entity.type, 'avsluttetAv')) set('avsluttetAv', order.account.displayName);
      if (hasField(model, entity.type, 'avsluttetAvBrukerIdent')) set('avsluttetAvBrukerIdent', order.account.userId);
    }
  } else {
    // Only the closed code goes back to the default: another status (e.g. journalstatus E,
    // ekspedert) was not set by a close.
    if (rule && fields[rule.field] === rule.closed) set(rule.field, rule.open);
    for (const name of finalizedFields) if (fields[name] !== undefined) set(name, undefined);
  }
  return changes;
}

/** Applies one order; returns how many entities changed. */
export async function runBulkOrder(db: Database, model: NoarkModel, order: BulkOrder): Promise<number> {
  return db.transaction(async (tx) => {
    let changed = 0;
    for (const entity of await loadSubtree(tx, model, order.rootId)) {
      const changes = bulkChanges(model, entity, order);
      if (changes.length === 0) continue;
      await applyChanges(tx, model, entity, changes, order);
      changed++;
    }
    return changed;
    // Alone: a whole subtree changes, which row locks on a server would not cover.
  }, { exclusive: true });
}

async function applyChanges(tx: SqlSession, model: NoarkModel, entity: ContainedEntity, changes: FieldChange[], order: BulkOrder): Promise<void> {
  const fields: Record<string, JsonValue> = { ...(entity.fields as Record<string, JsonValue>) };
  for (const c of changes) {
    if (c.after === undefined) delete fields[c.name];
    else fields[c.name] = c.after;
  }
  await tx.query('UPDATE entity SET fields = $2, version = version + 1 WHERE id = $1', [entity.id, fields]);
  for (const c of changes) {
    const member = model.lookupMember(entity.type, c.name);
    await writeChangeLog(tx, {
      entityId: entity.id,
      entityType: entity.type,
      revisionType: 'UPDATE',
      modifiedDate: order.at,
      modifiedBy: order.account.displayName,
      modifiedByUserId: order.account.userId,
      modifiedField: c.name,
      modifiedFieldType: member?.kind === 'field' ? member.field.type : 'string',
      newValue: { [c.name]: c.after ?? null },
      oldValue: { [c.name]: c.before ?? null },
    });
  }
}

/** Runs jobs one after another, after the current request has been answered. */
export class BulkJobQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  enqueue(job: () => Promise<unknown>): void {
    this.waiting++;
    this.tail = this.tail
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(job)
      .then(
        () => undefined,
        (error: unknown) => this.onError(error),
      )
      .finally(() => {
        this.waiting--;
      });
  }

  /** Jobs accepted and not finished yet. */
  get pending(): number {
    return this.waiting;
  }

  /** Resolves when every job accepted so far has finished. */
  idle(): Promise<void> {
    return this.tail;
  }
}
