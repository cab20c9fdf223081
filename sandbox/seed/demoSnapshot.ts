/**
 * A copy of a freshly seeded demo archive, so that only the first start on a machine pays for
 * seeding it through the transaction executor (thousands of checked transactions: a minute on a
 * busy machine); later new archives load the copy with bulk INSERTs in seconds. The copy is every
 * row of every table (generated columns left out) plus the sequences and the uploaded files, taken
 * right after seeding an EMPTY archive and loaded only into an empty one, so ids and counters are
 * exactly what seeding would produce. Its key hashes the sandbox's code (sources, or the bundle it
 * runs from) and the seed options: any change to them seeds afresh.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxServices } from '../sandboxServices';
import type { SqlSession } from '../store/database';

const safeIdentifier = /^[a-z_][a-z0-9_]*$/;

function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) hashTree(hash, path);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) hash.update(name).update(readFileSync(path));
  }
}

/** A key for the code that produced a snapshot: the sandbox and core sources when present, else this bundle. */
export function snapshotKey(parts: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(parts.join('\u0000'));
  const sandboxDir = join(__dirname, '..');
  if (existsSync(join(sandboxDir, 'startSandbox.ts'))) {
    hashTree(hash, sandboxDir);
    hashTree(hash, join(sandboxDir, '..', 'core', 'schema'));
    hashTree(hash, join(sandboxDir, '..', 'core', 'transaction'));
  } else {
    try {
      hash.update(readFileSync(__filename));
    } catch {
      hash.update('unknown-build');
    }
  }
  return hash.digest('hex').slice(0, 20);
}

interface TableInfo {
  name: string;
  columns: string[];
  dependsOn: string[];
}

async function tables(session: SqlSession): Promise<TableInfo[]> {
  const { rows: cols } = await session.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER' ORDER BY c.table_name, c.ordinal_position`,
  );
  const { rows: fks } = await session.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent FROM pg_constraint c WHERE c.contype = 'f'`,
  );
  const byName = new Map<string, TableInfo>();
  for (const c of cols) {
    if (!safeIdentifier.test(c.table_name) || !safeIdentifier.test(c.column_name)) continue;
    let t = byName.get(c.table_name);
    if (!t) byName.set(c.table_name, (t = { name: c.table_name, columns: [], dependsOn: [] }));
    t.columns.push(c.column_name);
  }
  for (const fk of fks) byName.get(fk.child)?.dependsOn.push(fk.parent);
  // Parents before children, so foreign keys hold at every INSERT.
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const place = (t: TableInfo, depth = 0) => {
    if (placed.has(t.name) || depth > 20) return;
    for (const parent of t.dependsOn) {
      const p = byName.get(parent);
      if (p && p !== t) place(p, depth + 1);
    }
    placed.add(t.name);
    ordered.push(t);
  };
  for (const t of [...byName.values()].sort((a, b) => a.name.localeCompare(b.name))) place(t);
  return ordered;
}

async function sequences(session: SqlSession): Promise<string[]> {
  const { rows } = await session.query<{ name: string }>(`SELECT sequence_name AS name FROM information_schema.sequences WHERE sequence_schema = current_schema() ORDER BY 1`);
  return rows.map((r) => r.name).filter((n) => safeIdentifier.test(n));
}

/** True when nothing was ever written: no entity, no change, no file, no id handed out. */
export async function isPristineArchive(services: SandboxServices): Promise<boolean> {
  const { rows } = await services.db.query<{ used: boolean }>(
    `SELECT (EXISTS (SELECT 1 FROM entity) OR EXISTS (SELECT 1 FROM change_log) OR EXISTS (SELECT 1 FROM uploaded_file) OR (SELECT is_called FROM entity_id_seq)) AS used`,
  );
  return rows[0]?.used === false;
}

export async function saveSnapshot(services: SandboxServices, folder: string, summary: unknown): Promise<void> {
  const building = `${folder}.building-${process.pid}-${Date.now()}`;
  mkdirSync(join(building, 'files'), { recursive: true });
  try {
    const db = services.db;
    const tableData: { name: string; columns: string[]; rows: unknown[] }[] = [];
    for (const t of await tables(db)) {
      const list = t.columns.join(', ');
      const { rows } = await db.query<{ data: unknown[] }>(`SELECT coalesce(json_agg(s), '[]'::json) AS data FROM (SELECT ${list} FROM ${t.name} ORDER BY 1) s`);
      tableData.push({ name: t.name, columns: t.columns, rows: rows[0].data });
    }
    const sequenceData: { name: string; value: number; called: boolean }[] = [];
    for (const s of await sequences(db)) {
      const { rows } = await db.query<{ last_value: string | number; is_called: boolean }>(`SELECT last_value, is_called FROM ${s}`);
      sequenceData.push({ name: s, value: Number(rows[0].last_value), called: rows[0].is_called });
    }
    writeFileSync(join(building, 'tables.json'), JSON.stringify({ tables: tableData, sequences: sequenceData, summary }));
    for (const name of readdirSync(services.files.directory)) if (name.startsWith('file-')) cpSync(join(services.files.directory, name), join(building, 'files', name));
    rmSync(folder, { recursive: true, force: true });
    renameSync(building, folder);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
}

/** Loads a snapshot into a pristine archive; returns its summary, or undefined when there is none. */
export async function loadSnapshot<T>(services: SandboxServices, folder: string): Promise<T | undefined> {
  const path = join(folder, 'tables.json');
  if (!existsSync(path)) return undefined;
  const data = JSON.parse(readFileSync(path, 'utf8')) as { tables: { name: string; columns: string[]; rows: unknown[] }[]; sequences: { name: string; value: number; called: boolean }[]; summary: T };
  const present = new Map((await tables(services.db)).map((t) => [t.name, t]));
  // A table this archive lacks (a module not loaded now) or whose columns differ: seed afresh.
  for (const t of data.tables) {
    const here = present.get(t.name);
    if (!here || here.columns.join() !== t.columns.join()) return undefined;
  }
  for (const name of readdirSync(join(folder, 'files'))) cpSync(join(folder, 'files', name), join(services.files.directory, name));
  await services.db.transaction(async (tx) => {
    for (const t of data.tables) {
      const list = t.columns.join(', ');
      for (let i = 0; i < t.rows.length; i += 2000) {
        await tx.query(
          `INSERT INTO ${t.name} (${list}) SELECT ${t.columns.map((c) => `r.${c}`).join(', ')} FROM json_populate_recordset(NULL::${t.name}, $1::json) r ON CONFLICT DO NOTHING`,
          [JSON.stringify(t.rows.slice(i, i + 2000))],
        );
      }
    }
    for (const s of data.sequences) await tx.query(`SELECT setval('${s.name}', GREATEST($1::bigint, (SELECT last_value FROM ${s.name})), $2)`, [s.value, s.called]);
  });
  return data.summary;
}
