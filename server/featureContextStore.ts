/**
 * What the client told the server about the live archive (`noarkq/setContext`) and about the
 * responses of blocks it ran (`noarkq/setResponses`), turned into the `FeatureContext` every core
 * feature takes. `generation` changes whenever anything that can change a check changes, so a
 * diagnostics result computed under an older context is never reported as unchanged.
 */
import type { JsonValue } from '../core/jsonValue';
import type { BlockResponse, ExplainSettings, FeatureContext } from '../core/features/featureContext';
import type { CodeValue, NoarkModel } from '../core/schema/types';
import type { BsmGroup } from '../core/transaction';
import type { SetContextParams, SetResponsesParams } from '../protocol/customMessages';

export class FeatureContextStore {
  private environment: Readonly<Record<string, JsonValue>> | undefined;
  private codeLists: ReadonlyMap<string, readonly CodeValue[]> | undefined;
  private bsmRegistry: readonly BsmGroup[] | undefined;
  private readonly responses = new Map<string, Map<string, BlockResponse>>();
  private generationCounter = 0;
  private readonly contexts = new Map<string, FeatureContext>();
  private explain: ExplainSettings | undefined;

  constructor(private readonly model: NoarkModel) {}

  /** Changes whenever the context of any document changes. */
  get generation(): number {
    return this.generationCounter;
  }

  setContext(params: SetContextParams): void {
    if (params.environment !== undefined) this.environment = params.environment ?? undefined;
    if (params.codeLists !== undefined) this.codeLists = params.codeLists ? new Map(Object.entries(params.codeLists)) : undefined;
    if (params.bsmRegistry !== undefined) this.bsmRegistry = params.bsmRegistry ?? undefined;
    this.changed();
  }

  setResponses(params: SetResponsesParams): void {
    // A fresh map: a context handed out earlier keeps seeing the responses it was built with.
    const forUri = new Map(this.responses.get(params.uri));
    this.responses.set(params.uri, forUri);
    for (const [blockName, response] of Object.entries(params.responses)) {
      if (response === null) forUri.delete(blockName);
      else forUri.set(blockName, { status: response.status, body: response.body, receivedAt: response.receivedAt });
    }
    this.changed();
  }

  /** How queries are explained (the language, the client's command). No check depends on it, so
   * the generation stays: only the contexts handed out from now on carry the new settings. */
  setExplain(explain: ExplainSettings): void {
    if (this.explain?.language === explain.language && this.explain.command === explain.command) return;
    this.explain = explain;
    this.contexts.clear();
  }

  /** A closed document needs no context. Its responses stay: they belong to the client's session,
   * which may reopen the document and run blocks that read them. */
  forget(uri: string): void {
    this.contexts.delete(uri);
  }

  /** The context for features on document `uri`; the same object until something changes. */
  contextFor(uri: string): FeatureContext {
    const known = this.contexts.get(uri);
    if (known) return known;
    const context: FeatureContext = {
      model: this.model,
      environment: this.environment,
      codeLists: this.codeLists,
      bsmRegistry: this.bsmRegistry,
      responses: this.responses.get(uri),
      explain: this.explain,
    };
    this.contexts.set(uri, context);
    return context;
  }

  private changed(): void {
    this.generationCounter++;
    this.contexts.clear();
  }
}
