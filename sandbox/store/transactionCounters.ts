/**
 * The per-key counters (`counter` table: case and journal sequence numbers per year, numbers within
 * a parent) as one transaction run uses them: the first use of a key takes the next value in the
 * database (which also locks the row on a server), later uses count on in memory, and `write`
 * stores the final values in one statement. A counter of an entity created in the same run cannot
 * exist yet, so it starts at 0 without a read.
 */
import type { SqlSession } from './database';

export class TransactionCounters {
  private readonly values = new Map<string, number>();
  /** Keys whose stored value is behind `values`. */
  private readonly unwritten = new Set<string>();

  constructor(private readonly tx: SqlSession) {}

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

  async write(): Promise<void> {
    if (this.unwritten.size === 0) return;
    const names = [...this.unwritten];
    this.unwritten.clear();
    await this.tx.query(
      `INSERT INTO counter (name, value) SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
      [names, names.map((n) => this.values.get(n) as number)],
    );
  }
}
