/** The three log endpoints: `logs/change-log`, `logs/access-log`, `logs/download-log`. */
import { z } from 'zod';
import { idSchema, jsonValueSchema, looseJsonObject, timestampSchema } from './wireValues';

const paging = {
  offset: z.number().optional(),
  /** The vendor takes 1 to 100, default 10. */
  limit: z.number().optional(),
};

export const changeLogBodySchema = z
  .object({
    type: z.string().optional(),
    /** Id (or uuid) of the entity whose changes are listed. */
    id: z.string(),
    /** Vendor notes §1: default true. */
    includeChildChanges: z.boolean().optional(),
    /** Vendor notes §1: default true. */
    nestChildChanges: z.boolean().optional(),
    ...paging,
  })
  .strict();

const readLogFilters = {
  createdDateFrom: z.string().optional(),
  createdDateTo: z.string().optional(),
  userName: z.string().optional(),
  ...paging,
};

export const accessLogBodySchema = z
  .object({
    ...readLogFilters,
    objectType: z.string().optional(),
    objectUUIDs: z.array(z.string()).optional(),
  })
  .strict();

export const downloadLogBodySchema = z
  .object({
    ...readLogFilters,
    dokumentversjonUUIDs: z.array(z.string()).optional(),
  })
  .strict();

/** A change-log entry: the spec's keys checked where it gives their type, everything kept. */
export const changeLogEntrySchema = looseJsonObject({
  id: idSchema.optional(),
  type: z.string().optional(),
  revisionId: idSchema.optional(),
  /** CREATE, UPDATE, DELETE, LINK, UNLINK or MOVE. */
  revisionType: z.string(),
  modifiedDate: timestampSchema,
  modifiedBy: z.string().nullable().optional(),
  /** Only for UPDATE, LINK, UNLINK. */
  modifiedField: z.string().nullable().optional(),
  /** Only for UPDATE. */
  modifiedFieldType: z.string().nullable().optional(),
  newValue: jsonValueSchema.optional(),
  oldValue: jsonValueSchema.optional(),
  removedValue: jsonValueSchema.optional(),
  previousParent: jsonValueSchema.optional(),
  currentParent: jsonValueSchema.optional(),
});

export const changeLogResponseSchema = looseJsonObject({
  results: z.array(changeLogEntrySchema),
  total: z.number(),
});

export const accessLogEntrySchema = looseJsonObject({
  createdDate: timestampSchema,
  userName: z.string().nullable().optional(),
  objectType: z.string().optional(),
  objectUUID: z.string().optional(),
  version: idSchema.optional(),
});

export const accessLogResponseSchema = looseJsonObject({
  results: z.array(accessLogEntrySchema),
  hasMore: z.boolean(),
});

export const downloadLogEntrySchema = looseJsonObject({
  createdDate: timestampSchema,
  userName: z.string().nullable().optional(),
  dokumentversjonUUID: z.string().nullable().optional(),
});

export const downloadLogResponseSchema = looseJsonObject({
  results: z.array(downloadLogEntrySchema),
  hasMore: z.boolean(),
});

export type ChangeLogBody = z.infer<typeof changeLogBodySchema>;
export type AccessLogBody = z.infer<typeof accessLogBodySchema>;
export type DownloadLogBody = z.infer<typeof downloadLogBodySchema>;
export type ChangeLogResponse = z.output<typeof changeLogResponseSchema>;
export type ChangeLogResponseWire = z.input<typeof changeLogResponseSchema>;
export type AccessLogResponse = z.output<typeof accessLogResponseSchema>;
export type AccessLogResponseWire = z.input<typeof accessLogResponseSchema>;
export type DownloadLogResponse = z.output<typeof downloadLogResponseSchema>;
export type DownloadLogResponseWire = z.input<typeof downloadLogResponseSchema>;
/** A page of the access or the download log. */
export type PagedLogResponse = AccessLogResponse | DownloadLogResponse;
