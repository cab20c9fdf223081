/**
 * `noarkq.showChangeLog`, `noarkq.showAccessLog` and `noarkq.showDownloadLog`: the log of one
 * entity (a tree node from the context menu, an EntityRef, or `(type, id)`; from the palette,
 * asked for), read from the active archive and shown in a results panel per entity and log,
 * with "Load next page" and "Load all".
 */
import * as vscode from 'vscode';
import type { NoarkModel } from '../../core/schema/types';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import type { EntityRef } from '../archive/entityRef';
import type { ActiveArchive } from '../environments/activeArchive';
import type { ResultsPanels } from '../panel/resultsPanel';
import { hasChangeLog, idPattern, logEntityOf, logPanelKey, logPanelTitle, logTitles, readEntityLog, type LogKind } from './entityLogs';

export class EntityLogCommands {
  constructor(
    private readonly archive: ActiveArchive,
    private readonly panels: Pick<ResultsPanels, 'show'>,
    private readonly model: NoarkModel,
  ) {}

  /** Runs the command; the result shown, or undefined when nothing was read. */
  async show(kind: LogKind, arg?: unknown, second?: unknown): Promise<BlockRunResult | undefined> {
    let entity: EntityRef | undefined;
    if (arg === undefined) {
      entity = await this.askEntity(kind);
      if (!entity) return undefined;
    } else {
      const checked = logEntityOf(this.model, kind, arg, second);
      if (!checked.ok) {
        void vscode.window.showErrorMessage(checked.error);
        return undefined;
      }
      entity = checked.entity;
    }
    const connection = await this.archive.connectionOrReport();
    if (!connection) return undefined;
    const { client, redact, environment } = connection;
    const target = entity;
    const content = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `noarkq: reading the ${logTitles[kind].toLowerCase()} of ${target.type} ${target.id} on ${environment.name}`, cancellable: true },
      async (_progress, token) => {
        const abort = new AbortController();
        const subscription = token.onCancellationRequested(() => abort.abort());
        try {
          return await readEntityLog(client, this.model, kind, target, { signal: abort.signal, redact });
        } finally {
          subscription.dispose();
        }
      },
    );
    this.panels.show(logPanelKey(kind, target), logPanelTitle(kind, target), content.result, content.more);
    const error = content.result.error;
    if (error && error.kind !== 'cancelled') void vscode.window.showErrorMessage(`noarkq: ${error.message}`);
    return content.result;
  }

  /** From the palette: the type (a Dokumentversjon for the download log) and the id. */
  private async askEntity(kind: LogKind): Promise<EntityRef | undefined> {
    let type = 'Dokumentversjon';
    if (kind !== 'download') {
      const types = this.model.types.filter((t) => !t.abstract && t.queryable && (kind !== 'change' || hasChangeLog(this.model, t.name)));
      const picked = await vscode.window.showQuickPick(
        types.map((t) => ({ label: t.name, description: t.title })),
        { title: `noarkq: ${logTitles[kind].toLowerCase()}`, placeHolder: 'Of which type of entity?' },
      );
      if (!picked) return undefined;
      type = picked.label;
    }
    const id = await vscode.window.showInputBox({
      title: `noarkq: ${logTitles[kind].toLowerCase()} of a ${type}`,
      prompt: `The id of the ${type}`,
      validateInput: (text) => (idPattern.test(text.trim()) ? undefined : 'An id is a number (or a uuid).'),
    });
    const trimmed = id?.trim();
    return trimmed && idPattern.test(trimmed) ? { type, id: trimmed } : undefined;
  }
}
