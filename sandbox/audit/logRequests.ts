/**
 * Request bodies of the three log endpoints and what they share: paging (vendor notes §1 "logs":
 * `limit` 1..100, default 10; `offset` default 0) and the created-date bounds of the access and
 * download logs.
 */
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

export const changeLogBodySchema = z
  .object({
    type: z.string().min(1).optional(),
    id: idSchema,
    /** Vendor notes §1: default true — the changes of everything inside the entity are listed too. */
    includeChildChanges: z.boolean().optional(),
    /** Vendor notes §1: default true. The docs show no nested shape, so the sandbox lists child
     * changes flat, in revision order, either way; taken, not refused, as the vendor's own request sends it. */
    nestChildChanges: z.boolean().optional(),
    offset: offsetSchema,
    limit: limitSchema,
  })
  .strict();

const readLogFilters = {
  createdDateFrom: z.string().optional(),
  createdDateTo: z.string().optional(),
  userName: z.string().optional(),
  offset: offsetSchema,
  limit: limitSchema,
};

export const accessLogBodySchema = z
  .object({
    ...readLogFilters,
    objectType: z.string().min(1).optional(),
    objectUUIDs: z.array(z.string()).optional(),
  })
  .strict();

const uuidListSchema = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

export const downloadLogBodySchema = z
  .object({
    ...readLogFilters,
    dokumentversjonUUIDs: uuidListSchema.optional(),
    /** The spec's sample request writes the list key without the final s; taken as the same filter. */
    dokumentversjonUUID: uuidListSchema.optional(),
  })
  .strict();

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
