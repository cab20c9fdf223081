/**
 * The shape of the Noark model. The data lives in `entityTypes.ts`; lookups in `model.ts`.
 * Everything here is plain data so that the checkers, the language server, the CLI and the
 * sandbox read one model and can never disagree.
 */

/** JSON type of a field's value on the wire. `date` is `yyyy-MM-dd`; `timestamp` is
 * `yyyy-MM-dd'T'HH:mm:ss.SSSZ` (milliseconds, numeric offset). */
export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'timestamp' | 'object';

/** Who may write a field in a `save`: anyone (`W`), only with special permission (`cw`), or
 * nobody because the service sets it (`sm`, or "set by the service" in the spec). */
export type Writability = 'writable' | 'conditional' | 'service';

/** Where a fact comes from: the spec rules; the vendor reference fills what it marks "not shown". */
export type Source = 'spec' | 'reference';

export interface FieldDef {
  name: string;
  type: FieldType;
  /** Noark 5 metadata number, e.g. `M020`. */
  mNumber?: string;
  /** I: indexed. */
  indexed: boolean;
  /** S: sortable. */
  sortable: boolean;
  /** False for NQ fields (e.g. virksomhetsspesifikkeMetadata). */
  queryable: boolean;
  writable: Writability;
  /** NN in the reference: the entity always has a value (given or defaulted). */
  notNull: boolean;
  /** Name of the code list whose codes this field takes (same as the field name in practice). */
  codeList?: string;
  /** Default the service fills in when the field is not given (a code for code-list fields). */
  defaultValue?: string | number | boolean;
  /** The service fills a default (DEF), whether or not we know its value. */
  hasDefault: boolean;
  /** Closed set of allowed values that is not a code list (e.g. eInnsynStatus). */
  allowedValues?: string[];
  /** The spec's (or reference's) note, for hover and completion documentation. */
  notes?: string;
  source: Source;
}

/** `1` and `1..*` mean required; `0..1`/`1` are to-one, `0..*`/`1..*` to-many. */
export type Cardinality = '0..1' | '1' | '0..*' | '1..*';

/**
 * How a link relates the two sides: `parent` — this reference points up the structure (the child
 * side, where links are made from); `child` — it points down (the parent side, normally not
 * linked from); `peer` — neither (secondary classes, cross references, precedents).
 */
export type ReferenceDirection = 'parent' | 'child' | 'peer';

export interface ReferenceDef {
  name: string;
  /** Target entity type; may be abstract (AbstraktMappe, AbstraktRegistrering, ...). */
  target: string;
  cardinality: Cardinality;
  /** Must be linked in the transaction that creates the entity (alone or as one of a group: see
   * the type's creation rules for "exactly one of"). */
  requiredOnCreate: boolean;
  /** V: returned in `links` of query and transaction results. */
  returned: boolean;
  /** L: may be used in a `link` action from this side (the vendor's flag; on a parent-side
   * reference the archive accepts it, though rule 3 shows links made from the child). */
  linkable: boolean;
  /** U: may be used in an `unlink` action from this side. */
  unlinkable: boolean;
  /** A parent-side reference the spec itself names as one links are made through (Arkiv
   * `refArkivskaper`, `refArkivdel`): linking through it is the canonical form, not a variant. */
  specLinkSide?: boolean;
  /** Name of the same link seen from the target's side, where known. */
  inverse?: string;
  direction: ReferenceDirection;
  /** The entity is owned by the target through this reference and cannot be linked elsewhere
   * (Arkivskaper → Arkiv, Korrespondansepart → Journalpost, Dokument → record, ...). */
  owner: boolean;
  notes?: string;
  source: Source;
}

/** One way a creation requirement can be met inside the creating transaction. */
export type LinkWay =
  /** The new entity itself is linked through `ref` (e.g. Journalpost `refMappe`). */
  | { from: 'self'; ref: string }
  /** Another entity of `type` links to the new one through `ref` (e.g. Korrespondansepart
   * `refRegistrering` → the new Journalpost). */
  | { from: 'other'; type: string; ref: string };

