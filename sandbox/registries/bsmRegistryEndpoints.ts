/**
 * `GET /bsm-registry` and the PUT/DELETE of groups and fields. Ids follow the spec's rule (see
 * registryIds.ts); a field's predefined values must fit its type, so that every value the
 * transaction checks let through can be stored in that type.
 */
import { bsmFieldBodySchema, bsmGroupBodySchema, type BsmGroupHead, type BsmRegistryResponseWire } from '../../core/api';
import { z } from 'zod';
import type { BsmField, BsmGroup } from '../../core/transaction';
import { isAbsoluteUri } from '../../core/transaction/bsmChecks';
import { ServiceError } from '../http/errors';
import { readJsonBody, validateBody } from '../http/requestBody';
import { sendEmpty, sendJson } from '../http/responses';
import type { RequestContext, Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import { normalizeTimestamp } from '../store/fieldValues';
import { bsmFieldTypes, type BsmRegistryStore } from './bsmRegistryStore';
import { requireRegistryId } from './registryIds';

const text = (what: string) => z.string({ error: `${what} is a string` });

// core/api's bodies, with the archive's checks on top.
const groupBodySchema = bsmGroupBodySchema.extend({
  groupName: text('groupName').trim().min(1, 'a groupName cannot be empty').optional(),
  groupDescription: text('groupDescription').optional(),
});

const fieldBodySchema = bsmFieldBodySchema.extend({
  fieldName: text('fieldName').trim().min(1, 'a fieldName cannot be empty').optional(),
  fieldDescription: text('fieldDescription').optional(),
  fieldType: z.enum(bsmFieldTypes, { error: `fieldType is one of ${bsmFieldTypes.join(', ')}` }).optional(),
  fieldValues: z.array(z.union([z.string(), z.number()]), { error: 'fieldValues is an array of allowed values' }).nullable().optional(),
});

/** The text form of a predefined value of a field of `fieldType`, or undefined when it does not fit. */
function predefinedValue(fieldType: string, value: string | number): string | undefined {
  switch (fieldType) {
    case 'long':
      if (typeof value === 'number') return Number.isInteger(value) ? String(value) : undefined;
      return /^-?\d+$/.test(value) ? value : undefined;
    case 'double': {
      const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
      return Number.isFinite(n) ? String(n) : undefined;
    }
    case 'timestamp':
      return typeof value === 'string' && normalizeTimestamp(value) ? value : undefined;
    case 'uri':
      return typeof value === 'string' && isAbsoluteUri(value) ? value : undefined;
    case 'boolean':
      return value === 'true' || value === 'false' ? value : undefined;
    default:
      return typeof value === 'string' ? value : undefined;
  }
}

const typeWords: Record<string, string> = {
  long: 'whole numbers',
  double: 'numbers',
  timestamp: 'timestamps like "2024-08-19T09:09:39.315+0200"',
  string: 'strings',
  encrypted: 'strings',
  uri: 'absolute URIs',
  boolean: '"true" or "false"',
};

function checkedFieldValues(fieldId: string, fieldType: string, values: readonly (string | number)[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const asText = predefinedValue(fieldType, value);
    if (asText === undefined) {
      throw new ServiceError(400, `BSM field "${fieldId}" is of type ${fieldType}, so its fieldValues are ${typeWords[fieldType] ?? fieldType}; ${JSON.stringify(value)} is not.`);
    }
    if (out.includes(asText)) throw new ServiceError(400, `fieldValues of BSM field "${fieldId}" lists ${JSON.stringify(value)} twice; list each value once.`);
    out.push(asText);
  }
  return out;
}

/** The groups and fields a GET asks for. */
function filtered(registry: readonly BsmGroup[], groupId: string | undefined, fieldId: string | undefined): BsmGroup[] {
  const out: BsmGroup[] = [];
  for (const group of registry) {
    if (groupId !== undefined && group.groupId !== groupId) continue;
    if (fieldId === undefined) {
      out.push(group);
      continue;
    }
    const fields: BsmField[] = group.fields.filter((f) => f.fieldId === fieldId);
    if (fields.length > 0) out.push({ ...group, fields });
  }
  return out;
}

function pathId(ctx: RequestContext, name: 'groupId' | 'fieldId'): string {
  const value = ctx.params?.[name];
  if (value === undefined) throw new ServiceError(404, `The path needs a {${name}} segment.`);
  return requireRegistryId(name, value);
}

function queryId(url: URL, name: 'groupId' | 'fieldId'): string | undefined {
  const value = url.searchParams.get(name);
  return value === null ? undefined : requireRegistryId(name, value);
}

export function registerBsmRegistryEndpoints(router: Router, services: SandboxServices, store: BsmRegistryStore): void {
  router.api('GET', '/bsm-registry', async ({ res, url }) => {
    const groupId = queryId(url, 'groupId');
    const fieldId = queryId(url, 'fieldId');
    sendJson(res, 200, { results: filtered(await store.registry(), groupId, fieldId) } satisfies BsmRegistryResponseWire);
  });

  router.api('PUT', '/bsm-registry/group/{groupId}', async (ctx) => {
    const groupId = pathId(ctx, 'groupId');
    const { value } = await readJsonBody(ctx.req, services.limits.maxBodyBytes);
    const body = validateBody(groupBodySchema, value, 'BSM group');
    sendJson(ctx.res, 200, (await store.putGroup(groupId, body)) satisfies BsmGroupHead);
  });

  router.api('PUT', '/bsm-registry/group/{groupId}/field/{fieldId}', async (ctx) => {
    const groupId = pathId(ctx, 'groupId');
    const fieldId = pathId(ctx, 'fieldId');
    const { value } = await readJsonBody(ctx.req, services.limits.maxBodyBytes);
    const body = validateBody(fieldBodySchema, value, 'BSM field');
    const existing = (await store.registry()).flatMap((g) => g.fields).find((f) => f.fieldId === fieldId);
    const fieldType = body.fieldType ?? existing?.fieldType;
    const fieldValues = body.fieldValues && fieldType ? checkedFieldValues(fieldId, fieldType, body.fieldValues) : body.fieldValues === null ? null : undefined;
    const field = await store.putField(groupId, fieldId, {
      fieldName: body.fieldName,
      fieldDescription: body.fieldDescription,
      fieldType: body.fieldType,
      fieldValues,
    });
    sendJson(ctx.res, 200, field satisfies BsmField);
  });

  router.api('DELETE', '/bsm-registry/group/{groupId}', async (ctx) => {
    await store.deleteGroup(pathId(ctx, 'groupId'));
    sendEmpty(ctx.res, 204);
  });

  router.api('DELETE', '/bsm-registry/group/{groupId}/field/{fieldId}', async (ctx) => {
    await store.deleteField(pathId(ctx, 'groupId'), pathId(ctx, 'fieldId'));
    sendEmpty(ctx.res, 204);
  });
}
