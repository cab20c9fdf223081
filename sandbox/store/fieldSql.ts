/**
 * The SQL expression of a field of a stored entity. Entities keep their non-reference fields in
 * one jsonb column; a number field is compared as `numeric`, everything else as text (dates and
 * canonical timestamps sort correctly as text). The schema builds its expression indexes with these
 * same functions, so the query compiler's expressions always match an index.
 */
import type { FieldDef, NoarkModel } from '../../core/schema';

const safeName = /^[A-Za-z][A-Za-z0-9]*$/;

export type FieldSqlKind = 'id' | 'version' | 'number' | 'text';

export function fieldSqlKind(field: Pick<FieldDef, 'name' | 'type'>): FieldSqlKind {
  if (field.name === 'id') return 'id';
  if (field.name === 'version') return 'version';
  return field.type === 'number' ? 'number' : 'text';
}

/** `alias` is a table alias (`e0`), or '' inside index definitions. */
export function fieldSql(alias: string, field: Pick<FieldDef, 'name' | 'type'>): string {
  if (!safeName.test(field.name)) throw new Error(`unsafe field name ${JSON.stringify(field.name)}`);
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  switch (fieldSqlKind(field)) {
    case 'id':
      return column('id');
    case 'version':
      return column('version');
    case 'number':
      return `((${column('fields')}->>'${field.name}')::numeric)`;
    case 'text':
      return `(${column('fields')}->>'${field.name}')`;
  }
}

/** Fields the typical integration flows look up by although the spec marks no `I` on them. */
const extraIndexedFields = ['saksaar', 'sakssekvensnummer', 'klasseIdent', 'mappeIdent', 'registreringsIdent', 'eksterntSystem', 'eksternID', 'referanseDokumentfil'];

/** Every field that gets an expression index: the model's indexed fields plus a few lookup keys. */
export function indexedFields(model: NoarkModel): Pick<FieldDef, 'name' | 'type'>[] {
  const byName = new Map<string, Pick<FieldDef, 'name' | 'type'>>();
  for (const type of model.types) {
    if (type.abstract) continue;
    for (const field of type.fields) {
      if (field.name === 'id' || field.name === 'version') continue;
      if (field.indexed || extraIndexedFields.includes(field.name)) {
        const known = byName.get(field.name);
        if (!known || (known.type !== 'number' && field.type === 'number' && field.indexed)) byName.set(field.name, { name: field.name, type: field.type });
      }
    }
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
