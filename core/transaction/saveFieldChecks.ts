/**
 * Checks of a save's `fields`: only the entity's own fields (rule 1), each value of the field's
 * type and code list, and who may write it. Business specific metadata is handed to bsmChecks.
 */
import { coerceScalar, type ScalarType } from '../scalarCoercion';
import type { Node as JsonNode } from 'jsonc-parser';
import type { Fix, NoarkqDiagnostic } from '../diagnostics';
import type { EntityTypeDef, FieldDef, NoarkModel } from '../schema/types';
import { didYouMean } from '../text/didYouMean';
import type { ActionSyntax } from './actionReader';
import { checkBsm } from './bsmChecks';
import { actionJson, insertActionsAfterEdit, isString, jsonTypeName, propertyOf, removePropertyEdit, replaceNodeEdit, spanOf, type PropertySyntax } from './jsonNodes';
import { fieldNamesOf, fieldOf, referenceNamesOf, referenceOf } from './modelIndex';
import { TxCodes } from './transactionCodes';
import type { TransactionCheckContext } from './transactionContext';
import { containsReference, wholeReferenceOf } from './transactionIds';
import { isValidDate, isValidTimestamp, timestampProblem } from './valueFormats';

const bsmField = 'virksomhetsspesifikkeMetadata';
/** Code lists longer than this are summarised in messages. */
const maxCodesListed = 25;

/** Code sets resolved once per check: live lists win over the model's defaults. */
export class CodeListResolver {
  private readonly resolved = new Map<FieldDef, ReadonlySet<string> | null>();
  constructor(
    private readonly model: NoarkModel,
    private readonly live: ReadonlyMap<string, readonly string[]> | undefined,
  ) {}

  /** The codes a field accepts, or undefined when they are not known (so not checked). */
  codesFor(field: FieldDef): ReadonlySet<string> | undefined {
    const listName = field.codeList;
    if (!listName) return undefined;
    let set = this.resolved.get(field);
    if (set === undefined) {
      const live = this.live?.get(field.name) ?? this.live?.get(listName);
      if (live) set = new Set(live);
      else {
        const def = this.model.codeLists.get(listName);
        set = def && !def.emptyByDefault && def.values.length > 0 ? new Set(def.values.map((v) => v.code)) : null;
      }
      this.resolved.set(field, set);
    }
    return set ?? undefined;
  }
}

export function checkSaveFields(
  action: ActionSyntax,
  type: EntityTypeDef,
  /** This save creates the entity (the first save of a temporary id). */
  created: boolean,
  context: TransactionCheckContext,
  codes: CodeListResolver,
  out: NoarkqDiagnostic[],
): void {
  const children = action.fields?.children;
  if (!children) return;
  // Straight over the property nodes: a large transaction has tens of thousands of fields, and
  // most need no more than their key and value.
  for (let i = 0; i < children.length; i++) {
    const property = children[i];
    const key = keyOf(property);
    if (key === undefined) continue;
    if (isDuplicate(children, i, key)) {
      const keyNode = property.children![0];
      out.push({
        code: TxCodes.duplicateProperty,
        severity: 'error',
        ...spanOf(keyNode),
        message: `\`${key}\` is written twice in \`fields\`; only one is used. Remove one of them.`,
        fixes: [{ title: `Remove this \`${key}\``, edits: [removePropertyEdit(property)] }],
      });
      continue;
    }
    checkField(action, type, property, key, property.children![1], created, context, codes, out);
  }
}

/** The key of a property node (undefined for anything else, as `propertyOf`). */
function keyOf(property: JsonNode): string | undefined {
  if (property.type !== 'property') return undefined;
  const key = property.children?.[0]?.value;
  return typeof key === 'string' ? key : undefined;
}

/** Whether an earlier property has the same key (field lists are short: a scan beats a set). */
function isDuplicate(children: readonly JsonNode[], i: number, key: string): boolean {
  for (let j = 0; j < i; j++) if (keyOf(children[j]) === key) return true;
  return false;
}

