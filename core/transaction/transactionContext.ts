/**
 * What the transaction checker is told about the world around one TRANSACTION body: the model,
 * what `{{references}}` stand for, and live server data (BSM registry, code lists) when the
 * client has fetched them. The checker never fetches anything itself.
 */
import type { BsmGroup } from '../api/registryBodies';
import type { NoarkModel } from '../schema/types';

// The registry's shapes are the interface's (core/api): a registry fetched by the client or held by
// the sandbox is checked against as it is.
export { bsmFieldTypes, type BsmFieldType } from '../api/bsmFieldTypes';
export type { BsmField, BsmGroup } from '../api/registryBodies';

export interface TransactionCheckContext {
  model: NoarkModel;
  /** Entity type an id written as `{{block.path}}` stands for (e.g. the type of a QUERY block's
   * results), or undefined when unknown. Gets the reference text without braces, e.g.
   * `findCase.results[0].id`. */
  referenceType?: (reference: string) => string | undefined;
  /** Live BSM registry (GET bsm-registry results), when the client has one. */
  bsmRegistry?: readonly BsmGroup[];
  /** Live code lists (`field` → codes), overriding the model's defaults where given. */
  codeLists?: ReadonlyMap<string, readonly string[]>;
}
