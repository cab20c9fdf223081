/**
 * The diagnostics of each open document: every core check (document, queries, transactions) on
 * the cached parse, converted to LSP once per version and context. Each document keeps one
 * incremental checker, so an edit re-checks only the blocks it touches and the blocks that read
 * them. A result is kept per version and context, so a pull request for an unchanged document is
 * answered `unchanged` without checking anything.
 * A file with more than 1,000 problems is sent 999 and a note (`toLspDiagnostics`).
 */
import { runSteps } from '../core/steps';
import type { Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FeatureContext } from '../core/features/featureContext';
import { toLspDiagnostics } from '../core/features/lspDiagnostics';
import { createDocumentChecker, type DocumentChecker } from '../core/document';
import type { FeatureContextStore } from './featureContextStore';
import type { ParseCache } from './parseCache';

export interface DiagnosticsResult {
  /** The version it was computed for, then a serial: unique to each computation, so a result id
   * the client kept from before the document was closed and reopened never matches. */
  resultId: string;
  version: number;
  lsp: Diagnostic[];
}

interface CheckerState {
  context: FeatureContext;
  checker: DocumentChecker;
}

export class DocumentDiagnostics {
  private readonly checkers = new Map<string, CheckerState>();
  private readonly results = new Map<string, DiagnosticsResult & { key: string }>();
  private serial = 0;

  constructor(
    private readonly parses: ParseCache,
    private readonly contexts: FeatureContextStore,
  ) {}

  diagnose(document: TextDocument): DiagnosticsResult {
    return runSteps(this.diagnoseSteps(document));
  }

  /** The result of this version under the current context, if it is known already. */
  known(document: TextDocument): DiagnosticsResult | undefined {
    const known = this.results.get(document.uri);
    return known && known.key === this.keyOf(document) ? known : undefined;
  }

  /** `diagnose` in steps: the check yields after each block, so the server can run it in
   * slices between other requests, or stop it. */
  *diagnoseSteps(document: TextDocument): Generator<void, DiagnosticsResult, void> {
    const known = this.known(document);
    if (known) return known;
    const key = this.keyOf(document);
    const parsed = this.parses.get(document);
    const diagnostics = yield* this.checkerFor(document.uri).checkedSteps(parsed);
    const resultId = `${document.version}.${++this.serial}`;
    const result = { key, resultId, version: document.version, lsp: toLspDiagnostics(document, diagnostics) };
    this.results.set(document.uri, result);
    return result;
  }

  private keyOf(document: TextDocument): string {
    return `${document.version}:${this.contexts.generation}`;
  }

  forget(uri: string): void {
    this.checkers.delete(uri);
    this.results.delete(uri);
  }

  /** One incremental checker per document, remade when the context it checks against changes. */
  private checkerFor(uri: string): DocumentChecker {
    const context = this.contexts.contextFor(uri);
    const known = this.checkers.get(uri);
    // Responses do not change what the checks find; everything else in the context may.
    const same = known && known.context.environment === context.environment && known.context.codeLists === context.codeLists && known.context.bsmRegistry === context.bsmRegistry;
    if (known && same) return known.checker;
    const checker = createDocumentChecker({
      model: context.model,
      environment: context.environment,
      codeLists: context.codeLists ? new Map([...context.codeLists].map(([field, values]) => [field, values.map((v) => v.code)])) : undefined,
      bsmRegistry: context.bsmRegistry,
    });
    this.checkers.set(uri, { context, checker });
    return checker;
  }
}
