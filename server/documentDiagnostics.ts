/**
 * The diagnostics of each open document: every core check (document, queries, transactions) on
 * the cached parse, converted to LSP once per version and context. Each document keeps one
 * incremental checker, so an edit re-checks only the blocks it touches and the blocks that read
 * them. A result is kept per version and context, so a pull request for an unchanged document is
 * answered `unchanged` without checking anything.
 *
 * A file with more than 1,000 problems is reported with its first 999 (errors first) and a note
 * saying how many more there are: VS Code keeps no more than 1,000 diagnostics of a file from an
 * extension and drops the rest in the same way, so sending them all would only cost every edit the
 * conversion and the transport of diagnostics nobody is shown.
 */
import type { Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FeatureContext } from '../core/features/featureContext';
import { toLspDiagnostics } from '../core/features/lspDiagnostics';
import { createDocumentChecker, DocumentCodes, type DocumentChecker } from '../core/document';
import type { NoarkqDiagnostic, Severity } from '../core/diagnostics';
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
    const key = `${document.version}:${this.contexts.generation}`;
    const known = this.results.get(document.uri);
    if (known && known.key === key) return known;
    const parsed = this.parses.get(document);
    const diagnostics = this.checkerFor(document.uri).check(parsed);
    const resultId = `${document.version}.${++this.serial}`;
    const result = { key, resultId, version: document.version, lsp: toLspDiagnostics(document, reportedDiagnostics(diagnostics)) };
    this.results.set(document.uri, result);
    return result;
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

/** What VS Code keeps of one file's diagnostics from an extension. */
export const maxReportedDiagnostics = 1000;

const severityRank: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/**
 * All of `diagnostics` when there are at most `maxReportedDiagnostics`; otherwise the errors, then
 * the warnings, information and hints, as many as fit with one more place for a note saying how
 * many were left out (as VS Code chooses them), kept in document order.
 */
export function reportedDiagnostics(diagnostics: readonly NoarkqDiagnostic[]): readonly NoarkqDiagnostic[] {
  if (diagnostics.length <= maxReportedDiagnostics) return diagnostics;
  const room = maxReportedDiagnostics - 1;
  const counts = [0, 0, 0, 0];
  for (const d of diagnostics) counts[severityRank[d.severity]]++;
  // How many of each severity fit, most severe first.
  const quota = [0, 0, 0, 0];
  let left = room;
  for (let rank = 0; rank < 4; rank++) {
    quota[rank] = Math.min(counts[rank], left);
    left -= quota[rank];
  }
  const shown: NoarkqDiagnostic[] = [];
  let firstLeftOut: NoarkqDiagnostic | undefined;
  for (const d of diagnostics) {
    const rank = severityRank[d.severity];
    if (quota[rank] > 0) {
      quota[rank]--;
      shown.push(d);
    } else {
      firstLeftOut ??= d;
    }
  }
  const hidden = diagnostics.length - room;
  shown.push({
    code: DocumentCodes.diagnosticsLimit,
    severity: 'information',
    start: firstLeftOut!.start,
    end: firstLeftOut!.start,
    message: `Not showing ${hidden} further problems of this file (the first of them is here): the editor shows ${room}, errors first. \`noarkq check\` lists them all.`,
  });
  return shown;
}
