/**
 * The words of a transaction action as the spec defines them: its keys, which keys each verb
 * takes, and what each verb does. Completion offers them; hover explains them.
 */

export interface KeyDef {
  key: string;
  /** The value part of the `"key": value` snippet. */
  snippet: string;
  documentation: string;
  /** Open the suggestions for the value after inserting the key. */
  retrigger?: boolean;
}

export const keyDefs: readonly KeyDef[] = [
  { key: 'action', snippet: '"${1|save,link,unlink,delete|}"', documentation: '`save`, `link`, `unlink` or `delete` (delete only with special permission).' },
  { key: 'type', snippet: '"$1"', documentation: 'The entity type affected, e.g. `Journalpost`.', retrigger: true },
  { key: 'id', snippet: '"$1"', documentation: 'An existing entity: its numeric id. A new entity: a non-numeric temporary id, valid only within the transaction.' },
  { key: 'fields', snippet: '{ $0 }', documentation: '`save` only: the entity\'s own fields and values (never references: those are set with `link`).' },
  { key: 'version', snippet: '"$1"', documentation: '`save` and `delete`: the entity version, for optimistic locking.' },
  { key: 'ref', snippet: '"$1"', documentation: '`link` / `unlink`: the reference field of `type` (links go from the child toward the parent).', retrigger: true },
  { key: 'linkToId', snippet: '"$1"', documentation: '`link`: id (or array of ids) of the referenced entity; may be a temporary id saved earlier in this transaction.', retrigger: true },
  { key: 'unlinkFromId', snippet: '"$1"', documentation: '`unlink`: id of the entity to disconnect.', retrigger: true },
];

export const keysByVerb: Record<string, readonly string[]> = {
  save: ['action', 'type', 'id', 'fields', 'version'],
  link: ['action', 'type', 'id', 'ref', 'linkToId'],
  unlink: ['action', 'type', 'id', 'ref', 'unlinkFromId'],
  delete: ['action', 'type', 'id', 'version'],
};

export const verbDocs: [string, string][] = [
  ['save', 'Creates an entity (temporary id) or updates one (numeric id): `fields` holds its own fields.'],
  ['link', 'Connects the entity through `ref` to `linkToId` (from the child toward the parent).'],
  ['unlink', 'Removes a link (`ref`, `unlinkFromId`); not from a parent the entity cannot exist without.'],
  ['delete', 'Deletes the entity; needs special permission, or the whole transaction fails.'],
];

