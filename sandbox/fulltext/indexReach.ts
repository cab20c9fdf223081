/**
 * Which full-text index entries a batch of change-log rows reaches. An entry is built from its
 * subject and the chain above it (fullTextEntries.ts), so a change reaches:
 *   - the changed entity's own entry (every revision type);
 *   - for UPDATE, the entries of other subjects that show the entity's texts (`textDependents`:
 *     renaming a case file reaches the documents below it, renaming the series reaches nothing
 *     else);
 *   - for DELETE, every entry that names the entity;
 *   - for LINK, UNLINK and MOVE of a link `chain` follows (child → parent), every entry that names
 *     the child (its own and those below it), and for a correspondence party's `refRegistrering`
 *     also those naming the registry entry, whose entries list its parties. The parent's other entries do not
 *     change when it gains or loses a child: linking a new case file to a series must not rebuild
 *     the whole series (it once rebuilt 145,000 entries in one transaction).
 * A CREATE reaches nothing but the new entity's own entry: nothing names an entity before it exists.
 */
import type { JsonValue } from '../../core/jsonValue';
import type { NoarkModel } from '../../core/schema';
import { isCanonicalSide } from '../store/linkModel';
import { doctypeOf, structuralRefs, textDependents, type Doctype } from './fullTextEntries';

export interface ChangeRow {
  entity_id: string | number;
  entity_type: string;
  revision_type: string;
  modified_field: string | null;
  new_value: Record<string, JsonValue> | null;
  removed_value: Record<string, JsonValue> | null;
  previous_parent: Record<string, JsonValue> | null;
  current_parent: Record<string, JsonValue> | null;
}

export interface Subject {
  doctype: Doctype;
  id: number;
}

export interface IndexReach {
  /** Entries to rebuild by subject, keyed `doctype \0 id`. */
  own: Map<string, Subject>;
  /** Ids every entry naming which is rebuilt. */
  named: Set<number>;
  /** Ids the entries naming which are rebuilt when of the listed collections, grouped by those collections (joined with ','). */
  shownIn: Map<string, Set<number>>;
}

export function subjectKey(doctype: Doctype, id: number): string {
  return `${doctype}\u0000${id}`;
}

function idOf(value: JsonValue | undefined): number | undefined {
  if (typeof value === 'string' && /^\d{1,18}$/.test(value)) return Number(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  return undefined;
}

/** The ids on the other side of a LINK, UNLINK or MOVE row. */
function otherSide(r: ChangeRow): number[] {
  const values =
    r.revision_type === 'MOVE'
      ? [r.previous_parent?.id, r.current_parent?.id]
      : [...Object.values(r.new_value ?? {}), ...Object.values(r.removed_value ?? {})];
  return values.map(idOf).filter((id): id is number => id !== undefined);
}

export function emptyReach(): IndexReach {
  return { own: new Map(), named: new Set(), shownIn: new Map() };
}

/** Adds what `rows` reach to `reach`. */
export function addReach(reach: IndexReach, rows: readonly ChangeRow[], model: NoarkModel): IndexReach {
  for (const r of rows) {
    const id = Number(r.entity_id);
    const doctype = doctypeOf(r.entity_type);
    if (doctype) reach.own.set(subjectKey(doctype, id), { doctype, id });
    switch (r.revision_type) {
      case 'CREATE':
        break;
      case 'UPDATE': {
        const shown = textDependents(r.entity_type);
        if (shown.length === 0) break;
        const group = shown.join(',');
        let ids = reach.shownIn.get(group);
        if (!ids) reach.shownIn.set(group, (ids = new Set()));
        ids.add(id);
        break;
      }
      case 'LINK':
      case 'UNLINK':
      case 'MOVE': {
        const others = otherSide(r);
        const member = r.modified_field ? model.lookupMember(r.entity_type, r.modified_field) : undefined;
        if (member?.kind !== 'reference') {
          // A reference the model does not know: reach everything either side names.
          for (const x of [id, ...others]) reach.named.add(x);
          break;
        }
        const canonical = isCanonicalSide(member.reference);
        const storedRef = canonical ? member.reference.name : (member.reference.inverse ?? member.reference.name);
        if (!structuralRefs.includes(storedRef)) break;
        const [children, parents] = canonical ? [[id], others] : [others, [id]];
        for (const x of children) reach.named.add(x);
        const childType = canonical ? r.entity_type : member.reference.target;
        if (storedRef === 'refRegistrering' && childType === 'Korrespondansepart') for (const x of parents) reach.named.add(x);
        break;
      }
      default:
        // DELETE, and any revision type added later.
        reach.named.add(id);
    }
  }
  return reach;
}
