/**
 * One archive entity as the views and their commands pass it around: a tree node, a search hit or
 * a command's arguments from a key binding or another extension all come down to a type and an id.
 */
export interface EntityRef {
  /** The concrete entity type (`Saksmappe`, `Journalpost`, `Dokumentversjon`, …). */
  type: string;
  id: string;
  /** A label for titles and messages (identifying fields and title), when known. */
  label?: string;
}

/**
 * The entity a command was given: a tree node or search hit carrying `entity`, an `EntityRef`
 * itself, or `(type, id)` as two strings. Anything else is undefined (arguments are untrusted).
 */
export function entityRefOf(arg: unknown, second?: unknown): EntityRef | undefined {
  if (typeof arg === 'string' && (typeof second === 'string' || typeof second === 'number')) return { type: arg, id: String(second) };
  if (typeof arg !== 'object' || arg === null) return undefined;
  const holder = arg as { entity?: unknown };
  const candidate = typeof holder.entity === 'object' && holder.entity !== null ? holder.entity : arg;
  const { type, id, label } = candidate as { type?: unknown; id?: unknown; label?: unknown };
  if (typeof type !== 'string' || type === '' || (typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return undefined;
  return { type, id: String(id), ...(typeof label === 'string' ? { label } : {}) };
}
