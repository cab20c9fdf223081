/**
 * The change, access and download logs of one entity as the results panel shows them: a grid of
 * entries, paged with `offset`/`limit`. The change log counts its entries (`total`); the access
 * and download logs say `hasMore`. The change log takes the entity's id; the other two are keyed
 * by uuid, so the entity is looked up first (entityLookup.ts).
 */
import type { JsonValue } from '../../core/jsonValue';
import type { NoarkModel } from '../../core/schema/types';
import type { AccessLogBody, ArchiveApi, ArchiveResponse, ChangeLogBody, DownloadLogBody, PagedLogResponse } from '../../runner/archive/archiveApi';
import { entityRefOf, type EntityRef } from '../archive/entityRef';
import type { MorePages } from '../panel/resultsSession';
import { failureResult, notSentResult, responseResult } from './archiveCallResult';
import { lookUpEntity } from './entityLookup';
import type { PanelContent } from './fullTextResults';

export type LogKind = 'change' | 'access' | 'download';

/** Entries per page; the logs take at most 100 (vendor notes §1.5). */
export const logPageSize = 50;

export const logTitles: Record<LogKind, string> = { change: 'Change log', access: 'Access log', download: 'Download log' };

export const logCommands: Record<LogKind, string> = { change: 'noarkq.showChangeLog', access: 'noarkq.showAccessLog', download: 'noarkq.showDownloadLog' };

/** An id as the archive gives them (a number) or a uuid, which the change log also takes. */
export const idPattern = /^[0-9A-Za-z-]{1,64}$/;

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

/** The types the archive keeps a change log for, concrete ones included (the spec lists some abstract types). */
export function hasChangeLog(model: NoarkModel, type: string): boolean {
  return model.types.some((t) => t.changeLog && model.isAssignable(type, t.name));
}

/** Why `entity` has no log of `kind` to read, or undefined when it may have one. */
export function logRefusal(model: NoarkModel, kind: LogKind, entity: EntityRef): string | undefined {
  if (kind === 'change' && !hasChangeLog(model, entity.type)) {
    const kept = model.types.filter((t) => t.changeLog).map((t) => t.name);
    return `The archive keeps no change log for ${entity.type}: only for ${kept.join(', ')}.`;
  }
  if (kind === 'download' && entity.type !== 'Dokumentversjon') return `Only a Dokumentversjon has a download log (its files are what is downloaded), not ${entity.type} ${entity.id}.`;
  return undefined;
}

interface LogPage {
  response: ArchiveResponse<{ results: Record<string, JsonValue>[] }>;
  hasMore: boolean;
}

export async function readEntityLog(
  client: ArchiveApi,
  model: NoarkModel,
  kind: LogKind,
  entity: EntityRef,
  options: { signal?: AbortSignal; pageSize?: number; redact?: (text: string) => string } = {},
): Promise<PanelContent> {
  const refusal = logRefusal(model, kind, entity);
  if (refusal) return { result: notSentResult(refusal) };
  const limit = options.pageSize ?? logPageSize;
  try {
    const page = await pageReader(client, kind, entity, limit, options.signal);
    if (typeof page === 'string') return { result: notSentResult(page) };
    const first = await page(0, options.signal);
    let offset = first.response.body.results.length;
    const more: MorePages = {
      next: async (signal) => {
        const next = await page(offset, signal);
        offset += next.response.body.results.length;
        return { results: next.response.body.results, hasMore: next.hasMore };
      },
    };
    return { result: responseResult(first.response), more: first.hasMore ? more : undefined };
  } catch (error) {
    return { result: failureResult(error, options.redact) };
  }
}

/** Reads the page at an offset, or says why the log cannot be read. */
async function pageReader(client: ArchiveApi, kind: LogKind, entity: EntityRef, limit: number, signal?: AbortSignal): Promise<((offset: number, signal?: AbortSignal) => Promise<LogPage>) | string> {
  if (kind === 'change') {
    const body: ChangeLogBody = { type: entity.type, id: entity.id, limit };
    return async (offset, pageSignal) => {
      const response = await client.changeLog({ ...body, offset }, { signal: pageSignal });
      return { response, hasMore: offset + response.body.results.length < response.body.total };
    };
  }
  const uuid = await uuidOf(client, entity, signal);
  if (uuid === undefined) return `The archive has no ${entity.type} with id ${entity.id}.`;
  if (uuid === '') return `${entity.type} ${entity.id} has no uuid, which the ${kind} log is keyed by.`;
  const read = (call: (offset: number, pageSignal?: AbortSignal) => Promise<ArchiveResponse<PagedLogResponse>>) => async (offset: number, pageSignal?: AbortSignal): Promise<LogPage> => {
    const response = await call(offset, pageSignal);
    return { response, hasMore: response.body.hasMore };
  };
  if (kind === 'access') {
    const body: AccessLogBody = { objectUUIDs: [uuid], limit };
    return read((offset, pageSignal) => client.accessLog({ ...body, offset }, { signal: pageSignal }));
  }
  const body: DownloadLogBody = { dokumentversjonUUIDs: [uuid], limit };
  return read((offset, pageSignal) => client.downloadLog({ ...body, offset }, { signal: pageSignal }));
}

/** The entity's uuid: the id itself when it is one, else its `uuid` field (empty when it has none),
 * undefined when the archive has no such entity. */
async function uuidOf(client: ArchiveApi, entity: EntityRef, signal?: AbortSignal): Promise<string | undefined> {
  if (!/^\d+$/.test(entity.id)) return entity.id;
  const found = await lookUpEntity(client, entity, signal);
  if (!found) return undefined;
  return typeof found.fields.uuid === 'string' ? found.fields.uuid : '';
}
