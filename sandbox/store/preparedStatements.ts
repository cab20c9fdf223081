/**
 * Statements that PGlite parses and plans once: each distinct SQL text is prepared under a name
 * the first time it runs, and later runs only bind their values to it. `PGlite.query` sends an
 * unnamed statement every time, so PostgreSQL parses, analyses and plans it again for each call,
 * and for the sandbox's short queries that was most of their cost (some 1.1 ms of 1.3 ms a query
 * on the 2-core machine the client benchmarks run on; a bound named statement some 0.2 ms). A
 * named statement's plan is PostgreSQL's to keep or redo (`plan_cache_mode` auto: custom plans
 * first, a generic one when it costs no more), and a change of statistics or schema re-plans it,
 * as for any client that prepares its statements.
 *
 * Each call takes both of PGlite's locks, as `PGlite.query` does: it never runs inside someone
 * else's transaction. Statements inside `Database.transaction` still go through PGlite's own
 * `query` (they run under the transaction's lock already).
 */
import type { PGlite, protocol as pgProtocol, parse as pgParse } from '@electric-sql/pglite';
import type { SqlValue } from './database';

/** What the statements need of the PGlite module (loaded by a computed name, see database.ts). */
export interface PGliteProtocol {
  protocol: typeof pgProtocol;
  parse: typeof pgParse;
}

/** Prepared statements kept at most: a sandbox runs a few dozen distinct texts; texts built
 * with varying shapes (queries with other conditions) beyond this replace the least recently used. */
const defaultCapacity = 256;

/** PostgreSQL's "cached plan must not change result type": a table the statement reads changed
 * its columns since it was prepared. */
const planChanged = '0A000';

/** Statement names are unique in the process, so two sets of statements on one database never meet. */
let statementCounter = 0;

interface Prepared {
  name: string;
  /** The parameters' type ids, as the server inferred them (serialised as `PGlite.query` does). */
  types: number[];
}

export class PreparedStatements {
  private readonly statements = new Map<string, Prepared>();

  constructor(
    private readonly db: PGlite,
    private readonly pg: PGliteProtocol,
    private readonly capacity = defaultCapacity,
  ) {}

  /** Runs `sql` with `params` and returns its rows, parsed as `PGlite.query` parses them. */
  query<Row>(sql: string, params: readonly SqlValue[]): Promise<Row[]> {
    return this.db._runExclusiveTransaction(() =>
      this.db._runExclusiveQuery(async () => {
        try {
          return await this.run<Row>(sql, params);
        } catch (error) {
          if ((error as { code?: unknown }).code !== planChanged) throw error;
          await this.forget(sql);
          return this.run<Row>(sql, params);
        }
      }),
    );
  }

  private async run<Row>(sql: string, params: readonly SqlValue[]): Promise<Row[]> {
    const statement = await this.prepared(sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.db.serializers[statement.types[i]];
      return serializer ? serializer(value) : String(value);
    });
    const { serialize } = this.pg.protocol;
    const { messages } = await this.db.execProtocol(concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]));
    return this.pg.parse.parseResults(messages, this.db.parsers)[0].rows as Row[];
  }

  /** The statement of `sql`, prepared now if it was not (an SQL error is thrown from here). */
  private async prepared(sql: string): Promise<Prepared> {
    const known = this.statements.get(sql);
    if (known) {
      // Most recently used last, so the first is the one to replace.
      this.statements.delete(sql);
      this.statements.set(sql, known);
      return known;
    }
    if (this.statements.size >= this.capacity) await this.forget(this.statements.keys().next().value as string);
    const name = `noarkq_${++statementCounter}`;
    const { serialize } = this.pg.protocol;
    const { messages } = await this.db.execProtocol(concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
    const statement = { name, types: this.pg.parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, statement);
    return statement;
  }

  private async forget(sql: string): Promise<void> {
    const statement = this.statements.get(sql);
    if (!statement) return;
    this.statements.delete(sql);
    const { serialize } = this.pg.protocol;
    await this.db.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), { syncToFs: false });
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
