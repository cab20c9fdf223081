/**
 * Code lists live in the database so that the code-list endpoints (a later module) can change them
 * and the transaction checks see the change. A new archive starts with the vendor's defaults.
 */
import type { NoarkModel } from '../../core/schema';
import type { Database, SqlSession } from './database';

export async function seedCodeLists(db: Database, model: NoarkModel): Promise<void> {
  const { rows } = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM code_list');
  if (Number(rows[0]?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    for (const list of model.codeLists.values()) {
      await tx.query('INSERT INTO code_list (field, default_code) VALUES ($1, $2)', [list.name, list.defaultCode ?? null]);
      let position = 0;
      for (const value of list.values) {
        await tx.query('INSERT INTO code_value (field, code, name, description, authority, position) VALUES ($1, $2, $3, $4, $5, $6)', [
          list.name,
          value.code,
          value.name,
          value.description ?? null,
          null,
          position++,
        ]);
      }
    }
  });
}

/** Code-list name → codes, as the transaction checker takes them. Lists without values are left
 * out, so the checker does not flag every value of a list the archive ships empty; given the
 * model, a list that shipped with codes and has had all of them deleted is kept, empty, so the
 * checker does not fall back to the shipped codes. */
export async function loadCodeLists(session: SqlSession, model?: NoarkModel): Promise<Map<string, string[]>> {
  const { rows } = await session.query<{ field: string; code: string | null }>(
    'SELECT l.field, v.code FROM code_list l LEFT JOIN code_value v ON v.field = l.field ORDER BY l.field, v.position',
  );
  const out = new Map<string, string[]>();
  for (const r of rows) {
    if (r.code === null) {
      const shipped = model?.codeLists.get(r.field);
      if (shipped && !shipped.emptyByDefault) out.set(r.field, []);
      continue;
    }
    const list = out.get(r.field);
    if (list) list.push(r.code);
    else out.set(r.field, [r.code]);
  }
  return out;
}
