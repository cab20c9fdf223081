/**
 * The BSM Registry view's commands: refresh; add, edit and delete groups and fields. Each takes a
 * node of the view, or the registry's own names (`{ groupId, groupName, groupDescription }`,
 * `{ groupId, fieldId, fieldName, fieldDescription, fieldType, fieldValues }`) from a key binding or
 * another extension, or nothing (then it asks). Ids are checked against the id rule, types and
 * allowed values against each other, before anything is sent.
 */
import { bsmFieldTypes } from '../../core/transaction';
import type { BsmField, BsmGroup } from '../../runner/archive/archiveApi';
import type { ArchiveConnection } from '../environments/archiveConnections';
import type { ArchiveContextSync } from '../language/archiveContextSync';
import type { BsmFieldNode, BsmGroupNode } from './bsmRegistryTree';
import { bsmFieldArguments, bsmGroupArguments, commandArguments, type BsmFieldArguments } from './registryArguments';
import type { RegistryEdits } from './registryEdits';
import { allowedValuesText, fieldIdProblem, fieldTypeProblem, groupIdProblem, parseAllowedValues, requiredTextProblem } from './registryInput';
import { RegistryInputError } from './registryInputError';

const view = 'The BSM Registry view';
const optional = () => undefined;

export class BsmRegistryCommands {
  constructor(
    private readonly edits: RegistryEdits,
    private readonly sync: ArchiveContextSync,
  ) {}

  refresh(): Promise<void> {
    return this.edits.run('noarkq.bsm.refresh', async () => {
      const connection = await this.edits.connection();
      if (connection) await this.sync.refresh(connection, ['bsmRegistry']);
    });
  }

  addGroup(argument?: unknown): Promise<Omit<BsmGroup, 'fields'> | undefined> {
    return this.edits.run('noarkq.bsm.addGroup', async () => {
      const given = commandArguments(bsmGroupArguments, argument, 'noarkq.bsm.addGroup');
      const connection = await this.edits.connection();
      if (!connection) return undefined;
      const registry = await this.edits.bsmRegistry(connection);
      const ask = given.kind !== undefined || given.groupId === undefined || given.groupName === undefined;
      const groupId = await this.edits.text(
        { title: 'A new BSM group', prompt: 'Its id: lower-case letters, digits and dashes, starting with a letter; unique in the installation.', validate: (t) => groupIdProblem(t, registry, true) },
        given.groupId,
        ask,
      );
      if (groupId === undefined) return undefined;
      return this.putGroup(connection, groupId, given, ask, undefined);
    });
  }

  editGroup(argument?: unknown): Promise<Omit<BsmGroup, 'fields'> | undefined> {
    return this.edits.run('noarkq.bsm.editGroup', async () => {
      const given = commandArguments(bsmGroupArguments, argument, 'noarkq.bsm.editGroup');
      const connection = await this.edits.connection();
      if (!connection) return undefined;
      const group = await this.group(connection, given.groupId, 'Edit which BSM group?');
      if (!group) return undefined;
      return this.putGroup(connection, group.groupId, given, given.kind !== undefined || given.groupName === undefined, group);
    });
  }

  deleteGroup(argument?: unknown): Promise<boolean> {
    return this.edits
      .run('noarkq.bsm.deleteGroup', async () => {
        const given = commandArguments(bsmGroupArguments, argument, 'noarkq.bsm.deleteGroup');
        const connection = await this.edits.connection();
        if (!connection) return false;
        const group = await this.group(connection, given.groupId, 'Delete which BSM group?');
        if (!group) return false;
        const fields = group.fields.length > 0 ? ` and its ${group.fields.length} field${group.fields.length === 1 ? '' : 's'}` : '';
        const request = `DELETE bsm-registry/group/${group.groupId}`;
        const sent = await this.edits.send(connection, { part: 'bsmRegistry', view, request, deletes: `the BSM group ${JSON.stringify(group.groupId)}${fields}` }, () => connection.client.deleteBsmGroup(group.groupId));
        return sent !== undefined;
      })
      .then((deleted) => deleted === true);
  }