/** What a `save` that creates an entity needs in the same transaction; data, not code. */
export type CreationRule =
  | {
      kind: 'link';
      /** Any of these ways counts. */
      anyOf: LinkWay[];
      /** `exactly-one`: one and only one of the ways (and one target); `at-least-one`: one or more. */
      count: 'exactly-one' | 'at-least-one';
      /** With `from: 'other'`: the other entity must also be created in this transaction. */
      otherMustBeNew?: boolean;
      /** Says what is needed, in the user's terms (used as the diagnostic message). */
      message: string;
      /** Only a cardinality suggests this link; neither the spec nor the vendor reference states
       * it as needed on create, and the vendor's own code creates without it: a warning. */
      expected?: true;
      source: Source;
    }
  | {
      kind: 'field';
      field: string;
      message: string;
      source: Source;
    };

export interface EntityTypeDef {
  name: string;
  /** English name from the spec, e.g. "Case File". */
  title?: string;
  description?: string;
  abstract: boolean;
  /** For abstract types: the concrete types it stands for. */
  subtypes: string[];
  /** Abstract types this type belongs to (Journalpost → AbstraktRegistrering). */
  supertypes: string[];
  /** Every field, the common ones (id, version, uuid, opprettet*, avsluttet*) included. For an
   * abstract type: the fields every subtype shares. */
  fields: FieldDef[];
  references: ReferenceDef[];
  /** True when the field list is known to be complete, so unknown fields can be errors; false
   * where the spec says "not shown" and we rely on the reference or partial knowledge. */
  fieldsComplete: boolean;
  /** May be the `type` of a query. */
  queryable: boolean;
  /** May be the `type` of a transaction action. */
  transactable: boolean;
  /** May carry `virksomhetsspesifikkeMetadata` (BSM). */
  bsm: boolean;
  /** May be created without any link (Arkiv, Klassifikasjonssystem: rule 2's exceptions). */
  standalone: boolean;
  creationRules: CreationRule[];
  /** May be the `type` of `bulk/open`/`bulk/close`, `logs/change-log`. */
  bulk: boolean;
  changeLog: boolean;
  source: Source;
}

/** Result of looking a name up on a (possibly abstract) type. */
export type MemberLookup =
  | {
      kind: 'field';
      field: FieldDef;
      /** Concrete types (of an abstract type) that have it; all of them when `partial` is false. */
      presentIn: string[];
      /** True when the type is abstract and only some subtypes have the member. */
      partial: boolean;
    }
  | {
      kind: 'reference';
      reference: ReferenceDef;
      presentIn: string[];
      partial: boolean;
    };

/** The read-only model every analysis takes as input (never a global: tests may pass their own). */
export interface NoarkModel {
  /** Every type, concrete and abstract, in a stable order. */
  readonly types: readonly EntityTypeDef[];
  getType(name: string): EntityTypeDef | undefined;
  /** The concrete types a name stands for: itself for a concrete type, its subtypes for an
   * abstract one, empty for an unknown name. */
  concreteTypes(name: string): string[];
  /** True when `type` is `target` or one of its concrete subtypes (for reference targets). */
  isAssignable(type: string, target: string): boolean;
  /** A field or reference on `type`, resolved across the subtypes of an abstract type. */
  lookupMember(type: string, name: string): MemberLookup | undefined;
  /** Names of every field and reference reachable on `type` (union over subtypes), for
   * completion and did-you-mean. */
  memberNames(type: string): string[];
  /** Default code lists (vendor defaults), keyed by code-list name. */
  readonly codeLists: ReadonlyMap<string, CodeListDef>;
}

export interface CodeValue {
  code: string;
  name: string;
  description?: string;
}

export interface CodeListDef {
  /** Code-list name, the same as the field name that uses it (e.g. `journalposttype`). */
  name: string;
  mNumber?: string;
  values: CodeValue[];
  /** The default code, where the spec or vendor names one. */
  defaultCode?: string;
  /** Ships empty in the vendor's defaults: values must be read from the archive. */
  emptyByDefault: boolean;
  source: Source;
}
