/**
 * Entity and link rows a transaction run writes, held back and sent as multi-row statements. The
 * executor knows everything about the entities it created itself, so it checks them in memory and
 * only needs their rows in the database before it reads the database again (`flush`) and at the
 * end of the run. A run creating hundreds of entities then costs a handful of statements instead of
 * several per action.
 */
import type { JsonValue } from '../../core/jsonValue';
import type { SqlSession } from './database';
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

  /** Writes everything held: entities first, then their field changes, then the links (which reference them). */
  async flush(): Promise<void> {
    if (this.inserts.length > 0) {
      const rows = this.inserts.map((e) => ({ id: e.id, type: e.type, fields: e.fields }));
      for (const e of this.inserts) e.written = true;
      this.inserts = [];
      await this.tx.query(
        `INSERT INTO entity (id, type, version, fields, created_by)
         SELECT id, type, 1, fields, $2 FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, type text, fields jsonb)`,
        [JSON.stringify(rows), this.createdBy],
      );
    }
    if (this.updates.size > 0) {
      const rows = [...this.updates].map((e) => ({ id: e.id, fields: e.fields }));
      this.updates.clear();
      await this.tx.query(`UPDATE entity AS e SET fields = r.fields FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, fields jsonb) WHERE e.id = r.id`, [
        JSON.stringify(rows),
      ]);
    }
    if (this.links.length > 0) {
      const links = this.links;
      this.links = [];
      await this.tx.query(
        `INSERT INTO link (from_id, from_type, ref, to_id) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[])`,
        [links.map((l) => l.fromId), links.map((l) => l.fromType), links.map((l) => l.ref), links.map((l) => l.toId)],
      );
    }
  }
}
