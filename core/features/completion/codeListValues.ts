/**
 * The values a field takes from a closed set: its code list (live codes from the archive win over
 * the model's defaults) or the model's allowed values.
 */
import type { CodeValue, FieldDef, NoarkModel } from '../../schema/types';

export interface FieldValueSet {
  /** Code-list name, or undefined for a closed set that is not a code list. */
  listName: string | undefined;
  values: readonly CodeValue[];
  defaultCode: string | undefined;
  /** The values came from the archive (the client fetched them), not the shipped defaults. */
  live: boolean;
}

export function fieldValueSet(
  field: FieldDef,
  model: NoarkModel,
  liveLists: ReadonlyMap<string, readonly CodeValue[]> | undefined,
): FieldValueSet | undefined {
  const listName = field.codeList;
  if (listName) {
    const def = model.codeLists.get(listName);
    const defaultCode = def?.defaultCode ?? (typeof field.defaultValue === 'string' ? field.defaultValue : undefined);
    const live = liveLists?.get(field.name) ?? liveLists?.get(listName);
    if (live) return { listName, values: live, defaultCode, live: true };
    if (def && def.values.length > 0) return { listName, values: def.values, defaultCode, live: false };
    return undefined;
  }
  if (field.allowedValues && field.allowedValues.length > 0) {
    const defaultCode = typeof field.defaultValue === 'string' ? field.defaultValue : undefined;
    return { listName: undefined, values: field.allowedValues.map((code) => ({ code, name: code })), defaultCode, live: false };
  }
  return undefined;
}
