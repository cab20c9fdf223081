/**
 * The diagnostics of each open document: every core check (document, queries, transactions) on
 * the cached parse, converted to LSP once per version and context. Each document keeps one
 * incremental checker, so an edit re-checks only the blocks it touches and the blocks that read
 * them. A result is kept per version and context, so a pull request for an unchanged document is
 * answered `unchanged` without checking anything; so is one after an edit that changed no
 * diagnostic (its result keeps the list's serial), without sending the list again.
 * A file with more than 1,000 problems is sent 999 and a note (`toLspDiagnostics`). A result
 * keeps the checker's diagnostic each shown one was made from: a code action makes its fixes
 * from it (codeActions.ts).
 */
import { runSteps } from '../core/steps';
import type { Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FeatureContext } from '../core/features/featureContext';
import { sameLspDiagnostic, toShownDiagnostics, type LspConversions, type RunConversion, type ShownDiagnostics } from '../core/features/lspDiagnostics';
import { convertsTo, type NoarkqDiagnostic } from '../core/diagnostics';
import { isChunkedTextDocument, textLength } from './chunkedTextDocument';
import { createDocumentChecker, type ChangedStretch, type CheckedDiagnostics, type DocumentChecker } from '../core/document';
import type { FeatureContextStore } from './featureContextStore';
import type { ParseCache } from './parseCache';
import { resultIdOf } from './diagnosticsResultIds';

export interface DiagnosticsResult {
  /** The version it was computed for, then the serial of its list (`listSerial`). */
  resultId: string;
  version: number;
  lsp: Diagnostic[];
  /** `lsp`, with the checker's diagnostic each was made from. */
  shown: ShownDiagnostics;
  /** Serial of the list: the same as the previous result's while every diagnostic is the same,
   * a new one (never given before, also not before the document was closed and reopened) when
   * any differs. */
  listSerial: number;
}

interface CheckerState {
  context: FeatureContext;
  checker: DocumentChecker;
}

/** The LSP diagnostics made for a version, by the diagnostic they were made from, and by the
 * block run (`DiagnosticRun.said`) they were made of. */
interface Converted {
  version: number;
  made: Map<NoarkqDiagnostic, Diagnostic>;
  runs: Map<object, ConvertedRun>;
  lineCount: number;
  length: number;
}

/** What a version's list made of a run: where the run was, and the offsets its LSP diagnostics'
 * ranges (their related locations' too) span from `lo` to `hi`. */
interface ConvertedRun extends RunConversion {
  cut: number;
  start: number;
  firstAt: number;
  anchorStarts: readonly number[];
  lo: number;
  hi: number;
}

