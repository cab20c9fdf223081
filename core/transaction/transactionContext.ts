/**
 * What the transaction checker is told about the world around one TRANSACTION body: the model,
 * what `{{references}}` stand for, and live server data (BSM registry, code lists) when the
 * client has fetched them. The checker never fetches anything itself.
 */
import type { NoarkModel } from '../schema/types';

/** The `fieldType`s of BSM fields, as the bsm-registry endpoint names them. The vendor documents
 * the first five; its Java client also has `uri` and `boolean` (client/bsm/FieldType.java), so a
 * registry made with it may hold them. */
export const bsmFieldTypes = ['string', 'long', 'double', 'timestamp', 'encrypted', 'uri', 'boolean'] as const;

/** `fieldType` of a BSM field, as the bsm-registry endpoint returns it. */
export type BsmFieldType = (typeof bsmFieldTypes)[number];

/** One field of a BSM group (`GET bsm-registry` → `results[].fields[]`). */
export interface BsmField {
  fieldId: string;
  fieldName?: string;
  fieldDescription?: string;
  /** Kept as a plain string: a server may know types this client does not (those are not checked). */
  fieldType: BsmFieldType | string;
  /** Present when the field accepts only these values. */
  fieldValues?: readonly string[];
}

/** One BSM group (`GET bsm-registry` → `results[]`). */
export interface BsmGroup {
  groupId: string;
  groupName?: string;
  groupDescription?: string;
  fields: readonly BsmField[];
}

export interface TransactionCheckContext {
  model: NoarkModel;
  /** Entity type an id written as `{{block.path}}` stands for (e.g. the type of a QUERY block's
   * results), or undefined when unknown. Gets the reference text without braces, e.g.
   * `findCase.results[0].id`. */
  referenceType?: (reference: string) => string | undefined;
  /** Live BSM registry (GET bsm-registry results), when the client has one. */
  bsmRegistry?: readonly BsmGroup[];
  /** Live code lists (`field` → codes), overriding the model's defaults where given. */
  codeLists?: ReadonlyMap<string, readonly string[]>;
}
