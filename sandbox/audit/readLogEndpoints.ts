/**
 * The logs of reads: `POST /logs/access-log` (entities returned by queries, accessLog.ts) and
 * `POST /logs/download-log` (files streamed by download; the spec leaves its path "not shown",
 * vendor notes §1 name it `logs/download-log`). Both filter by created date (inclusive bounds),
 * user name and object, page with offset/limit (1..100, default 10) and answer
 * `{results, hasMore}`, oldest first. Entries carry exactly the spec's fields.
 */
import type { AccessLogResponseWire, DownloadLogResponseWire } from '../../core/api';
import { ServiceError } from '../http/errors';
import { readJsonBody, validateBody } from '../http/requestBody';
import { sendJson } from '../http/responses';
import type { Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import { zonedTimestamp } from '../store/fieldValues';
import { accessLogEntries, flushAccessLog } from './accessLog';
import { accessLogBodySchema, createdDateBound, defaultLogLimit, downloadLogBodySchema, SqlConditions } from './logRequests';

/** `version` is a number here, unlike an entity's: the vendor documents `"version": number` and its
 * Java client reads it as an Integer (client/accesslog/AccessLogResult.java); `userId` is its 3.7.0 field. */
export type AccessLogResult = {
  createdDate: string;
  userName: string;
  userId: string;
  objectType: string;
  objectUUID: string;
  version: number;
};

export type DownloadLogResult = {
  createdDate: string;
  userName: string;
  userId: string;
  /** Null for a download of a file no Dokumentversjon linked yet (its uploader may fetch it). */
  dokumentversjonUUID: string | null;
};

interface CommonFilters {
  createdDateFrom?: string;
  createdDateTo?: string;
  userName?: string;
  offset?: number;
  limit?: number;
}

function commonConditions(body: CommonFilters, timeZone: string): SqlConditions {
  const where = new SqlConditions();
  const from = createdDateBound(body.createdDateFrom, 'createdDateFrom', 'from', timeZone);
  const to = createdDateBound(body.createdDateTo, 'createdDateTo', 'to', timeZone);
  if (from !== undefined) where.add((p) => `created_date >= ${p}`, from);
  if (to !== undefined) where.add((p) => `created_date <= ${p}`, to);
  if (body.userName !== undefined) where.add((p) => `user_name = ${p}`, body.userName);
  return where;
}

/** Runs a page query: `limit + 1` rows tell whether there are more. */
async function page<Row>(services: SandboxServices, select: string, where: SqlConditions, body: CommonFilters, order = 'id'): Promise<{ rows: Row[]; hasMore: boolean }> {
  const limit = body.limit ?? defaultLogLimit;
  const offset = body.offset ?? 0;
  const sql = `${select} ${where.where()} ORDER BY ${order} LIMIT ${where.param(limit + 1)} OFFSET ${where.param(offset)}`;
  const { rows } = await services.db.query<Row>(sql, where.params);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

export function registerAccessLogEndpoint(router: Router, services: SandboxServices): void {
  router.api('POST', '/logs/access-log', async ({ req, res }) => {
    const { value } = await readJsonBody(req, services.limits.maxBodyBytes);
    const body = validateBody(accessLogBodySchema, value, 'access-log');
    const where = commonConditions(body, services.timeZone);
    if (body.objectType !== undefined) {
      const types = services.model.concreteTypes(body.objectType);
      if (types.length === 0) throw new ServiceError(400, `\`objectType\` ${JSON.stringify(body.objectType)} is not an entity type of the archive.`);
      where.add((p) => `object_type = ANY(${p}::text[])`, types);
    }
    if (body.objectUUIDs !== undefined) where.add((p) => `object_uuid = ANY(${p}::text[])`, body.objectUUIDs);
    // Reads answered a moment ago may still be queued.
    await flushAccessLog(services.db);
    const { rows, hasMore } = await page<{ created_date: string; user_name: string; user_id: string; object_type: string; object_uuid: string; version: string }>(
      services,
      `SELECT created_date, user_name, user_id, object_type, object_uuid, version FROM ${accessLogEntries}`,
      where,
      body,
      'id, n',
    );
    const results: AccessLogResult[] = rows.map((r) => ({
      createdDate: zonedTimestamp(r.created_date, services.timeZone),
      userName: r.user_name,
      userId: r.user_id,
      objectType: r.object_type,
      objectUUID: r.object_uuid,
      version: Number(r.version),
    }));
    sendJson(res, 200, { results, hasMore } satisfies AccessLogResponseWire);
  });
}

export function registerDownloadLogEndpoint(router: Router, services: SandboxServices): void {
  router.api('POST', '/logs/download-log', async ({ req, res }) => {
    const { value } = await readJsonBody(req, services.limits.maxBodyBytes);
    const body = validateBody(downloadLogBodySchema, value, 'download-log');
    const where = commonConditions(body, services.timeZone);
    const uuids = [...(body.dokumentversjonUUIDs ?? []), ...(body.dokumentversjonUUID ?? [])];
    if (body.dokumentversjonUUIDs !== undefined || body.dokumentversjonUUID !== undefined) {
      where.add((p) => `dokumentversjon_uuid = ANY(${p}::text[])`, uuids);
    }
    const { rows, hasMore } = await page<{ created_date: string; user_name: string; user_id: string; dokumentversjon_uuid: string | null }>(
      services,
      'SELECT created_date, user_name, user_id, dokumentversjon_uuid FROM download_log',
      where,
      body,
    );
    const results: DownloadLogResult[] = rows.map((r) => ({ createdDate: zonedTimestamp(r.created_date, services.timeZone), userName: r.user_name, userId: r.user_id, dokumentversjonUUID: r.dokumentversjon_uuid }));
    sendJson(res, 200, { results, hasMore } satisfies DownloadLogResponseWire);
  });
}
