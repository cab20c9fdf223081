/**
 * How a registry command changes the archive: it asks for what it was not given (checking every
 * answer before sending), has a protected environment's writes confirmed and every delete
 * confirmed, sends, and then reads the registry again, so that the views and the language
 * server have the archive's own copy, whatever the outcome.
 */
import * as vscode from 'vscode';
import type { ArchiveResponse } from '../../runner/archive/archiveApi';
import type { ActiveArchive } from '../environments/activeArchive';
import type { ArchiveConnection } from '../environments/archiveConnections';
import type { ArchiveContextSync } from '../language/archiveContextSync';
import type { RunPrompts, TextRequest } from '../run/runPrompts';
import { bsmGroupNodes, type BsmGroupNode } from './bsmRegistryTree';
import { codeListNodes, type CodeListNode } from './codeListTree';
import type { LiveRegistries, RegistryPart } from './liveRegistries';
import { RegistryInputError } from './registryInputError';

export interface RegistryChange {
  part: RegistryPart;
  /** The view that sends it, as the protected environment's confirmation names it. */
  view: string;
  /** The request, e.g. `PUT code-lists/journalposttype/Z`. */
  request: string;
  /** For a delete: what goes, in words, e.g. `the code "Z" of the code list journalposttype`. */
  deletes?: string;
}

export class RegistryEdits {
  constructor(
    private readonly archive: ActiveArchive,
    private readonly live: LiveRegistries,
    private readonly sync: ArchiveContextSync,
    private readonly prompts: () => RunPrompts,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** The active environment's connection, picking one and asking for secrets if needed. */
  connection(): Promise<ArchiveConnection | undefined> {
    return this.archive.connection(true);
  }

  async codeLists(connection: ArchiveConnection): Promise<CodeListNode[]> {
    const fetched = await this.live.ensure(connection, 'codeLists');
    if (!fetched.ok) throw new RegistryInputError(`Could not read the code lists of "${connection.environment.name}": ${fetched.error}`);
    return codeListNodes(fetched.value);
  }

  async bsmRegistry(connection: ArchiveConnection): Promise<BsmGroupNode[]> {
    const fetched = await this.live.ensure(connection, 'bsmRegistry');
    if (!fetched.ok) throw new RegistryInputError(`Could not read the BSM registry of "${connection.environment.name}": ${fetched.error}`);
    return bsmGroupNodes(fetched.value);
  }

  /**
   * A line of text: `given` as it is when `ask` is false (refused if it breaks the rule), else
   * asked for with `given` filled in. Undefined when the user cancels.
   */
  async text(request: TextRequest, given: string | undefined, ask: boolean): Promise<string | undefined> {
    const answer = ask || given === undefined ? await this.prompts().askText({ ...request, ...(given !== undefined ? { value: given } : {}) }) : given;
    if (answer === undefined) return undefined;
    // The answer is checked again: the input box checks as it is typed, a test's answer does not.
    const problem = request.validate(answer);
    if (problem) throw new RegistryInputError(`${request.title}: ${problem}`);
    return answer;
  }

  /** One of `items` by its label: `given` when there is one (it must be among them), else picked. */
  async choose(title: string, items: { label: string; description?: string }[], given: string | undefined, what: string): Promise<string | undefined> {
    if (given !== undefined) {
      if (!items.some((item) => item.label === given)) {
        throw new RegistryInputError(`There is no ${what} ${JSON.stringify(given)}; there are ${items.map((i) => JSON.stringify(i.label)).join(', ') || 'none'}.`);
      }
      return given;
    }
    if (items.length === 0) throw new RegistryInputError(`There is no ${what} to choose from.`);
    return this.prompts().pick({ title, items });
  }

  /**
   * Sends one change when confirmed (a protected environment's write, any delete), then reads
   * `change.part` again. Undefined when not confirmed; throws with the archive's answer when refused.
   */
  async send<T>(connection: ArchiveConnection, change: RegistryChange, call: () => Promise<ArchiveResponse<T>>): Promise<T | undefined> {
    const environment = connection.environment.name;
    const confirmed = connection.environment.protected
      ? await this.prompts().confirmWrite({ environment, block: change.view, description: change.request, typeName: change.deletes !== undefined })
      : change.deletes === undefined || (await this.prompts().confirmDelete({ environment, description: change.deletes }));
    if (!confirmed) return undefined;
    try {
      return (await call()).body;
    } catch (error) {
      throw new RegistryInputError(`${change.request} failed in "${environment}": ${connection.redact(error instanceof Error ? error.message : String(error))}`);
    } finally {
      await this.sync.refresh(connection, [change.part]);
    }
  }

  /** Runs a command's work: what goes wrong is shown (and logged), and the command gives undefined. */
  async run<T>(command: string, work: () => Promise<T | undefined>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof RegistryInputError)) this.log.error(`${command}: ${error instanceof Error ? (error.stack ?? message) : message}`);
      void vscode.window.showErrorMessage(`noarkq: ${message}`);
      return undefined;
    }
  }
}
