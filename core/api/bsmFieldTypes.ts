/** The `fieldType`s of BSM fields, as the bsm-registry endpoint names them. The vendor documents
 * the first five; its Java client also has `uri` and `boolean` (client/bsm/FieldType.java), so a
 * registry made with it may hold them. Zod-free, so that the checker can read them. */
export const bsmFieldTypes = ['string', 'long', 'double', 'timestamp', 'encrypted', 'uri', 'boolean'] as const;

/** `fieldType` of a BSM field, as the bsm-registry endpoint returns it. */
export type BsmFieldType = (typeof bsmFieldTypes)[number];
