/**
 * What the vendor's full-text search takes in `expand` and `filters` (vendor notes §1.5; the
 * vendor's "04 - Web services.md", full-text search, since 3.5.1), as data shared by the checker,
 * completion and the sandbox.
 *
 * `expand` names the entity types whose objects come back with each hit: the vendor lists
 * Klasse, AbstraktMappe, AbstraktRegistrering, Dokument, Dokumentversjon, Arkivdel and
 * Korrespondansepart; a concrete type (`Journalpost`, `Saksmappe`) stands for the objects of that
 * type among its abstract type's ids, answered under the name the request gave.
 *
 * A filter names a field as `<Type>.<field>`, the form of the highlight keys (`AbstraktMappe.
 * saksaar`, `Journalpost.journalposttype`). The vendor's own index field names are not documented
 * ("clients must not make an assumption"), so a name in another form is not refused: it matches
 * no index entry, as a filter on a field an entry lacks does.
 */
import type { NoarkModel } from '../schema/types';

export const fullTextExpandKeys = ['Klasse', 'AbstraktMappe', 'AbstraktRegistrering', 'Dokument', 'Dokumentversjon', 'Arkivdel', 'Korrespondansepart'] as const;
export type FullTextExpandKey = (typeof fullTextExpandKeys)[number];

/** The `ids` key type (`AbstraktMappe` for a `Saksmappe`) under which the objects of `type` appear
 * in a hit, or undefined when no hit names them. */
export function fullTextKeyOf(model: NoarkModel, type: string): FullTextExpandKey | undefined {
  const concrete = model.concreteTypes(type);
  if (concrete.length === 0) return undefined;
  return fullTextExpandKeys.find((key) => concrete.every((c) => model.isAssignable(c, key)));
}

export interface FullTextFilterField {
  /** The `ids` key type whose objects the filter reads. */
  key: FullTextExpandKey;
  /** The concrete types of those objects the filter accepts. */
  types: string[];
  field: string;
}

/** The objects and field a filter name reads, or undefined for a name no index entry holds. */
export function fullTextFilterField(model: NoarkModel, name: string): FullTextFilterField | undefined {
  const dot = name.indexOf('.');
  if (dot <= 0) return undefined;
  const type = name.slice(0, dot);
  const field = name.slice(dot + 1);
  const key = fullTextKeyOf(model, type);
  if (!key) return undefined;
  const member = model.lookupMember(type, field);
  if (!member || member.kind !== 'field') return undefined;
  return { key, types: model.concreteTypes(type), field };
}

/** Filter names completion offers: every queryable field of each expandable type, `<Type>.<field>`. */
export function fullTextFilterNames(model: NoarkModel): string[] {
  const names: string[] = [];
  for (const key of fullTextExpandKeys) {
    for (const member of model.memberNames(key)) {
      if (fullTextFilterField(model, `${key}.${member}`)) names.push(`${key}.${member}`);
    }
  }
  return names;
}
