/**
 * `noarkq.showChangeLog`, `noarkq.showAccessLog` and `noarkq.showDownloadLog`: the log of one
 * entity (a tree node from the context menu, an EntityRef, or `(type, id)`; from the palette,
 * asked for), read from the active archive and shown in a results panel per entity and log,
 * with "Load next page" and "Load all".
 */
import * as vscode from 'vscode';
import type { NoarkModel } from '../../core/schema/types';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import { entityRefOf, type EntityRef } from '../archive/entityRef';
import type { ActiveArchive } from '../environments/activeArchive';
import type { ResultsPanels } from '../panel/resultsPanel';
import { hasChangeLog, logTitles, readEntityLog, type LogKind } from './entityLogs';

export const logCommands: Record<LogKind, string> = { change: 'noarkq.showChangeLog', access: 'noarkq.showAccessLog', download: 'noarkq.showDownloadLog' };

/** An id as the archive gives them (a number) or a uuid, which the change log also takes. */
const idPattern = /^[0-9A-Za-z-]{1,64}$/;

/** The entity a log command was given, checked; a message naming the problem otherwise. */
export function logEntityOf(model: NoarkModel, kind: LogKind, arg: unknown, second: unknown): { ok: true; entity: EntityRef } | { ok: false; error: string } {
  const command = logCommands[kind];
  const entity = entityRefOf(arg, second);
  if (!entity) return { ok: false, error: `${command}: the argument is not an archive entity: give a tree node, { type, id } or (type, id).` };
  if (!model.getType(entity.type)) return { ok: false, error: `${command}: ${JSON.stringify(entity.type.slice(0, 60))} is not an entity type of the archive.` };
  if (!idPattern.test(entity.id)) return { ok: false, error: `${command}: ${JSON.stringify(entity.id.slice(0, 60))} is not an id of the archive (a number, or a uuid).` };
  return { ok: true, entity };
}

export function logPanelKey(kind: LogKind, entity: EntityRef): string {
  return `noarkq.log:${kind}:${entity.type}:${entity.id}`;
}

export function logPanelTitle(kind: LogKind, entity: EntityRef): string {
  return `${logTitles[kind]} of ${entity.type} ${entity.label ?? entity.id}`;
}

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
    let connection;
    try {
      connection = await this.archive.connection();
    } catch (error) {
      void vscode.window.showErrorMessage(`noarkq: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
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