function checkField(
  action: ActionSyntax,
  type: EntityTypeDef,
  property: JsonNode,
  key: string,
  value: JsonNode | undefined,
  created: boolean,
  context: TransactionCheckContext,
  codes: CodeListResolver,
  out: NoarkqDiagnostic[],
): void {
  if ((key.startsWith('ref') && /^ref[A-Z]/.test(key)) || referenceOf(type, key)) {
    out.push(referenceInFields(action, type, propertyOf(property)!));
    return;
  }
  if (key === bsmField && !type.bsm) {
    out.push({
      code: TxCodes.bsmNotAllowed,
      severity: 'error',
      ...spanOf(property.children![0]),
      message: `${type.name} cannot carry business specific metadata; remove \`${bsmField}\`.`,
      fixes: [{ title: `Remove \`${bsmField}\``, edits: [removePropertyEdit(property)] }],
    });
    return;
  }
  const field = fieldOf(type, key);
  if (!field) {
    if (key === bsmField) {
      // The model may not list the BSM field on every type that can carry it.
      if (value) checkBsm(value, context, out);
      return;
    }
    const suggestion = didYouMean(key, fieldNamesOf(type));
    const fixes: Fix[] = [];
    if (suggestion) fixes.push({ title: `Rename to \`${suggestion}\``, preferred: true, edits: [replaceNodeEdit(property.children![0], JSON.stringify(suggestion))] });
    fixes.push({ title: `Remove \`${key}\``, edits: [removePropertyEdit(property)] });
    out.push({
      code: TxCodes.unknownField,
      severity: type.fieldsComplete ? 'error' : 'warning',
      ...spanOf(property.children![0]),
      message: `${type.name} has no field \`${key}\`${type.fieldsComplete ? '' : ' that this model knows of'}.${suggestion ? ` Did you mean \`${suggestion}\`?` : ''}`,
      fixes,
    });
    return;
  }
  if (field.writable === 'service') {
    out.push({
      code: TxCodes.serviceField,
      severity: 'warning',
      ...spanOf(property.children![0]),
      message: `\`${key}\` is set by the service; a save cannot set it. Remove it.`,
      fixes: [{ title: `Remove \`${key}\``, edits: [removePropertyEdit(property)] }],
    });
  } else if (field.writable === 'conditional') {
    out.push({
      code: TxCodes.conditionalField,
      severity: 'information',
      ...spanOf(property.children![0]),
      message: `Only accounts with special permission may write \`${key}\`${created ? '; the permission check needs the entity in place, so set such fields in a second save of it after its link' : ''}.`,
    });
  }
  if (value) checkValue(field, value, codes, context, out);
}

function referenceInFields(action: ActionSyntax, type: EntityTypeDef, p: PropertySyntax): NoarkqDiagnostic {
  const ref = referenceOf(type, p.key);
  const suggestion = ref ? undefined : didYouMean(p.key, referenceNamesOf(type));
  const refName = ref?.name ?? suggestion;
  const value = p.value;
  const fixes: Fix[] = [];
  const linkTo = value && isString(value) && value.value.length > 0
    ? value.value
    : value?.type === 'array' && (value.children ?? []).length > 0 && (value.children ?? []).every((c) => isString(c))
      ? (value.children ?? []).map((c) => c.value as string)
      : undefined;
  if (refName && linkTo !== undefined && action.id && action.typeName) {
    fixes.push({
      title: `Turn \`${p.key}\` into a link action`,
      preferred: true,
      edits: [
        removePropertyEdit(p.node),
        insertActionsAfterEdit(action.node, [actionJson({ action: 'link', type: action.typeName, id: action.id.text, ref: refName, linkToId: linkTo })]),
      ],
    });
  }
  fixes.push({ title: `Remove \`${p.key}\``, edits: [removePropertyEdit(p.node)] });
  return {
    code: TxCodes.referenceInFields,
    severity: 'error',
    ...spanOf(p.keyNode),
    message: ref
      ? `\`${p.key}\` is a reference, not a field: a save sets only the entity's own fields (rule 1). Set it with a link action: { "action": "link", "type": "${type.name}", "id": ..., "ref": "${p.key}", "linkToId": ... }.`
      : `\`${p.key}\` is not a field of ${type.name}, and references are never set by save (rule 1): use a link action.${suggestion ? ` Did you mean the reference \`${suggestion}\`?` : ''}`,
    fixes,
  };
}

function checkValue(field: FieldDef, value: JsonNode, codes: CodeListResolver, context: TransactionCheckContext, out: NoarkqDiagnostic[]): void {
  if (value.type === 'null') return;
  if (value.type === 'string' && typeof value.value === 'string') {
    // A whole `{{reference}}` takes its value's JSON type at run time; a partial one is text
    // whose final value is unknown.
    if (wholeReferenceOf(value.value) !== undefined) return;
    if (containsReference(value.value) && field.type !== 'string') return;
  }
  switch (field.type) {
    case 'string':
      if (value.type !== 'string') {
        out.push(scalarMismatch(field, 'string', value, 'a string'));
        return;
      }
      checkStringValue(field, value, codes, out);
      return;
    case 'number':
      if (value.type !== 'number') out.push(scalarMismatch(field, 'number', value, 'a number'));
      return;
    case 'boolean':
      if (value.type !== 'boolean') out.push(scalarMismatch(field, 'boolean', value, 'true or false'));
      return;
    case 'date':
      if (value.type !== 'string') out.push(mismatch(field, value, 'a date string "yyyy-MM-dd"'));
      else if (!isValidDate(value.value as string)) {
        const text = value.value as string;
        const datePart = /^(\d{4}-\d{2}-\d{2})T/.exec(text)?.[1];
        out.push({
          code: TxCodes.invalidDate,
          severity: 'error',
          ...spanOf(value),
          message: `\`${field.name}\` is a date, written "yyyy-MM-dd" (e.g. "2024-08-19"); "${text}" is not.`,
          fixes: datePart && isValidDate(datePart) ? [{ title: `Keep the date "${datePart}"`, preferred: true, edits: [replaceNodeEdit(value, JSON.stringify(datePart))] }] : undefined,
        });
      }
      return;
    case 'timestamp':
      if (value.type !== 'string') out.push(mismatch(field, value, 'a timestamp string'));
      else if (!isValidTimestamp(value.value as string)) {
        const text = value.value as string;
        out.push({
          code: TxCodes.invalidTimestamp,
          severity: 'error',
          ...spanOf(value),
          message: `\`${field.name}\` is a timestamp, written "yyyy-MM-ddTHH:mm:ss.SSS" with an offset (e.g. "2024-08-19T09:09:39.315+0200"); in "${text}" ${timestampProblem(text)}.`,
        });
      }
      return;
    case 'object':
      if (field.name === bsmField) checkBsm(value, context, out);
      else if (value.type !== 'object') out.push(mismatch(field, value, 'an object'));
      return;
  }
}

