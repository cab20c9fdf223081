/**
 * The per-key counters (`counter` table: case and journal sequence numbers per year, numbers within
 * a parent) as one transaction run uses them: the first use of a key takes the next value in the
 * database (which also locks the row on a server), later uses count on in memory, and `write`
 * stores the final values in one statement. A counter of an entity created in the same run cannot
 * exist yet, so it starts at 0 without a read.
 */
import type { SqlSession } from './database';
import type { SqlStatement } from './statementBatch';

/**
 * A field of a new entity that a counter's value goes into in the statement that writes the
 * entity, on a server: the `k`-th (from 0) of the `count` values this run took of `counter` with
 * `reserve` (noting them) in an earlier statement of its transaction, as a number, or as text
 * after `prefix`.
 */
export interface CounterSlot {
  id: number;
  field: string;
  counter: string;
  k: number;
  count: number;
  prefix?: string;
}

/** The transaction-local setting where `reserve` notes what it took, for `counterPatchesSql`. */
const reservedSetting = 'noarkq.counters_reserved';

/**
 * SQL of a derived table `(id, patch)`: per entity, the fields of its slots (`param`: the slots as
 * JSON) as a jsonb object, their values computed from what `reserve` (with `note`) took in an
 * earlier statement of the transaction, so the statement can be sent before that answer is back.
 * It reads them from a setting, not from the counter table: a plan joining that table, made while
 * it was small, would scan it whole on every run as it grows.
 */
export function counterPatchesSql(param: string): string {
  const value = `((current_setting('${reservedSetting}')::jsonb ->> s.counter)::bigint - s.count + 1 + s.k)`;
  return `(SELECT s.id, jsonb_object_agg(s.field, CASE WHEN s.prefix IS NULL THEN to_jsonb(${value}) ELSE to_jsonb(s.prefix || ${value}::text) END) AS patch
     FROM jsonb_to_recordset(${param}::jsonb) AS s(id bigint, field text, counter text, k bigint, count bigint, prefix text) GROUP BY s.id)`;
}

export class TransactionCounters {
  private readonly values = new Map<string, number>();
  /** Keys whose stored value is behind `values`. */
  private readonly unwritten = new Set<string>();

  constructor(private readonly tx: SqlSession) {}

  /** Whether `name` was used in this run (its values are then counted here). */
  isCounted(name: string): boolean {
    return this.values.has(name);
  }

  /** The next value of `name`; `fresh` when its key belongs to an entity created in this run. */
  async next(name: string, fresh = false): Promise<number> {
    const current = this.values.get(name);
    if (current !== undefined) {
      this.values.set(name, current + 1);
      this.unwritten.add(name);
      return current + 1;
    }
    if (fresh) {
      this.values.set(name, 1);
      this.unwritten.add(name);
      return 1;
    }
    const { rows } = await this.tx.query<{ value: number | string }>(
      'INSERT INTO counter (name, value) VALUES ($1, 1) ON CONFLICT (name) DO UPDATE SET value = counter.value + 1 RETURNING value',
      [name],
    );
    const value = Number(rows[0].value);
    this.values.set(name, value);
    return value;
  }

  /**
   * The next `count` values of each named counter, given as the first of them; those not used yet
   * in this run are taken in one statement, in name order, so that runs lock counter rows in one
   * order and never deadlock on them. `note`: what is taken is also noted for `counterPatchesSql`.
   */
  async reserve(counts: ReadonlyMap<string, number>, note = false): Promise<Map<string, number>> {
    const first = new Map<string, number>();
    const stored: string[] = [];
    for (const [name, count] of counts) {
      const current = this.values.get(name);
      if (current === undefined) {
        stored.push(name);
        continue;
      }
      first.set(name, current + 1);
      this.values.set(name, current + count);
      this.unwritten.add(name);
    }
    if (stored.length === 0) return first;
    stored.sort();
    const take = `INSERT INTO counter (name, value) SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (name) DO UPDATE SET value = counter.value + EXCLUDED.value RETURNING name, value`;
    const { rows } = await this.tx.query<{ name: string; value: number | string }>(
      note
        ? `WITH taken AS (${take}), noted AS (SELECT set_config('${reservedSetting}', jsonb_object_agg(name, value)::text, true) FROM taken)
           SELECT name, value FROM taken, noted`
        : take,
      [stored, stored.map((name) => counts.get(name) as number)],
    );
    for (const row of rows) {
      const value = Number(row.value);
      this.values.set(row.name, value);
      first.set(row.name, value - (counts.get(row.name) as number) + 1);
    }
    return first;
  }

  async write(): Promise<void> {
    const statement = this.writeStatement();
    if (statement) await this.tx.query(statement.sql, statement.params);
  }

  /** The statement `write` runs, to be sent with others (the values are then taken as written);
   * undefined when every value is stored already. */
  writeStatement(): SqlStatement | undefined {
    if (this.unwritten.size === 0) return undefined;
    const names = [...this.unwritten];
    this.unwritten.clear();
    return {
      sql: `INSERT INTO counter (name, value) SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
      params: [names, names.map((n) => this.values.get(n) as number)],
    };
  }
}
