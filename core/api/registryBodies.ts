/** Code lists and the BSM registry: `GET`/`PUT` bodies of `code-lists` and `bsm-registry`. */
import { z } from 'zod';
import { bsmFieldTypes, type BsmFieldType } from './bsmFieldTypes';
import { looseJsonObject } from './wireValues';

export { bsmFieldTypes, type BsmFieldType };

// ---- Code lists ----

export const codeListValueSchema = looseJsonObject({
  code: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  /** Only values of the skjerming code list have one. */
  authority: z.string().optional(),
});

/** A list's default value: an archive names it without its authority. */
export const codeListDefaultValueSchema = looseJsonObject({
  code: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
});

export const codeListSchema = looseJsonObject({
  type: z.string(),
  /** The field name, which identifies the code list. */
  field: z.string(),
  defaultValue: codeListDefaultValueSchema.nullable().optional(),
  values: z.array(codeListValueSchema),
});

export const codeListsResponseSchema = looseJsonObject({ results: z.array(codeListSchema) });

/** `PUT code-lists/{field}/{code}`. */
export const codeListValueBodySchema = z
  .object({
    name: z.string().optional(),
    description: z.string().optional(),
    authority: z.string().optional(),
  })
  .strict();

export type CodeListValue = z.output<typeof codeListValueSchema>;
export type CodeListDefaultValue = z.output<typeof codeListDefaultValueSchema>;
export type CodeList = z.output<typeof codeListSchema>;
export type CodeListsResponse = z.output<typeof codeListsResponseSchema>;
export type CodeListsResponseWire = z.input<typeof codeListsResponseSchema>;
export type CodeListValueBody = z.infer<typeof codeListValueBodySchema>;

// ---- BSM registry ----

export const bsmFieldSchema = looseJsonObject({
  fieldId: z.string(),
  fieldName: z.string().optional(),
  fieldDescription: z.string().optional(),
  /** Kept as a plain string: a server may know types this client does not (those are not checked). */
  fieldType: z.string(),
  /** Present when the field accepts only these values. */
  fieldValues: z.array(z.string()).optional(),
});

const bsmGroupHeadShape = {
  groupId: z.string(),
  groupName: z.string().optional(),
  groupDescription: z.string().optional(),
};
/** A group without its fields: the answer of `PUT bsm-registry/group/{groupId}`. */
export const bsmGroupHeadSchema = looseJsonObject(bsmGroupHeadShape);

export const bsmGroupSchema = looseJsonObject({ ...bsmGroupHeadShape, fields: z.array(bsmFieldSchema) });

export const bsmRegistryResponseSchema = looseJsonObject({ results: z.array(bsmGroupSchema) });

/** `PUT bsm-registry/group/{groupId}`. */
export const bsmGroupBodySchema = z
  .object({
    groupName: z.string().optional(),
    groupDescription: z.string().optional(),
  })
  .strict();

/** `PUT bsm-registry/group/{groupId}/field/{fieldId}`: `fieldValues: null` clears the list. */
export const bsmFieldBodySchema = z
  .object({
    fieldName: z.string().optional(),
    fieldDescription: z.string().optional(),
    /** One of `bsmFieldTypes` (the archive decides; a newer one may know more). */
    fieldType: z.string().optional(),
    fieldValues: z.array(z.string()).nullable().optional(),
  })
  .strict();

/** One field of a BSM group (`GET bsm-registry` → `results[].fields[]`). */
export type BsmField = z.output<typeof bsmFieldSchema>;
/** One BSM group (`GET bsm-registry` → `results[]`). */
export type BsmGroup = z.output<typeof bsmGroupSchema>;
export type BsmGroupHead = z.output<typeof bsmGroupHeadSchema>;
export type BsmRegistryResponse = z.output<typeof bsmRegistryResponseSchema>;
export type BsmRegistryResponseWire = z.input<typeof bsmRegistryResponseSchema>;
export type BsmGroupBody = z.infer<typeof bsmGroupBodySchema>;
export type BsmFieldBody = z.infer<typeof bsmFieldBodySchema>;
