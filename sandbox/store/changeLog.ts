/**
 * Rows of the change log, written by the transaction executor in the same SQL transaction as the
 * change itself. Shaped after the spec's change-log entries; the endpoint that reads them is a
 * later module.
 */
import type { JsonValue } from '../../core/jsonValue';
import type { SqlSession } from './database';

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

export async function writeChangeLog(session: SqlSession, e: ChangeLogEntry): Promise<void> {
  await session.query(
    `INSERT INTO change_log (entity_id, entity_type, revision_type, modified_date, modified_by, modified_by_user_id,
       modified_field, modified_field_type, new_value, old_value, removed_value, previous_parent, current_parent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
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
  );
}
