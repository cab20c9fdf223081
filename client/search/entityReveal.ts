/**
 * Reveals an entity in the archive tree, whose `noarkq.archive.reveal` does the work. A search
 * hit names folders and registry entries by their abstract types, and the tree shows concrete
 * ones, so those are looked up first.
 */
import * as vscode from 'vscode';
import type { NoarkModel } from '../../core/schema/types';
import type { EntityRef } from '../archive/entityRef';
import type { ActiveArchive } from '../environments/activeArchive';
import { concreteEntity } from './entityLookup';

export const revealCommand = 'noarkq.archive.reveal';

export async function revealInTree(archive: ActiveArchive, model: NoarkModel, entity: EntityRef): Promise<void> {
  const connection = await archive.connection();
  if (!connection) return;
  const concrete = await concreteEntity(connection.client, entity, (type) => model.getType(type)?.abstract === true);
  if (!concrete) {
    void vscode.window.showWarningMessage(`noarkq: the archive has no ${entity.type} ${entity.id} (any more): the search index may be behind the archive.`);
    return;
  }
  // A build without the archive tree (or before it is registered) says so instead of failing.
  if (!(await vscode.commands.getCommands(true)).includes(revealCommand)) {
    void vscode.window.showInformationMessage(`noarkq: the archive tree cannot reveal ${concrete.type} ${concrete.id} here (no ${revealCommand} command).`);
    return;
  }
  await vscode.commands.executeCommand(revealCommand, concrete);
}
