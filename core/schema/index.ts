/** The Noark model: entity types, code-list defaults and the lookups over them. */
export type {
  Cardinality,
  CodeListDef,
  CodeValue,
  CreationRule,
  EntityTypeDef,
  FieldDef,
  FieldType,
  LinkWay,
  MemberLookup,
  NoarkModel,
  ReferenceDef,
  ReferenceDirection,
  Source,
  Writability,
} from './types';
export { entityTypes, mergeFieldDefs, mergeReferenceDefs } from './entityTypes';
export { defaultCodeLists } from './codeLists';
export { createNoarkModel, noarkModel } from './model';
export { identifyingFields } from './identifyingFields';
