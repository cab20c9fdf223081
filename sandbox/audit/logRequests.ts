/**
 * Request bodies of the three log endpoints and what they share: paging (vendor notes §1 "logs":
 * `limit` 1..100, default 10; `offset` default 0) and the created-date bounds of the access and
 * download logs.
 */
import { accessLogBodySchema as accessLogBody, changeLogBodySchema as changeLogBody, downloadLogBodySchema as downloadLogBody } from '../../core/api';
import { z } from 'zod';
import { archiveDay } from '../../core/query/archiveDay';
import { ServiceError } from '../http/errors';
import type { SqlValue } from '../store/database';
import { formatTimestamp, normalizeTimestamp } from '../store/fieldValues';

export const defaultLogLimit = 10;
export const maxLogLimit = 100;

const offsetSchema = z.number().int('must be a whole number').min(0, 'cannot be negative').optional();
const limitSchema = z.number().int('must be a whole number').min(1, 'must be at least 1').max(maxLogLimit, `can be at most ${maxLogLimit}: page with \`offset\``).optional();
const idSchema = z.union([z.string().trim().min(1, 'give the id or uuid of the entity'), z.number().int().nonnegative()]).transform(String);

// core/api's bodies, with the vendor's paging limits and the archive's checks on top.
export const changeLogBodySchema = changeLogBody.extend({
  type: z.string().min(1).optional(),
  id: idSchema,
  offset: offsetSchema,
  limit: limitSchema,
});

const paging = { offset: offsetSchema, limit: limitSchema };

export const accessLogBodySchema = accessLogBody.extend({ ...paging, objectType: z.string().min(1).optional() });

const uuidListSchema = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

export const downloadLogBodySchema = downloadLogBody.extend({
  ...paging,
  dokumentversjonUUIDs: uuidListSchema.optional(),
  /** The spec's sample request writes the list key without the final s; taken as the same filter. */
  dokumentversjonUUID: uuidListSchema.optional(),
});

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A created-date bound in the stored canonical form (UTC, so text order is time order). A bare
 * date is the whole day in the archive's zone (core/query/archiveDay, as in queries): from its
 * first millisecond, or to its last.
 */
export function createdDateBound(text: string | undefined, name: string, end: 'from' | 'to', timeZone: string): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  const day = datePattern.test(trimmed) ? archiveDay(trimmed, timeZone) : undefined;
  const canonical = day ? formatTimestamp(end === 'from' ? day.startMs : day.endMs - 1) : normalizeTimestamp(trimmed);
  if (!canonical) throw new ServiceError(400, `\`${name}\` must be a timestamp like 2024-08-19T09:09:39.315+0200 or a date like 2024-08-19, not ${JSON.stringify(text)}.`);
  return canonical;
}

/** Builds `WHERE` conditions with numbered parameters. */
export class SqlConditions {
  readonly conditions: string[] = [];
  readonly params: SqlValue[] = [];

  add(sql: (param: string) => string, value: SqlValue): void {
    this.params.push(value);
    this.conditions.push(sql(`$${this.params.length}`));
  }

  param(value: SqlValue): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  where(): string {
    return this.conditions.length === 0 ? '' : `WHERE ${this.conditions.join(' AND ')}`;
  }
}
