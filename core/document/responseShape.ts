/**
 * The shape of a block's response, as far as it is known before anything runs: what
 * `{{block.path}}` may point at, and which entity type an id stands for.
 */
import type { KnownKeys } from '../api/knownKeys';
import type { FieldDef } from '../schema/types';

/**
 * One shape per key of core/api's response type `T` (the type the runner parses the answer
 * into): a key added to, renamed in or removed from a response body fails to compile where the
 * checker describes it, until the checker says the same.
 */
export type ResponsePropertiesOf<T> = { [K in KnownKeys<T>]-?: ResponseShape };

export type ResponseShape =
  /** A JSON object with known properties. `open`: more properties may appear than listed. */
  | { kind: 'object'; properties: Readonly<Record<string, ResponseShape>>; open?: boolean; description?: string }
  /** An object keyed by names the document decides (a TRANSACTION's `saved`, keyed by temp ids):
   * `entries` gives each known key its own shape; other keys are not there. */
  | { kind: 'keyed'; entries: Readonly<Record<string, ResponseShape>>; description?: string }
  | { kind: 'array'; items: ResponseShape; description?: string }
  | {
      kind: 'value';
      /** `unknown`: nothing is known, so any path below it is accepted. */
      type: 'string' | 'number' | 'boolean' | 'null' | 'unknown';
      description?: string;
      /** The value is the id of an entity of this type (an entity's `id`, a `links.refX`). */
      idOf?: string;
      /** The model's field this value is (an entity's `fields.x`): its date or timestamp type,
       * code list and allowed values type an `EXPECT` value. */
      field?: FieldDef;
    }
  /** One entity as query and transaction results carry it: `{type, id, version, fields, links}`
   * with `fields` from the model (every non-reference field) and `links` its returned references.
   * `id` of such an entity stands for an entity of `entityType`. */
  | {
      kind: 'entity';
      entityType: string;
      description?: string;
      /** `type`, `id`, `version`, `fields`, `links` as the model gives them (set by
       * `responseShapeOfBlock`; without it only the five names are known). */
      properties?: Readonly<Record<string, ResponseShape>>;
    };

/** Why a reference does not resolve. */
export type ReferenceProblemKind =
  /** The name is neither a visible variable nor a block. */
  | 'unknown-name'
  /** The referenced block gives no JSON response (no request, DOWNLOAD bytes, 202/204). */
  | 'no-response'
  /** A property that the shape does not have. */
  | 'unknown-member'
  /** A property read straight off an array (`results.id`): it needs an index first. */
  | 'array-needs-index'
  /** `[n]` on something that is not an array. */
  | 'not-indexable';

/** What a `{{name.path}}` resolves to. */
export interface ReferenceResolution {
  /** The block the name denotes, when it is a block. */
  blockName?: string;
  /** The variable `{{name}}` denotes, when it is one (variables win over blocks for `{{name}}`). */
  variableName?: string;
  /** The shape at the end of the path, when the path is valid so far. */
  shape?: ResponseShape;
  /** The entity type an id at the end of the path stands for (`results[0].id` of a
   * `QUERY Saksmappe` → `Saksmappe`; `saved.jp.id` → the temp id's saved type). */
  entityType?: string;
  /** The first segment that does not exist, with a message that says what does.
   * `segmentIndex` is -1 when the name itself is the problem. `suggestions` are member names
   * (or temp ids) close to the one written, best first. */
  problem?: { kind: ReferenceProblemKind; segmentIndex: number; message: string; suggestions: string[] };
}
