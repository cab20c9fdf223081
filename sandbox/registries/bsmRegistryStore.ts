/**
 * The BSM registry: groups and their fields in two tables. The transaction checks read it on every
 * transaction, so the registry is cached (registryCache.ts: every change raises a version row
 * that processes sharing a PostgreSQL server read first, and transactions check against the
 * registry as it stands until they commit).
 */
import { bsmFieldTypes, type BsmField, type BsmFieldType, type BsmGroup } from '../../core/transaction';
import { ServiceError } from '../http/errors';
import type { Database, SqlSession } from '../store/database';
import { RegistryCache } from './registryCache';

export { bsmFieldTypes };

export function bsmRegistrySchemaStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS bsm_group (
      group_id text PRIMARY KEY,
      group_name text,
      group_description text,
      position bigserial
    )`,
    // field_id is the key on its own: the spec makes field ids unique in the installation.
    `CREATE TABLE IF NOT EXISTS bsm_field (
      field_id text PRIMARY KEY,
      group_id text NOT NULL REFERENCES bsm_group (group_id) ON DELETE CASCADE,
      field_name text,
      field_description text,
      field_type text NOT NULL,
      field_values jsonb,
      position bigserial
    )`,
  ];
}

export interface BsmRegistryStoreOptions {
  /** Other processes change the registry too (a shared PostgreSQL server). */
  shared?: boolean;
}

/** A group without its fields, as `PUT bsm-registry/group/{groupId}` answers it. */
export type BsmGroupDefinition = {
  groupId: string;
  groupName?: string;
  groupDescription?: string;
};

/** What a PUT changes; an absent property keeps the stored value. */
export interface BsmGroupChange {
  groupName?: string;
  groupDescription?: string;
}

export interface BsmFieldChange {
  fieldName?: string;
  fieldDescription?: string;
  fieldType?: BsmFieldType;
  /** null removes the predefined list. */
  fieldValues?: readonly string[] | null;
}

interface GroupRow {
  group_id: string;
  group_name: string | null;
  group_description: string | null;
}

interface FieldRow {
  field_id: string;
  group_id: string;
  field_name: string | null;
  field_description: string | null;
  field_type: string;
  field_values: string[] | null;
}

function toGroup(row: GroupRow): BsmGroupDefinition {
  const group: BsmGroupDefinition = { groupId: row.group_id };
  if (row.group_name !== null) group.groupName = row.group_name;
  if (row.group_description !== null) group.groupDescription = row.group_description;
  return group;
}

function toField(row: FieldRow): BsmField {
  const field: BsmField = { fieldId: row.field_id, fieldType: row.field_type };
  if (row.field_name !== null) field.fieldName = row.field_name;
  if (row.field_description !== null) field.fieldDescription = row.field_description;
  if (row.field_values !== null) field.fieldValues = row.field_values;
  return field;
}

/** The first entity whose BSM uses `groupId` (and `fieldId`), and how many do. */
async function usage(session: SqlSession, groupId: string, fieldId?: string): Promise<{ count: number; example?: { id: string; type: string } }> {
  const condition =
    fieldId === undefined
      ? `jsonb_exists(fields->'virksomhetsspesifikkeMetadata', $1)`
      : `jsonb_exists(fields->'virksomhetsspesifikkeMetadata'->$1, $2)`;
  const params = fieldId === undefined ? [groupId] : [groupId, fieldId];
  const { rows } = await session.query<{ n: number | string; id: number | string | null }>(
    `SELECT count(*) AS n, min(id) AS id FROM entity WHERE jsonb_typeof(fields->'virksomhetsspesifikkeMetadata') = 'object' AND ${condition}`,
    params,
  );
  const count = Number(rows[0]?.n ?? 0);
  if (count === 0 || rows[0].id === null) return { count };
  const { rows: example } = await session.query<{ id: number | string; type: string }>('SELECT id, type FROM entity WHERE id = $1', [rows[0].id]);
  return { count, example: example[0] ? { id: String(example[0].id), type: example[0].type } : undefined };
}

function inUse(what: string, found: { count: number; example?: { id: string; type: string } }): ServiceError {
  const example = found.example ? ` (e.g. ${found.example.type} ${found.example.id})` : '';
  return new ServiceError(
    400,
    `${what} is still used by ${found.count} entit${found.count === 1 ? 'y' : 'ies'}${example}: save their virksomhetsspesifikkeMetadata without it first, then delete it.`,
  );
}

export class BsmRegistryStore {
  private readonly cache: RegistryCache<readonly BsmGroup[]>;

  constructor(db: Database, options: BsmRegistryStoreOptions = {}) {
    this.cache = new RegistryCache(db, 'bsm', options.shared === true, (session) => this.load(session));
  }

  /** Every group with its fields, in the order they were created, as `session` (a transaction's,
   * or by default the database's) sees it. */
  registry(session?: SqlSession): Promise<readonly BsmGroup[]> {
    return this.cache.get(session);
  }

  private async load(session: SqlSession): Promise<readonly BsmGroup[]> {
    const groups = await session.query<GroupRow>('SELECT group_id, group_name, group_description FROM bsm_group ORDER BY position');
    const fields = await session.query<FieldRow>('SELECT field_id, group_id, field_name, field_description, field_type, field_values FROM bsm_field ORDER BY position');
    const byGroup = new Map<string, BsmField[]>();
    for (const row of fields.rows) {
      const list = byGroup.get(row.group_id);
      if (list) list.push(toField(row));
      else byGroup.set(row.group_id, [toField(row)]);
    }
    return groups.rows.map((row) => ({ ...toGroup(row), fields: byGroup.get(row.group_id) ?? [] }));
  }

  /** Alone (its usage checks read every entity's BSM, and transactions check against the
   * registry until they commit), raising the version row. */
  private write<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T> {
    return this.cache.change(fn);
  }

  /** Creates or updates a group; a new group needs a name. */
  putGroup(groupId: string, change: BsmGroupChange): Promise<BsmGroupDefinition> {
    return this.write(async (tx) => {
      const { rows } = await tx.query<GroupRow>('SELECT group_id, group_name, group_description FROM bsm_group WHERE group_id = $1', [groupId]);
      const current = rows[0];
      if (!current) {
        if (change.groupName === undefined) throw new ServiceError(400, `BSM group "${groupId}" is new: give its \`groupName\` (and a \`groupDescription\`).`);
        const inserted = await tx.query<GroupRow>(
          'INSERT INTO bsm_group (group_id, group_name, group_description) VALUES ($1, $2, $3) RETURNING group_id, group_name, group_description',
          [groupId, change.groupName, change.groupDescription ?? null],
        );
        return toGroup(inserted.rows[0]);
      }
      const updated = await tx.query<GroupRow>(
        'UPDATE bsm_group SET group_name = $2, group_description = $3 WHERE group_id = $1 RETURNING group_id, group_name, group_description',
        [groupId, change.groupName ?? current.group_name, change.groupDescription ?? current.group_description],
      );
      return toGroup(updated.rows[0]);
    });
  }

  /** Creates or updates a field; a new field needs a name and a type, and the type never changes. */
  putField(groupId: string, fieldId: string, change: BsmFieldChange): Promise<BsmField> {
    return this.write(async (tx) => {
      const group = await tx.query('SELECT 1 FROM bsm_group WHERE group_id = $1', [groupId]);
      if (group.rows.length === 0) throw new ServiceError(404, `There is no BSM group "${groupId}": create it first with PUT bsm-registry/group/${groupId}.`);
      const { rows } = await tx.query<FieldRow>(
        'SELECT field_id, group_id, field_name, field_description, field_type, field_values FROM bsm_field WHERE field_id = $1',
        [fieldId],
      );
      const current = rows[0];
      if (current && current.group_id !== groupId) {
        throw new ServiceError(400, `The fieldId "${fieldId}" is already used in BSM group "${current.group_id}"; field ids are unique in the archive, so choose another id.`);
      }
      const columns = 'field_id, group_id, field_name, field_description, field_type, field_values';
      if (!current) {
        const missing = [change.fieldName === undefined ? '`fieldName`' : '', change.fieldType === undefined ? `\`fieldType\` (${bsmFieldTypes.join(', ')})` : ''].filter((m) => m);
        if (missing.length > 0) throw new ServiceError(400, `BSM field "${fieldId}" is new: give its ${missing.join(' and ')}.`);
        const inserted = await tx.query<FieldRow>(
          `INSERT INTO bsm_field (field_id, group_id, field_name, field_description, field_type, field_values) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${columns}`,
          [fieldId, groupId, change.fieldName ?? null, change.fieldDescription ?? null, change.fieldType ?? 'string', change.fieldValues ? JSON.stringify(change.fieldValues) : null],
        );
        return toField(inserted.rows[0]);
      }
      if (change.fieldType !== undefined && change.fieldType !== current.field_type) {
        throw new ServiceError(
          400,
          `The fieldType of BSM field "${fieldId}" is ${current.field_type} and cannot change once set; leave \`fieldType\` out (or send "${current.field_type}"), or create a new field for ${change.fieldType} values.`,
        );
      }
      const values = change.fieldValues === undefined ? current.field_values : change.fieldValues;
      const updated = await tx.query<FieldRow>(
        `UPDATE bsm_field SET field_name = $2, field_description = $3, field_values = $4 WHERE field_id = $1 RETURNING ${columns}`,
        [fieldId, change.fieldName ?? current.field_name, change.fieldDescription ?? current.field_description, values ? JSON.stringify(values) : null],
      );
      return toField(updated.rows[0]);
    });
  }

  /** Deletes a group and its fields; refused while an entity's BSM uses the group. */
  deleteGroup(groupId: string): Promise<void> {
    return this.write(async (tx) => {
      const { rows } = await tx.query('SELECT 1 FROM bsm_group WHERE group_id = $1', [groupId]);
      if (rows.length === 0) throw new ServiceError(404, `There is no BSM group "${groupId}".`);
      const used = await usage(tx, groupId);
      if (used.count > 0) throw inUse(`BSM group "${groupId}"`, used);
      await tx.query('DELETE FROM bsm_group WHERE group_id = $1', [groupId]);
    });
  }

  /** Deletes a field; refused while an entity's BSM uses it. */
  deleteField(groupId: string, fieldId: string): Promise<void> {
    return this.write(async (tx) => {
      const group = await tx.query('SELECT 1 FROM bsm_group WHERE group_id = $1', [groupId]);
      if (group.rows.length === 0) throw new ServiceError(404, `There is no BSM group "${groupId}".`);
      const { rows } = await tx.query('SELECT 1 FROM bsm_field WHERE group_id = $1 AND field_id = $2', [groupId, fieldId]);
      if (rows.length === 0) throw new ServiceError(404, `BSM group "${groupId}" has no field "${fieldId}".`);
      const used = await usage(tx, groupId, fieldId);
      if (used.count > 0) throw inUse(`BSM field "${fieldId}" of group "${groupId}"`, used);
      await tx.query('DELETE FROM bsm_field WHERE field_id = $1', [fieldId]);
    });
  }
}
