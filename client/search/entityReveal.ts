/**
 * Reveals a search hit's entity in the archive tree. The tree's `noarkq.archive.reveal` looks the
 * entity up under its abstract type (a hit names folders and registry entries by `AbstraktMappe`
 * and `AbstraktRegistrering`), loads its ancestors and says so when the archive has no such entity.
 */
import * as vscode from 'vscode';
import type { EntityRef } from '../archive/entityRef';

export const revealCommand = 'noarkq.archive.reveal';

export async function revealInTree(entity: EntityRef): Promise<void> {
  await vscode.commands.executeCommand(revealCommand, entity);
}