  addField(argument?: unknown): Promise<BsmField | undefined> {
    return this.edits.run('noarkq.bsm.addField', async () => {
      const given = commandArguments(bsmFieldArguments, argument, 'noarkq.bsm.addField');
      const connection = await this.edits.connection();
      if (!connection) return undefined;
      const group = await this.group(connection, given.groupId, 'Add a field to which BSM group?');
      if (!group) return undefined;
      const registry = await this.edits.bsmRegistry(connection);
      const ask = given.kind !== undefined || given.fieldId === undefined || given.fieldName === undefined || given.fieldType === undefined;
      const fieldId = await this.edits.text(
        { title: `A new field in ${group.groupId}`, prompt: 'Its id: lower-case letters, digits and dashes, starting with a letter; unique in the installation.', validate: (t) => fieldIdProblem(t, registry, true) },
        given.fieldId,
        ask,
      );
      if (fieldId === undefined) return undefined;
      const fieldType = given.fieldType ?? (await this.edits.choose(`The type of ${fieldId} (it cannot change once set)`, bsmFieldTypes.map((t) => ({ label: t })), undefined, 'field type'));
      if (fieldType === undefined) return undefined;
      const typeProblem = fieldTypeProblem(fieldType);
      if (typeProblem) throw new RegistryInputError(`The field ${group.groupId}/${fieldId}: ${typeProblem}`);
      return this.putField(connection, group, fieldId, fieldType, given, ask, undefined);
    });
  }

  editField(argument?: unknown): Promise<BsmField | undefined> {
    return this.edits.run('noarkq.bsm.editField', async () => {
      const given = commandArguments(bsmFieldArguments, argument, 'noarkq.bsm.editField');
      const connection = await this.edits.connection();
      if (!connection) return undefined;
      const found = await this.field(connection, given, 'Edit');
      if (!found) return undefined;
      const { group, field } = found;
      if (given.fieldType !== undefined && given.fieldType !== field.fieldType) {
        throw new RegistryInputError(`The type of a BSM field cannot change once set: ${group.groupId}/${field.fieldId} is ${field.fieldType}, not ${given.fieldType}.`);
      }
      return this.putField(connection, group, field.fieldId, field.fieldType, given, given.kind !== undefined || given.fieldName === undefined, field);
    });
  }

  deleteField(argument?: unknown): Promise<boolean> {
    return this.edits
      .run('noarkq.bsm.deleteField', async () => {
        const given = commandArguments(bsmFieldArguments, argument, 'noarkq.bsm.deleteField');
        const connection = await this.edits.connection();
        if (!connection) return false;
        const found = await this.field(connection, given, 'Delete');
        if (!found) return false;
        const { group, field } = found;
        const request = `DELETE bsm-registry/group/${group.groupId}/field/${field.fieldId}`;
        const sent = await this.edits.send(connection, { part: 'bsmRegistry', view, request, deletes: `the BSM field ${JSON.stringify(field.fieldId)} of the group ${JSON.stringify(group.groupId)}` }, () =>
          connection.client.deleteBsmField(group.groupId, field.fieldId),
        );
        return sent !== undefined;
      })
      .then((deleted) => deleted === true);
  }

  private async putGroup(connection: ArchiveConnection, groupId: string, given: { groupName?: string; groupDescription?: string }, ask: boolean, current: BsmGroupNode | undefined): Promise<Omit<BsmGroup, 'fields'> | undefined> {
    const groupName = await this.edits.text({ title: `The name of the BSM group ${groupId}`, prompt: 'Shown to people; required.', validate: (t) => requiredTextProblem('group name', t) }, given.groupName ?? current?.groupName, ask);
    if (groupName === undefined) return undefined;
    const groupDescription = ask ? await this.edits.text({ title: `The description of the BSM group ${groupId}`, prompt: 'Optional.', validate: optional }, given.groupDescription ?? current?.groupDescription, true) : given.groupDescription;
    if (groupDescription === undefined && ask) return undefined;
    const body = { groupName, ...(groupDescription !== undefined && (groupDescription !== '' || current?.groupDescription) ? { groupDescription } : {}) };
    return this.edits.send(connection, { part: 'bsmRegistry', view, request: `PUT bsm-registry/group/${groupId}` }, () => connection.client.putBsmGroup(groupId, body));
  }

