/**
 * The sandbox's tables.
 *
 * Storage model: ONE `entity` table (id, concrete type, version, jsonb fields) and ONE `link`
 * table, instead of a table per type. Abstract types (AbstraktMappe, ...) are then just
 * `type = ANY(...)`, a query over any type is one SQL shape, and the model can grow fields without
 * migrations. Each link is stored once under its canonical side (see linkModel.ts) and indexed
 * from both ends, so a chain of references is a chain of index lookups in either direction.
 * Fields the model marks indexed get expression indexes `(type, fields->>'f')`, which is what keeps
 * indexed lookups fast on large archives. Uploaded files, the change log and the download log have
 * their own tables. Every statement is plain PostgreSQL, so a server database can run it too.
 */
import type { NoarkModel } from '../../core/schema';
import { entityRankStatements } from './entityRanks';
import { fieldSql, indexedFields } from './fieldSql';

/** `shared`: the archive is on a server that concurrent transactions share (entityRanks.ts). */
export function coreSchemaStatements(model: NoarkModel, shared = false): string[] {
  const statements = [
    // Entity ids and uploaded-file ids share one sequence, so a file id is never a Dokument id.
    `CREATE SEQUENCE IF NOT EXISTS entity_id_seq START WITH 1001`,
    `CREATE TABLE IF NOT EXISTS entity (
      id bigint PRIMARY KEY,
      type text NOT NULL,
      version integer NOT NULL DEFAULT 1,
      fields jsonb NOT NULL,
      created_by text NOT NULL,
      screened boolean GENERATED ALWAYS AS (coalesce(fields->>'skjerming', '') <> '') STORED
    )`,
    `CREATE INDEX IF NOT EXISTS entity_type_id ON entity (type, id)`,
    `CREATE TABLE IF NOT EXISTS link (
      from_id bigint NOT NULL REFERENCES entity (id),
      from_type text NOT NULL,
      ref text NOT NULL,
      to_id bigint NOT NULL REFERENCES entity (id),
      PRIMARY KEY (from_id, ref, to_id)
    )`,
    `CREATE INDEX IF NOT EXISTS link_to ON link (to_id, ref)`,
    // Per-key counters: case and journal sequence numbers per year, numbers within a parent.
    `CREATE TABLE IF NOT EXISTS counter (name text PRIMARY KEY, value bigint NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS code_list (field text PRIMARY KEY, default_code text)`,
    `CREATE TABLE IF NOT EXISTS code_value (
      field text NOT NULL REFERENCES code_list (field) ON DELETE CASCADE,
      code text NOT NULL,
      name text NOT NULL,
      description text,
      authority text,
      position integer NOT NULL,
      PRIMARY KEY (field, code)
    )`,
    `CREATE TABLE IF NOT EXISTS uploaded_file (
      id bigint PRIMARY KEY,
      uploaded_by text NOT NULL,
      file_name text NOT NULL,
      content_type text NOT NULL,
      size bigint NOT NULL,
      sha256 text NOT NULL,
      storage_name text NOT NULL,
      created_at bigint NOT NULL,
      dokumentversjon_id bigint
    )`,
    `CREATE TABLE IF NOT EXISTS change_log (
      revision_id bigserial PRIMARY KEY,
      entity_id bigint NOT NULL,
      entity_type text NOT NULL,
      revision_type text NOT NULL,
      modified_date text NOT NULL,
      modified_by text NOT NULL,
      modified_by_user_id text NOT NULL,
      modified_field text,
      modified_field_type text,
      new_value jsonb,
      old_value jsonb,
      removed_value jsonb,
      previous_parent jsonb,
      current_parent jsonb
    )`,
    `CREATE INDEX IF NOT EXISTS change_log_entity ON change_log (entity_id, revision_id)`,
    `CREATE TABLE IF NOT EXISTS download_log (
      id bigserial PRIMARY KEY,
      created_date text NOT NULL,
      user_name text NOT NULL,
      user_id text NOT NULL,
      file_id bigint NOT NULL,
      dokumentversjon_uuid text
    )`,
  ];
  statements.push(...entityRankStatements(shared));
  for (const field of indexedFields(model)) {
    statements.push(`CREATE INDEX IF NOT EXISTS entity_f_${field.name.toLowerCase()} ON entity (type, ${fieldSql('', field)})`);
  }
  return statements;
}
