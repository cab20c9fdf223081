/**
 * Reading and changing the archive's code lists (the `code_list` and `code_value` tables seeded by
 * the structure module). A list is named by the field that uses it; new values go to the end.
 */
import { didYouMean } from '../../core/text/didYouMean';
import { ServiceError } from '../http/errors';
import type { SqlSession } from '../store/database';
import type { RegistryCache } from './registryCache';

export type CodeListValue = {
  code: string;
  name: string;
  description?: string;
  /** Only values of the skjerming list carry an authority (vendor notes §1.5, code-lists). */
  authority?: string;
};

export interface StoredCodeList {
  field: string;
  defaultCode?: string;
  values: CodeListValue[];
}

export interface CodeValueChange {
  name?: string;
  description?: string;
  authority?: string;
}

interface ValueRow {
  field: string;
  code: string;
  name: string;
  description: string | null;
  authority: string | null;
}

function toValue(row: ValueRow): CodeListValue {
  const value: CodeListValue = { code: row.code, name: row.name };
  if (row.description !== null) value.description = row.description;
  if (row.authority !== null) value.authority = row.authority;
  return value;
}

/** Every list with its values in their order, keyed by list name. */
export async function readCodeLists(session: SqlSession): Promise<Map<string, StoredCodeList>> {
  const lists = await session.query<{ field: string; default_code: string | null }>('SELECT field, default_code FROM code_list');
  const out = new Map<string, StoredCodeList>();
  for (const row of lists.rows) {
    const list: StoredCodeList = { field: row.field, values: [] };
    if (row.default_code !== null) list.defaultCode = row.default_code;
    out.set(row.field, list);
  }
  const values = await session.query<ValueRow>('SELECT field, code, name, description, authority FROM code_value ORDER BY field, position');
  for (const row of values.rows) out.get(row.field)?.values.push(toValue(row));
  return out;
}

async function requireList(tx: SqlSession, field: string): Promise<{ defaultCode: string | null }> {
  const { rows } = await tx.query<{ default_code: string | null }>('SELECT default_code FROM code_list WHERE field = $1', [field]);
  if (rows[0]) return { defaultCode: rows[0].default_code };
  const all = await tx.query<{ field: string }>('SELECT field FROM code_list ORDER BY field');
  const names = all.rows.map((r) => r.field);
  const suggestion = didYouMean(field, names);
  throw new ServiceError(
    404,
    `There is no code list "${field}".${suggestion ? ` Did you mean "${suggestion}"?` : ` Code lists are named by their field: ${names.join(', ')}.`}`,
  );
}

/** The changes of the code lists: each alone, raising their version (registryCache.ts). */
export type CodeListChanges = Pick<RegistryCache<unknown>, 'change'>;

/** Adds or updates one value; a new value needs a name, and names are unique in their list. */
export function putCodeValue(codeLists: CodeListChanges, field: string, code: string, change: CodeValueChange): Promise<CodeListValue> {
  return codeLists.change(async (tx) => {
    await requireList(tx, field);
    if (change.authority !== undefined && field !== 'skjerming') {
      throw new ServiceError(400, `Only values of the skjerming code list have an \`authority\`; remove it from this value of "${field}".`);
    }
    const { rows } = await tx.query<ValueRow>('SELECT field, code, name, description, authority FROM code_value WHERE field = $1 AND code = $2', [field, code]);
    const current = rows[0];
    if (!current && change.name === undefined) throw new ServiceError(400, `"${code}" is a new value of the ${field} code list: give its \`name\` (and a \`description\`).`);
    const name = change.name ?? (current as ValueRow).name;
    const clash = await tx.query<{ code: string }>('SELECT code FROM code_value WHERE field = $1 AND name = $2 AND code <> $3', [field, name, code]);
    if (clash.rows[0]) {
      throw new ServiceError(400, `The name "${name}" is already used by code "${clash.rows[0].code}" of the ${field} code list; names are unique in a list, so choose another.`);
    }
    if (!current) {
      const inserted = await tx.query<ValueRow>(
        `INSERT INTO code_value (field, code, name, description, authority, position)
         VALUES ($1, $2, $3, $4, $5, (SELECT coalesce(max(position), -1) + 1 FROM code_value WHERE field = $1))
         RETURNING field, code, name, description, authority`,
        [field, code, name, change.description ?? null, change.authority ?? null],
      );
      return toValue(inserted.rows[0]);
    }
    const updated = await tx.query<ValueRow>(
      'UPDATE code_value SET name = $3, description = $4, authority = $5 WHERE field = $1 AND code = $2 RETURNING field, code, name, description, authority',
      [field, code, name, change.description ?? current.description, change.authority ?? current.authority],
    );
    return toValue(updated.rows[0]);
  });
}

/** Deletes one value; the list's default value stays, since new entities get it. */
export function deleteCodeValue(codeLists: CodeListChanges, field: string, code: string): Promise<void> {
  return codeLists.change(async (tx) => {
    const list = await requireList(tx, field);
    if (list.defaultCode === code) {
      throw new ServiceError(400, `"${code}" is the default value of the ${field} code list, which new entities get; it cannot be deleted.`);
    }
    const { rows } = await tx.query('DELETE FROM code_value WHERE field = $1 AND code = $2 RETURNING code', [field, code]);
    if (rows.length === 0) throw new ServiceError(404, `The ${field} code list has no code "${code}".`);
  });
}
