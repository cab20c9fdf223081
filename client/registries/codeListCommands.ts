/**
 * The Code Lists view's commands: refresh, and add, edit and delete a value. Each takes a node of
 * the view, or `{ field, code, name, description }` from a key binding or another extension
 * (given a code and a name, add and edit send without asking), or nothing (then it asks).
 */
import type { CodeListValue } from '../../runner/archive/archiveApi';
import type { ArchiveContextSync } from '../language/archiveContextSync';
import type { CodeListNode, CodeValueNode } from './codeListTree';
import { codeValueArguments, commandArguments, type CodeValueArguments } from './registryArguments';
import type { RegistryEdits } from './registryEdits';
import { codeNameProblem, codeProblem } from './registryInput';
import { RegistryInputError } from './registryInputError';
import type { ArchiveConnection } from '../environments/archiveConnections';

const view = 'The Code Lists view';

export class CodeListCommands {
  constructor(
    private readonly edits: RegistryEdits,
    private readonly sync: ArchiveContextSync,
  ) {}

  refresh(): Promise<void> {
    return this.edits.run('noarkq.codeLists.refresh', async () => {
      const connection = await this.edits.connection();
      if (connection) await this.sync.refresh(connection, ['codeLists']);
    });
  }

  addValue(argument?: unknown): Promise<CodeListValue | undefined> {
    return this.edits.run('noarkq.codeLists.addValue', async () => {
      const given = commandArguments(codeValueArguments, argument, 'noarkq.codeLists.addValue');
      const connection = await this.edits.connection();
      if (!connection) return undefined;
      const list = await this.list(connection, given, 'Add a value to which code list?');
      if (!list) return undefined;
      const ask = given.kind !== undefined || given.code === undefined || given.name === undefined;
      const code = await this.edits.text({ title: `A new code in ${list.field}`, prompt: 'The code, unique in the list.', validate: (t) => codeProblem(t, list, true) }, given.code, ask);
      if (code === undefined) return undefined;
      return this.put(connection, list, code, given, ask, undefined);
    });
  }

  editValue(argument?: unknown): Promise<CodeListValue | undefined> {
    return this.edits.run('noarkq.codeLists.editValue', async () => {
      const given = commandArguments(codeValueArguments, argument, 'noarkq.codeLists.editValue');
      const connection = await this.edits.connection();
      if (!connection) return undefined;
      const list = await this.list(connection, given, 'Edit a value of which code list?');
      const value = list && (await this.value(list, given, 'Edit which value?'));
      if (!list || !value) return undefined;
      const ask = given.kind !== undefined || given.name === undefined;
      return this.put(connection, list, value.code, given, ask, value);
    });
  }

  deleteValue(argument?: unknown): Promise<boolean> {
    return this.edits
      .run('noarkq.codeLists.deleteValue', async () => {
        const given = commandArguments(codeValueArguments, argument, 'noarkq.codeLists.deleteValue');
        const connection = await this.edits.connection();
        if (!connection) return false;
        const list = await this.list(connection, given, 'Delete a value of which code list?');
        const value = list && (await this.value(list, given, 'Delete which value?'));
        if (!list || !value) return false;
        const sent = await this.edits.send(
          connection,
          { part: 'codeLists', view, request: `DELETE code-lists/${list.field}/${value.code}`, deletes: `the code ${JSON.stringify(value.code)}${value.name ? ` (${value.name})` : ''} of the code list ${list.field}` },
          () => connection.client.deleteCodeListValue(list.field, value.code),
        );
        return sent !== undefined;
      })
      .then((deleted) => deleted === true);
  }

  /** Asks for the name and description (unless `ask` is false) and sends the value. */
  private async put(connection: ArchiveConnection, list: CodeListNode, code: string, given: CodeValueArguments, ask: boolean, current: CodeValueNode | undefined): Promise<CodeListValue | undefined> {
    const name = await this.edits.text(
      { title: `The name of ${code} in ${list.field}`, prompt: 'Unique in the list.', validate: (t) => codeNameProblem(t, list, code) },
      given.name ?? current?.name,
      ask,
    );
    if (name === undefined) return undefined;
    const description = ask
      ? await this.edits.text({ title: `The description of ${code} in ${list.field}`, prompt: 'Optional.', validate: () => undefined }, given.description ?? current?.description, true)
      : given.description;
    if (description === undefined && ask) return undefined;
    // An emptied description is sent (to clear it); an empty one on a new value is left out.
    return this.edits.send(connection, { part: 'codeLists', view, request: `PUT code-lists/${list.field}/${code}` }, () =>
      connection.client.putCodeListValue(list.field, code, { name, ...(description !== undefined && (description !== '' || current?.description) ? { description } : {}) }),
    );
  }

  private async list(connection: ArchiveConnection, given: CodeValueArguments, title: string): Promise<CodeListNode | undefined> {
    const lists = await this.edits.codeLists(connection);
    const field = await this.edits.choose(title, lists.map((l) => ({ label: l.field, description: l.types.join(', ') })), given.field, `code list in "${connection.environment.name}" named`);
    return field === undefined ? undefined : lists.find((l) => l.field === field);
  }

  private async value(list: CodeListNode, given: CodeValueArguments, title: string): Promise<CodeValueNode | undefined> {
    if (given.code !== undefined && !list.values.some((v) => v.code === given.code)) {
      throw new RegistryInputError(`The code list of ${list.field} has no code ${JSON.stringify(given.code)}.`);
    }
    const code = await this.edits.choose(title, list.values.map((v) => ({ label: v.code, ...(v.name !== undefined ? { description: v.name } : {}) })), given.code, `code in ${list.field}`);
    return code === undefined ? undefined : list.values.find((v) => v.code === code);
  }
}
