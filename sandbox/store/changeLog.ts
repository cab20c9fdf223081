/**
 * Rows of the change log, written by the transaction executor in the same SQL transaction as the
 * change itself. Shaped after the spec's change-log entries; the endpoint that reads them is a
 * later module.
 */
import type { JsonValue } from '../../core/jsonValue';
import type { SqlSession } from './database';
import type { SqlStatement } from './statementBatch';
import { counterPatchesSql, type CounterSlot } from './transactionCounters';

export type RevisionType = 'CREATE' | 'UPDATE' | 'LINK' | 'UNLINK' | 'MOVE' | 'DELETE';

export interface ChangeLogEntry {
  entityId: number;
  entityType: string;
  revisionType: RevisionType;
  modifiedDate: string;
  modifiedBy: string;
  modifiedByUserId: string;
  modifiedField?: string;
  modifiedFieldType?: string;
  newValue?: Record<string, JsonValue>;
  oldValue?: Record<string, JsonValue>;
  removedValue?: Record<string, JsonValue>;
  previousParent?: Record<string, JsonValue>;
  currentParent?: Record<string, JsonValue>;
}

/**
 * A condition on the rows written that gives the writing transaction its id before their revision
 * numbers are taken (a scan's condition is tested before its row is projected, where `nextval`
 * runs). The full-text indexer depends on it: a revision number belongs to a transaction that had
 * an id when the number was taken, so once every transaction with an id from before a look at the
 * log has ended, a revision missing from that look never appears (fullTextIndexer.ts).
 */
const withTransactionId = 'pg_current_xact_id() IS NOT NULL';

/** The next revision number. The sequence is looked up once per statement (a sub-select run
 * once), not for every row: `pg_get_serial_sequence` scans the catalog's dependencies each time. */
const nextRevision = `nextval((SELECT pg_get_serial_sequence('change_log', 'revision_id'))::regclass)`;

/** The statement that writes one entry. */
function changeLogRowStatement(e: ChangeLogEntry): SqlStatement {
  return {
    sql: `INSERT INTO change_log (revision_id, entity_id, entity_type, revision_type, modified_date, modified_by, modified_by_user_id,
       modified_field, modified_field_type, new_value, old_value, removed_value, previous_parent, current_parent)
     SELECT ${nextRevision}, $1::bigint, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::jsonb, $10::jsonb, $11::jsonb, $12::jsonb, $13::jsonb
     WHERE ${withTransactionId}`,
    params: [
      e.entityId,
      e.entityType,
      e.revisionType,
      e.modifiedDate,
      e.modifiedBy,
      e.modifiedByUserId,
      e.modifiedField ?? null,
      e.modifiedFieldType ?? null,
      e.newValue ?? null,
      e.oldValue ?? null,
      e.removedValue ?? null,
      e.previousParent ?? null,
      e.currentParent ?? null,
    ],
  };
}

export async function writeChangeLog(session: SqlSession, e: ChangeLogEntry): Promise<void> {
  const { sql, params } = changeLogRowStatement(e);
  await session.query(sql, params);
}

export async function writeChangeLogRows(session: SqlSession, entries: readonly ChangeLogEntry[]): Promise<void> {
  const statement = changeLogRowsStatement(entries);
  if (statement) await session.query(statement.sql, statement.params);
}

/** Counter values that go into the `newValue` of CREATE entries as they are written (a server's
 * case and journal numbers, taken in an earlier statement: transactionCounters.ts). */
export interface NumberedCreates {
  entries: ReadonlySet<ChangeLogEntry>;
  slots: readonly CounterSlot[];
}

/** The statement `writeChangeLogRows` runs, to be sent with others; undefined for no entries. */
export function changeLogRowsStatement(entries: readonly ChangeLogEntry[], numbered?: NumberedCreates): SqlStatement | undefined {
  if (entries.length === 0) return undefined;
  const numbering = numbered !== undefined && numbered.slots.length > 0 && entries.some((e) => numbered.entries.has(e));
  if (entries.length === 1 && !numbering) return changeLogRowStatement(entries[0]);
  const records = entries.map((e, position) => ({
    position,
    numbered: numbering && numbered.entries.has(e),
    entity_id: e.entityId,
    entity_type: e.entityType,
    revision_type: e.revisionType,
    modified_date: e.modifiedDate,
    modified_by: e.modifiedBy,
    modified_by_user_id: e.modifiedByUserId,
    modified_field: e.modifiedField,
    modified_field_type: e.modifiedFieldType,
    new_value: e.newValue,
    old_value: e.oldValue,
    removed_value: e.removedValue,
    previous_parent: e.previousParent,
    current_parent: e.currentParent,
  }));
  // A JSON null or a missing member reads as SQL NULL, as the single-row insert stores them.
  const columns = `FROM jsonb_to_recordset($1::jsonb) AS r(position integer, numbered boolean, entity_id bigint, entity_type text, revision_type text, modified_date text,
       modified_by text, modified_by_user_id text, modified_field text, modified_field_type text, new_value jsonb, old_value jsonb,
       removed_value jsonb, previous_parent jsonb, current_parent jsonb)`;
  return {
    sql: `INSERT INTO change_log (revision_id, entity_id, entity_type, revision_type, modified_date, modified_by, modified_by_user_id,
       modified_field, modified_field_type, new_value, old_value, removed_value, previous_parent, current_parent)
     SELECT ${nextRevision}, r.entity_id, r.entity_type, r.revision_type, r.modified_date, r.modified_by, r.modified_by_user_id,
       r.modified_field, r.modified_field_type, ${numbering ? `CASE WHEN r.numbered THEN r.new_value || coalesce(n.patch, '{}'::jsonb) ELSE r.new_value END` : 'r.new_value'},
       r.old_value, r.removed_value, r.previous_parent, r.current_parent
     ${columns}${numbering ? `\n     LEFT JOIN ${counterPatchesSql('$2')} n ON n.id = r.entity_id` : ''}
     WHERE ${withTransactionId}
     ORDER BY r.position`,
    params: numbering ? [JSON.stringify(records), JSON.stringify(numbered.slots)] : [JSON.stringify(records)],
  };
}
