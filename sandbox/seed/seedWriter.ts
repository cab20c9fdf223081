/**
 * Writes seed data through the sandbox's own code paths: every transaction passes the same core
 * checks as `POST /transaction` and runs in the same executor, and every file goes through the
 * upload store. Seeded data therefore obeys every rule a client's data obeys. Each transaction may
 * carry its own clock, so a demo archive can hold cases from earlier years with consistent years,
 * sequence numbers and dates.
 */
import { Readable } from 'node:stream';
import { parseTree } from 'jsonc-parser';
import { checkTransaction, TxCodes, type BsmGroup } from '../../core/transaction';
import type { Account } from '../auth/accounts';
import { archiveTimeZone } from '../../core/query/archiveDay';
import { stableUserId } from '../auth/accounts';
import type { SandboxServices } from '../sandboxServices';
import { loadCodeLists } from '../store/codeListStore';
import type { SqlSession } from '../store/database';
import type { EntityResult } from '../store/entityRows';
import { TransactionRun, type TxAction } from '../store/transactionExecutor';

export type SeedAction = TxAction;

/** The account seed data is created by: shown as `opprettetAv`, never a login of the sandbox. */
export function seedAccount(login = 'arkivtjenesten', displayName = 'Arkivtjenesten'): Account {
  return { login, kind: 'user', displayName, userId: stableUserId(login), canDelete: true, canMove: true };
}

export class SeedWriter {
  private codeLists: Map<string, string[]> | undefined;

  constructor(
    private readonly services: SandboxServices,
    readonly account: Account = seedAccount(),
  ) {}

  /** Forgets the cached code lists (after the seed changed one). */
  refreshCodeLists(): void {
    this.codeLists = undefined;
  }

  private check(actions: readonly SeedAction[], codeLists: Map<string, string[]>, bsmRegistry: readonly BsmGroup[] | undefined): void {
    const root = parseTree(JSON.stringify({ actions }));
    const diagnostics = checkTransaction(root, { model: this.services.model, codeLists, bsmRegistry });
    const errors = diagnostics.filter((d) => d.severity === 'error' || d.code === TxCodes.unknownCode);
    if (errors.length > 0) throw new Error(`seed transaction refused by the transaction checks: ${errors.map((d) => d.message).join(' ')}`);
  }

  /** Runs several transactions in ONE SQL transaction (fewer commits); each `run` is checked first. */
  async batch<T>(fn: (run: (actions: SeedAction[], at: number) => Promise<Record<string, EntityResult>>) => Promise<T>): Promise<T> {
    // Read before the SQL transaction opens: the database serves one session at a time.
    const bsmRegistry = await this.services.bsmRegistry();
    const codeLists = (this.codeLists ??= await loadCodeLists(this.services.db, this.services.model));
    return this.services.db.transaction(async (tx: SqlSession) =>
      fn(async (actions, at) => {
        this.check(actions, codeLists, bsmRegistry);
        // Seeded dates are the demo archive's own (Oslo), whatever zone the sandbox answers in:
        // the seeded snapshot is cached by the code alone, not by options.
        const run = new TransactionRun(tx, { model: this.services.model, files: this.services.files, now: () => at, timeZone: archiveTimeZone, bsmRegistry }, this.account);
        return run.run(actions);
      }),
    );
  }

  transaction(actions: SeedAction[], at: number): Promise<Record<string, EntityResult>> {
    return this.batch((run) => run(actions, at));
  }

  /** Stores a file as `POST /upload` does; returns its id for `referanseDokumentfil`. */
  async upload(bytes: Buffer, fileName: string): Promise<string> {
    const file = await this.services.files.store(Readable.from([bytes]), fileName, this.account.login, this.services.limits.maxUploadBytes);
    return String(file.id);
  }
}
