/**
 * Entity and link rows a transaction run writes, held back and sent as multi-row statements. The
 * executor knows everything about the entities it created itself, so it checks them in memory and
 * only needs their rows in the database before it reads the database again (`flush`) and at the
 * end of the run. A run creating hundreds of entities then costs a handful of statements instead of
 * several per action.
 */
import type { JsonValue } from '../../core/jsonValue';
import type { SqlSession } from './database';
import { runTogether, type SqlStatement } from './statementBatch';
import type { StoredLink } from './linkModel';
import { counterPatchesSql, type CounterSlot } from './transactionCounters';

/** An entity created in this run: its current fields, and whether its row is written. */
export interface FreshEntity {
  id: number;
  type: string;
  /** Replaced, never changed in place: change-log entries hold earlier versions. */
  fields: Record<string, JsonValue>;
  written: boolean;
}

export class HeldWrites {
  private inserts: FreshEntity[] = [];
  private readonly updates = new Set<FreshEntity>();
  private links: StoredLink[] = [];

  constructor(
    private readonly tx: SqlSession,
    private readonly createdBy: string,
  ) {}

  insertEntity(entity: FreshEntity): void {
    this.inserts.push(entity);
  }

  /** `entity.fields` was replaced. */
  entityChanged(entity: FreshEntity): void {
    if (entity.written) this.updates.add(entity);
  }

  insertLink(link: StoredLink): void {
    this.links.push(link);
  }

  /** Whether a held link starts at an entity `from` accepts. */
  holdsLinkFrom(from: (id: number) => boolean): boolean {
    return this.links.some((l) => from(l.fromId));
  }

  /**
   * Writes everything held: entities first, then their field changes, then the links (which
   * reference them), and then `also` (the run's last writes), as few statements as it can: one,
   * unless written entities changed (their UPDATE goes alone, before the rest). `last`: the run's
   * last writes, sent without waiting where the session can, so that they go with the COMMIT.
   * `numbers`: counter values that go into the fields of entities as they are written, or of
   * entities written before (transactionCounters.ts, `CounterSlot`). `sent`: called as soon as
   * the last statement is sent (before its answer), e.g. to send the COMMIT in the same write.
   */
  async flush(also: readonly (SqlStatement | undefined)[] = [], last = false, numbers: readonly CounterSlot[] = [], sent?: () => void): Promise<void> {
    const statements: SqlStatement[] = [];
    const slots = numbers.length > 0 ? JSON.stringify(numbers) : undefined;
    const inserted = new Set(this.inserts.map((e) => e.id));
    const writtenBefore = numbers.some((n) => !inserted.has(n.id));
    if (this.inserts.length > 0) {
      const rows = this.inserts.map((e) => ({ id: e.id, type: e.type, fields: e.fields }));
      for (const e of this.inserts) e.written = true;
      this.inserts = [];
      const numbered = slots !== undefined;
      statements.push({
        sql: `INSERT INTO entity (id, type, version, fields, created_by)
         SELECT r.id, r.type, 1, ${numbered ? `r.fields || coalesce(n.patch, '{}'::jsonb)` : 'r.fields'}, $2 FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, type text, fields jsonb)${
           numbered ? `\n         LEFT JOIN ${counterPatchesSql('$3')} n ON n.id = r.id` : ''
         }`,
        params: numbered ? [JSON.stringify(rows), this.createdBy, slots] : [JSON.stringify(rows), this.createdBy],
      });
    }
    if (this.updates.size > 0) {
      // Only rows written by an earlier flush change; an item of the same statement could not
      // see a row inserted by another.
      const rows = [...this.updates].map((e) => ({ id: e.id, fields: e.fields }));
      this.updates.clear();
      await runTogether(this.tx, statements.splice(0));
      await this.tx.query(`UPDATE entity AS e SET fields = r.fields FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, fields jsonb) WHERE e.id = r.id`, [
        JSON.stringify(rows),
      ]);
    }
    // Numbered entities whose rows an earlier flush wrote, after their fields' UPDATE (an item of
    // the statement that inserts the others does not see those rows, so it changes only these).
    if (writtenBefore && slots !== undefined) statements.push({ sql: `UPDATE entity AS e SET fields = e.fields || n.patch FROM ${counterPatchesSql('$1')} n WHERE e.id = n.id`, params: [slots] });
    if (this.links.length > 0) {
      const links = this.links;
      this.links = [];
      statements.push({
        sql: `INSERT INTO link (from_id, from_type, ref, to_id) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[])`,
        params: [links.map((l) => l.fromId), links.map((l) => l.fromType), links.map((l) => l.ref), links.map((l) => l.toId)],
      });
    }
    for (const statement of also) if (statement) statements.push(statement);
    const written = runTogether(this.tx, statements, last);
    sent?.();
    await written;
  }
}
