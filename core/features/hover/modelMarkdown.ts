/**
 * How the model's types, fields, references and codes are described to the user. Hover and
 * completion documentation share these texts, so what a completion item says about a field is
 * what hovering it later says.
 */
import type { Cardinality, CodeValue, EntityTypeDef, FieldDef, MemberLookup, NoarkModel, ReferenceDef } from '../../schema/types';

/** `string · M020` */
export function fieldDetail(field: FieldDef): string {
  const flags = fieldFlags(field);
  return [field.type, field.mNumber, flags.length > 0 ? flags.join(', ') : undefined].filter((x) => x !== undefined).join(' · ');
}

/** The short flags shown after a field's type: `indexed, sortable, code list journalposttype`. */
export function fieldFlags(field: FieldDef): string[] {
  const flags: string[] = [];
  if (field.indexed) flags.push('indexed');
  if (field.sortable) flags.push('sortable');
  if (!field.queryable) flags.push('not queryable');
  if (field.codeList) flags.push(`code list ${field.codeList}`);
  if (field.writable === 'service') flags.push('set by the service');
  else if (field.writable === 'conditional') flags.push('writable with permission');
  if (field.defaultValue !== undefined) flags.push(`default ${JSON.stringify(field.defaultValue)}`);
  else if (field.hasDefault) flags.push('defaulted');
  return flags;
}

export function fieldMarkdown(field: FieldDef, owner?: string, lookup?: MemberLookup): string {
  const head = `**${field.name}**${owner ? ` — field of ${owner}` : ''}`;
  const lines = [head, '', `\`${field.type}\`${field.mNumber ? ` · ${field.mNumber}` : ''}${typeHint(field)}`];
  const flags = fieldFlags(field);
  if (flags.length > 0) lines.push('', flags.join(' · '));
  if (field.allowedValues && field.allowedValues.length > 0) lines.push('', `Values: ${field.allowedValues.map((v) => `\`${v}\``).join(', ')}`);
  if (field.notes) lines.push('', field.notes);
  if (lookup?.partial) lines.push('', `Only on ${lookup.presentIn.join(', ')}.`);
  if (field.source === 'reference') lines.push('', '_From the vendor reference (the spec does not show it)._');
  return lines.join('\n');
}

function typeHint(field: FieldDef): string {
  if (field.type === 'date') return ' (`yyyy-MM-dd`)';
  if (field.type === 'timestamp') return " (`yyyy-MM-dd'T'HH:mm:ss.SSSZ`)";
  return '';
}

export function cardinalityText(cardinality: Cardinality): string {
  switch (cardinality) {
    case '1':
      return 'exactly one';
    case '0..1':
      return 'at most one';
    case '0..*':
      return 'any number';
    case '1..*':
      return 'one or more';
  }
}

/** `→ AbstraktMappe (1)` */
export function referenceDetail(reference: ReferenceDef): string {
  return `→ ${reference.target} (${reference.cardinality})`;
}

export function referenceFlags(reference: ReferenceDef): string[] {
  const flags: string[] = [];
  if (reference.direction === 'parent') flags.push('points to the parent');
  else if (reference.direction === 'child') flags.push('points to children');
  if (reference.linkable) flags.push('linkable');
  if (reference.unlinkable) flags.push('unlinkable');
  if (reference.returned) flags.push('returned in `links`');
  if (reference.requiredOnCreate) flags.push('required on create');
  if (reference.owner) flags.push('owner');
  return flags;
}

export function referenceMarkdown(reference: ReferenceDef, owner?: string, lookup?: MemberLookup): string {
  const lines = [
    `**${reference.name}**${owner ? ` — reference of ${owner}` : ''}`,
    '',
    `→ **${reference.target}**, ${reference.cardinality} (${cardinalityText(reference.cardinality)})`,
  ];
  const flags = referenceFlags(reference);
  if (flags.length > 0) lines.push('', flags.join(' · '));
  if (reference.inverse) lines.push('', `Seen from ${reference.target}: \`${reference.inverse}\`.`);
  if (reference.notes) lines.push('', reference.notes);
  if (lookup?.partial) lines.push('', `Only on ${lookup.presentIn.join(', ')}.`);
  if (reference.source === 'reference') lines.push('', '_From the vendor reference (the spec does not show it)._');
  return lines.join('\n');
}

export function memberMarkdown(lookup: MemberLookup, owner: string): string {
  return lookup.kind === 'field' ? fieldMarkdown(lookup.field, owner, lookup) : referenceMarkdown(lookup.reference, owner, lookup);
}

/** `Registry Entry · transactable` */
export function typeDetail(type: EntityTypeDef): string {
  const parts: string[] = [];
  if (type.title) parts.push(type.title);
  parts.push(type.abstract ? 'abstract' : type.transactable ? 'query, transaction' : type.queryable ? 'query' : 'not queryable');
  return parts.join(' · ');
}

export function typeMarkdown(type: EntityTypeDef, model: NoarkModel): string {
  const lines = [`**${type.name}**${type.title ? ` — ${type.title}` : ''}`];
  if (type.description) lines.push('', type.description);
  if (type.abstract) lines.push('', `Abstract type, usable in queries only; stands for ${model.concreteTypes(type.name).join(', ')}.`);
  else if (type.supertypes.length > 0) lines.push('', `Subtype of ${type.supertypes.join(', ')}.`);
  const uses: string[] = [];
  if (type.queryable) uses.push('query');
  if (type.transactable) uses.push('transaction');
  if (type.bsm) uses.push('business specific metadata');
  if (uses.length > 0) lines.push('', `Usable in: ${uses.join(', ')}.`);
  lines.push('', `${type.fields.length} fields, ${type.references.length} references${type.fieldsComplete ? '' : ' (field list not complete)'}.`);
  return lines.join('\n');
}

export function codeValueMarkdown(value: CodeValue, listName: string, isDefault: boolean): string {
  const lines = [`**${value.code}** — ${value.name}`];
  if (value.description) lines.push('', value.description);
  lines.push('', `Code list \`${listName}\`${isDefault ? ' (the default code)' : ''}.`);
  return lines.join('\n');
}

/** A JSON value shown in hovers, shortened so one long value does not fill the hover. */
export function jsonPreview(value: unknown, max = 400): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? 'undefined';
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A fenced block that cannot be broken by backticks inside the value. */
export function codeBlock(text: string, language = 'json'): string {
  const fence = text.includes('```') ? '````' : '```';
  return `${fence}${language}\n${text}\n${fence}`;
}