  private async putField(connection: ArchiveConnection, group: BsmGroupNode, fieldId: string, fieldType: string, given: BsmFieldArguments, ask: boolean, current: BsmFieldNode | undefined): Promise<BsmField | undefined> {
    const where = `${group.groupId}/${fieldId}`;
    const fieldName = await this.edits.text({ title: `The name of the BSM field ${where}`, prompt: 'Shown to people; required.', validate: (t) => requiredTextProblem('field name', t) }, given.fieldName ?? current?.fieldName, ask);
    if (fieldName === undefined) return undefined;
    const fieldDescription = ask ? await this.edits.text({ title: `The description of the BSM field ${where}`, prompt: 'Optional.', validate: optional }, given.fieldDescription ?? current?.fieldDescription, true) : given.fieldDescription;
    if (fieldDescription === undefined && ask) return undefined;
    const valuesRequest = {
      title: `The allowed values of the BSM field ${where} (${fieldType})`,
      prompt: 'Comma-separated, or a JSON array when a value holds a comma; empty for any value of the type.',
      validate: (t: string) => {
        const parsed = parseAllowedValues(t, fieldType);
        return parsed.ok ? undefined : parsed.error;
      },
    };
    const valuesText = await this.edits.text(valuesRequest, given.fieldValues !== undefined ? JSON.stringify(given.fieldValues) : allowedValuesText(current?.fieldValues), ask);
    if (valuesText === undefined) return undefined;
    const parsed = parseAllowedValues(valuesText, fieldType);
    if (!parsed.ok) throw new RegistryInputError(`${valuesRequest.title}: ${parsed.error}`);
    const body = {
      fieldName,
      fieldType,
      ...(fieldDescription !== undefined && (fieldDescription !== '' || current?.fieldDescription) ? { fieldDescription } : {}),
      // An emptied list is sent (any value again); none on a new field is left out.
      ...(parsed.values.length > 0 || (current?.fieldValues?.length ?? 0) > 0 ? { fieldValues: parsed.values } : {}),
    };
    return this.edits.send(connection, { part: 'bsmRegistry', view, request: `PUT bsm-registry/group/${group.groupId}/field/${fieldId}` }, () => connection.client.putBsmField(group.groupId, fieldId, body));
  }

  private async group(connection: ArchiveConnection, groupId: string | undefined, title: string): Promise<BsmGroupNode | undefined> {
    const registry = await this.edits.bsmRegistry(connection);
    const chosen = await this.edits.choose(title, registry.map((g) => ({ label: g.groupId, ...(g.groupName ? { description: g.groupName } : {}) })), groupId, `BSM group in "${connection.environment.name}" with the id`);
    return chosen === undefined ? undefined : registry.find((g) => g.groupId === chosen);
  }

  private async field(connection: ArchiveConnection, given: BsmFieldArguments, verb: string): Promise<{ group: BsmGroupNode; field: BsmFieldNode } | undefined> {
    const group = await this.group(connection, given.groupId, `${verb} a field of which BSM group?`);
    if (!group) return undefined;
    const fieldId = await this.edits.choose(`${verb} which field of ${group.groupId}?`, group.fields.map((f) => ({ label: f.fieldId, description: f.fieldType })), given.fieldId, `field in the BSM group ${JSON.stringify(group.groupId)} with the id`);
    const field = group.fields.find((f) => f.fieldId === fieldId);
    return field ? { group, field } : undefined;
  }
}
