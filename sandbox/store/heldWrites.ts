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
   */
  async flush(also: readonly (SqlStatement | undefined)[] = [], last = false): Promise<void> {
    const statements: SqlStatement[] = [];
    if (this.inserts.length > 0) {
      const rows = this.inserts.map((e) => ({ id: e.id, type: e.type, fields: e.fields }));
      for (const e of this.inserts) e.written = true;
      this.inserts = [];
      statements.push({
        sql: `INSERT INTO entity (id, type, version, fields, created_by)
         SELECT id, type, 1, fields, $2 FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, type text, fields jsonb)`,
        params: [JSON.stringify(rows), this.createdBy],
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
    if (this.links.length > 0) {
      const links = this.links;
      this.links = [];
      statements.push({
        sql: `INSERT INTO link (from_id, from_type, ref, to_id) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[])`,
        params: [links.map((l) => l.fromId), links.map((l) => l.fromType), links.map((l) => l.ref), links.map((l) => l.toId)],
      });
    }
    for (const statement of also) if (statement) statements.push(statement);
    await runTogether(this.tx, statements, last);
  }
}
