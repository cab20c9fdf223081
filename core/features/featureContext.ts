/**
 * What every editor feature is given besides the document: the model, and whatever the client
 * knows about the live archive. Features are pure functions
 * `(document, parsed, position | range, context) → LSP type`; they never fetch anything.
 */
import type { JsonValue } from '../jsonValue';
import type { CodeValue, NoarkModel } from '../schema/types';
import type { BsmGroup } from '../transaction';
import type { ExplainLanguage } from './queryExplanationTexts';

/** The last response of a block in this session, as the client recorded it. */
export interface BlockResponse {
  status: number;
  body: JsonValue | undefined;
  /** When it was received (ms since the epoch). */
  receivedAt: number;
}

export interface FeatureContext {
  model: NoarkModel;
  /** Variables of the active environment. */
  environment?: Readonly<Record<string, JsonValue>>;
  /** Live code lists from the archive (field name → values); they win over the model's defaults. */
  codeLists?: ReadonlyMap<string, readonly CodeValue[]>;
  /** Live BSM registry, when the client has fetched it. */
  bsmRegistry?: readonly BsmGroup[];
  /** Last response per block name, for hover on `{{references}}`. */
  responses?: ReadonlyMap<string, BlockResponse>;
  /** How queries are explained (hover on QUERY/WHERE, "Explain this query"): the language
   * (English when absent), and the client's command that shows an explanation beside the editor,
   * when it named one (the VS Code extension's `noarkq.explainQuery`). */
  explain?: ExplainSettings;
}

export interface ExplainSettings {
  language: ExplainLanguage;
  command?: string;
}

