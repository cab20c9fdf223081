/**
 * Which entity a full-text hit stands for. A hit's `ids` name more than its entity: everything
 * above it (`AbstraktMappe.id`, `Klasse.id`, `Arkivdel.id`) and, for anything at or below a
 * registry entry, every correspondence party of that entry (`Korrespondansepart.id`). So neither
 * "the deepest key" nor "the only key" is the answer: a `Registrering` hit that lists three
 * parties is about the registry entry, not about a party.
 *
 * Each collection (`doctype`) indexes one kind of entity, its subject: the text of a
 * Dokumentversjon's file (`Tekst`), a Korrespondansepart, a registry entry, a folder, a series.
 * The hit reveals its subject; the archive names it first under its key, which matters for a
 * party, whose registry entry's other parties share that key. When the subject's key is missing
 * (a deployment that keys differently), the nearest entity above it that the hit names is the
 * next best place in the tree.
 *
 * Folders and registry entries are keyed by their abstract types; the ref keeps that type, and
 * whoever reveals it asks the archive for the concrete one (`entityLookup.ts`).
 */
import type { EntityRef } from '../archive/entityRef';

/** The subject of each collection, then the entities above it, nearest first. */
const revealOrder: Record<string, readonly string[]> = {
  Tekst: ['Dokumentversjon', 'Dokument', 'AbstraktRegistrering', 'AbstraktMappe', 'Klasse', 'Arkivdel'],
  Korrespondansepart: ['Korrespondansepart', 'AbstraktRegistrering', 'AbstraktMappe', 'Klasse', 'Arkivdel'],
  Registrering: ['AbstraktRegistrering', 'AbstraktMappe', 'Klasse', 'Arkivdel'],
  Mappe: ['AbstraktMappe', 'Klasse', 'Arkivdel'],
  Arkivdel: ['Arkivdel'],
};

/** The spec's default collection, for a request that named none. */
const defaultDoctype = 'Tekst';

/** The entity `ids` (a hit's, as the archive sent it) stands for in a search of `doctype`;
 * undefined when it names none of the entities the collection's hits are about. */
export function hitEntity(doctype: string | undefined, ids: unknown): EntityRef | undefined {
  if (typeof ids !== 'object' || ids === null || Array.isArray(ids)) return undefined;
  const named = ids as Record<string, unknown>;
  const order = revealOrder[doctype ?? defaultDoctype] ?? revealOrder[defaultDoctype]!;
  for (const type of order) {
    const value = named[`${type}.id`];
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    if ((typeof first === 'string' && /^\d+$/.test(first)) || (typeof first === 'number' && Number.isSafeInteger(first) && first >= 0)) {
      return { type, id: String(first) };
    }
  }
  return undefined;
}