export class DocumentDiagnostics {
  private readonly checkers = new Map<string, CheckerState>();
  private readonly results = new Map<string, DiagnosticsResult & { key: string }>();
  private readonly converted = new Map<string, Converted>();
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
    const shown = toShownDiagnostics(document, diagnostics, undefined, this.conversions(document, diagnostics));
    const lsp = shown.lsp;
    const previous = this.results.get(document.uri);
    const listSerial = previous !== undefined && sameDiagnostics(previous.lsp, lsp) ? previous.listSerial : ++this.serial;
    const result = { key, resultId: resultIdOf(document.version, listSerial), version: document.version, lsp, shown, listSerial };
    this.results.set(document.uri, result);
    return result;
  }

  private keyOf(document: TextDocument): string {
    return `${document.version}:${this.contexts.generation}`;
  }

  forget(uri: string): void {
    this.checkers.delete(uri);
    this.results.delete(uri);
    this.converted.delete(uri);
  }

  /**
   * The LSP diagnostics of the last version converted, given again for this one where they still
   * stand: the checker gives the same diagnostic object for a block that neither changed nor moved,
   * and a position before the stretch that the versions' changes touched is the same line and
   * character in both (an edit in the middle of a file of errors leaves the first thousand). One
   * that was only placed again (`movedFrom`: its block moved) is given the LSP diagnostic of the
   * one it was placed from where that still reads the same (`convertsTo`): an edit in a file
   * variable at the top moves every block by a few characters, not lines. A block's run that says
   * the same and only moved that way is given its LSP diagnostics whole, without being placed.
   */
  private conversions(document: TextDocument, diagnostics: CheckedDiagnostics): LspConversions {
    const previous = this.converted.get(document.uri);
    const stretch = previous !== undefined && isChunkedTextDocument(document) ? document.changedSince(previous.version) : undefined;
    const made = new Map<NoarkqDiagnostic, Diagnostic>();
    const runs = new Map<object, ConvertedRun>();
    const length = textLength(document);
    this.converted.set(document.uri, { version: document.version, made, runs, lineCount: document.lineCount, length });
    const shift = previous !== undefined && stretch !== undefined ? unchangedLinesAfter(document, stretch, previous, length) : undefined;
    return {
      // A run that says the same, moved by as much as the text after the versions' changes (or
      // not at all, before them), with every offset its LSP diagnostics name on lines that read
      // the same: those are its LSP diagnostics again, without its items placed.
      reuseRun: (run, cut) => {
        const before = previous?.runs.get(run.said);
        if (before === undefined || stretch === undefined || before.cut !== cut) return undefined;
        // Everything it points at moved with it: its block, the first block of its name, the
        // file variables its spans in the preamble are placed from.
        const delta = run.start - before.start;
        if (before.firstAt !== -1 && run.firstAt - before.firstAt !== delta) return undefined;
        const anchorStarts = run.anchorStarts();
        for (let i = 0; i < anchorStarts.length; i++) if (anchorStarts[i] !== before.anchorStarts[i] + delta) return undefined;
        const stands = (delta === 0 && before.hi < stretch.prefix) || (shift !== undefined && delta === shift.delta && before.lo + delta >= shift.from);
        if (!stands) return undefined;
        runs.set(run.said, { lsp: before.lsp, picks: before.picks, cut, start: run.start, firstAt: run.firstAt, anchorStarts, lo: before.lo + delta, hi: before.hi + delta });
        return before;
      },
      keepRun: (run, cut, conversion) => {
        const items = run.items();
        let lo = Infinity;
        let hi = -Infinity;
        for (const k of conversion.picks) {
          const d = items[k];
          lo = Math.min(lo, d.start);
          hi = Math.max(hi, lastOffset(d));
          for (const r of d.related ?? []) lo = Math.min(lo, r.start);
        }
        runs.set(run.said, { ...conversion, cut, start: run.start, firstAt: run.firstAt, anchorStarts: run.anchorStarts(), lo, hi });
      },
      reuse: (d, of) => {
        if (previous === undefined) return undefined;
        const same = previous.made.get(d);
        if (same !== undefined && stretch !== undefined && lastOffset(d) < stretch.prefix) return same;
        const earlier = same === undefined ? diagnostics.movedFrom?.(d) : undefined;
        // A run given again whole in the last version was not placed: what was made of its item.
        const candidate = same ?? (earlier === undefined ? undefined : previous.made.get(earlier)) ?? (of === undefined ? undefined : madeOfRunItem(previous.runs.get(of.run.said), of.index));
        if (candidate === undefined) return undefined;
        if (earlier !== undefined && shift !== undefined && movedWithin(d, earlier, shift)) return candidate;
        return convertsTo(document, d, candidate) ? candidate : undefined;
      },
      keep: (d, lsp) => made.set(d, lsp),
    };
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

/**
 * Where the versions' changes left every line after them as it was: with as many lines in both,
 * a line whose line break before it is in the unchanged end of the text (`stretch.suffix`) has the
 * same number and the same characters in both, at offsets moved by the change in length
 * (`delta`). `from` is the first such line's start; undefined when the line count changed.
 */
function unchangedLinesAfter(document: TextDocument, stretch: ChangedStretch, previous: Converted, length: number): { from: number; delta: number } | undefined {
  if (document.lineCount !== previous.lineCount) return undefined;
  // The line after the one the unchanged end starts on: the line break before it is in the
  // unchanged end too (a line starting right at its start may have started elsewhere before).
  const at = document.positionAt(length - stretch.suffix);
  const from = at.line + 1 < document.lineCount ? document.offsetAt({ line: at.line + 1, character: 0 }) : Infinity;
  return { from, delta: length - previous.length };
}

/** Whether `d` is `earlier` (the diagnostic it was placed again from) moved by `shift.delta`, every
 * span of it on lines `unchangedLinesAfter` says read the same, and its words the same: the LSP
 * diagnostic made of `earlier` is then `d`'s, without a position worked out. */
function movedWithin(d: NoarkqDiagnostic, earlier: NoarkqDiagnostic, shift: { from: number; delta: number }): boolean {
  const { from, delta } = shift;
  if (d.start < from || d.start !== earlier.start + delta || d.end !== earlier.end + delta) return false;
  if (d.message !== earlier.message || d.code !== earlier.code || d.severity !== earlier.severity) return false;
  const related = d.related ?? [];
  const before = earlier.related ?? [];
  if (related.length !== before.length) return false;
  for (let i = 0; i < related.length; i++) {
    const r = related[i];
    const e = before[i];
    if (r.start < from || r.start !== e.start + delta || r.end !== e.end + delta || r.message !== e.message) return false;
  }
  return true;
}

/** The LSP diagnostic a run's conversion made of its item `index`, if it picked that item. */
function madeOfRunItem(run: ConvertedRun | undefined, index: number): Diagnostic | undefined {
  const at = run === undefined ? -1 : run.picks.indexOf(index);
  return at === -1 ? undefined : run!.lsp[at];
}

/** The last offset `d`'s LSP diagnostic names: its own end and its related locations' (its
 * fixes are not in it). */
function lastOffset(d: NoarkqDiagnostic): number {
  let last = d.end;
  for (const r of d.related ?? []) last = Math.max(last, r.end);
  return last;
}

/** Whether `a` and `b` list the same diagnostics: those given again are the same objects, so
 * only the ones made anew (at least the note on the ones left out) are compared field by field. */
function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameLspDiagnostic(a[i], b[i])) return false;
  return true;
}