function checkStringValue(field: FieldDef, value: JsonNode, codes: CodeListResolver, out: NoarkqDiagnostic[]): void {
  const text = value.value as string;
  if (containsReference(text)) return;
  const codeSet = codes.codesFor(field);
  if (codeSet && !codeSet.has(text)) {
    const all = [...codeSet];
    const caseMatch = all.find((c) => c.toLowerCase() === text.toLowerCase());
    const listed = all.length > maxCodesListed ? `${all.slice(0, maxCodesListed).join(', ')}, ... (${all.length} codes)` : all.join(', ');
    out.push({
      code: TxCodes.unknownCode,
      severity: 'warning',
      ...spanOf(value),
      message: `"${text}" is not a code of the ${field.codeList} code list${all.length ? `; valid codes: ${listed}` : ''}.${caseMatch ? ` Did you mean "${caseMatch}"?` : ''}`,
      fixes: caseMatch ? [{ title: `Change to "${caseMatch}"`, preferred: true, edits: [replaceNodeEdit(value, JSON.stringify(caseMatch))] }] : undefined,
    });
    return;
  }
  if (field.allowedValues && field.allowedValues.length > 0 && !field.allowedValues.includes(text)) {
    out.push({
      code: TxCodes.valueNotAllowed,
      severity: 'warning',
      ...spanOf(value),
      message: `\`${field.name}\` takes one of ${field.allowedValues.join(', ')}; "${text}" is not one of them.`,
    });
  }
}

/** A scalar of the wrong JSON type: a warning where the archive converts it exactly (the vendor's
 * samples send `"versjonsnummer": "1"` and an uploaded file id as a number), else an error. */
function scalarMismatch(field: FieldDef, type: ScalarType, value: JsonNode, expected: string): NoarkqDiagnostic {
  const converted = coerceScalar(value.value, type);
  if (converted.kind !== 'coerced') return mismatch(field, value, expected);
  const canonical = JSON.stringify(converted.value);
  return {
    code: TxCodes.fieldValueCoerced,
    severity: 'warning',
    ...spanOf(value),
    message: `\`${field.name}\` takes ${expected}; the archive converts this ${jsonTypeName(value)}, but send ${canonical}.`,
    fixes: [{ title: `Change to ${canonical}`, preferred: true, edits: [replaceNodeEdit(value, canonical)] }],
  };
}

function mismatch(field: FieldDef, value: JsonNode, expected: string, replacement?: string): NoarkqDiagnostic {
  return {
    code: TxCodes.fieldTypeMismatch,
    severity: 'error',
    ...spanOf(value),
    message: `\`${field.name}\` takes ${expected}, not ${jsonTypeName(value) === 'null' ? 'null' : `a ${jsonTypeName(value)}`}.`,
    fixes: replacement !== undefined ? [{ title: `Change to ${replacement}`, preferred: true, edits: [replaceNodeEdit(value, replacement)] }] : undefined,
  };
}
