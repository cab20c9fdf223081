/**
 * NoarkqDiagnostic (offsets) → LSP Diagnostic (positions). The diagnostics go out without their
 * fixes: a list that is re-sent on every edit that changes it would carry them all (more than half
 * of a thousand diagnostics' bytes), while the editor asks for the fixes of one or two at a time.
 * A code-action request finds the checker's diagnostic a client's stands for in the list it was
 * sent (`ShownDiagnostics.sourceOf`) and makes its fixes then (codeActions.ts), as rust-analyzer
 * and vscode-eslint do.
 */
import { Diagnostic, DiagnosticSeverity, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { toLspDiagnostic, toLspRange, type NoarkqDiagnostic, type Severity } from '../diagnostics';
import { DocumentCodes } from '../document/documentCodes';
import type { CheckedDiagnostics, DiagnosticRun } from '../document/documentChecker';

/**
 * How many diagnostics the editor is sent for one document, the note on the rest included. A file
 * with more (a generated file gone wrong, copies of a broken one) gains nothing from the rest:
 * nobody reads the ten-thousandth problem before fixing the first, and sending them all costs the
 * server and the editor time and memory in proportion (hundreds of MB for a 10 MB file, and every
 * edit converting them again). VS Code keeps 1,000 of a file's diagnostics from an extension,
 * chosen the same way. `noarkq check` lists every one.
 */
export const reportedDiagnosticsLimit = 1_000;

/** LSP diagnostics made before, to be given again for the same diagnostic: `reuse` gives the one
 * made for `d` if it still stands (the text before it did not change), `keep` is told each one
 * made or given. `reuseRun` gives what was made of a block's run (`keepRun`) where the run still
 * says the same at positions that read the same, and keeps it for the next version itself; the
 * run's items are then not placed at all. */
export interface LspConversions {
  /** `of`: the run `d` is the item `index` of, when it is read from a run. */
  reuse(d: NoarkqDiagnostic, of?: { run: DiagnosticRun; index: number }): Diagnostic | undefined;
  keep(d: NoarkqDiagnostic, lsp: Diagnostic): void;
  reuseRun?(run: DiagnosticRun, cut: number): RunConversion | undefined;
  keepRun?(run: DiagnosticRun, cut: number, made: RunConversion): void;
}

/** What was made of a run's items of severity rank `cut` or lower (errors 0 … hints 3): their
 * LSP diagnostics, and which of the run's items each was made from. */
export interface RunConversion {
  lsp: readonly Diagnostic[];
  picks: readonly number[];
}

/** The diagnostics as the editor is sent them: all when they are at most `limit`; otherwise
 * `limit - 1` of them, errors before warnings before the rest and each kind in document order,
 * then one note on what was left out and where it starts. `diagnostics` are in document order,
 * as the checker gives them; only those sent (and the first left out) are read, so a check's
 * `CheckedDiagnostics` are placed in the document only as far as they are shown. */
export function toLspDiagnostics(document: TextDocument, diagnostics: readonly NoarkqDiagnostic[] | CheckedDiagnostics, limit = reportedDiagnosticsLimit, conversions?: LspConversions): Diagnostic[] {
  return toShownDiagnostics(document, diagnostics, limit, conversions).lsp;
}

/** `toLspDiagnostics`, with the checker's diagnostic each was made from, for the code actions.
 * A check's diagnostics are read a block's run at a time where it offers them so: a run wholly
 * shown is converted (or given again) whole. */
export function toShownDiagnostics(document: TextDocument, diagnostics: readonly NoarkqDiagnostic[] | CheckedDiagnostics, limit = reportedDiagnosticsLimit, conversions?: LspConversions): ShownDiagnostics {
  const shown = new ShownList(document, conversions);
  const runs = 'runs' in diagnostics && diagnostics.runs !== undefined ? diagnostics.runs() : undefined;
  if (diagnostics.length <= limit) {
    if (runs !== undefined) for (const run of runs) shown.addRun(run, lowestRank);
    else for (const d of diagnostics) shown.add(d);
    return shown.done();
  }
  const severities = 'severities' in diagnostics ? diagnostics.severities : countSeverities(diagnostics);
  // Every diagnostic more severe than `cut` is kept, and the first `room` of rank `cut`.
  const counts = [severities.error, severities.warning, severities.information, severities.hint];
  let cut = 0;
  let room = limit - 1;
  while (cut < 3 && counts[cut] <= room) room -= counts[cut++];
  let firstLeftOut: NoarkqDiagnostic | undefined;
  let errorsShown = 0;
  /** Shows `d` or leaves it out; whether the list is then complete. */
  const take = (d: NoarkqDiagnostic, of?: { run: DiagnosticRun; index: number }): boolean => {
    const rank = severityRank[d.severity];
    if (rank < cut || (rank === cut && room-- > 0)) {
      shown.add(d, of);
      if (rank === 0) errorsShown++;
    } else {
      firstLeftOut ??= d;
    }
    return shown.length === limit - 1 && firstLeftOut !== undefined;
  };
  if (runs !== undefined) {
    const runCounts = [0, 0, 0, 0];
    for (const run of runs) {
      runCounts.fill(0);
      for (const severity of run.severities) runCounts[severityRank[severity]]++;
      // Shown whole: every item up to `cut` fits, and none after it is the first left out.
      let above = run.severities.length;
      for (let rank = 0; rank <= cut; rank++) above -= runCounts[rank];
      if ((runCounts[cut] === 0 || runCounts[cut] <= room) && (above === 0 || firstLeftOut !== undefined)) {
        shown.addRun(run, cut);
        room -= runCounts[cut];
        errorsShown += runCounts[0];
        if (shown.length === limit - 1 && firstLeftOut !== undefined) break;
        continue;
      }
      const items = run.items();
      let complete = false;
      for (let k = 0; k < items.length && !complete; k++) complete = take(items[k], { run, index: k });
      if (complete) break;
    }
  } else {
    for (const d of diagnostics) if (take(d)) break;
  }
  // The note stands for no diagnostic of the checker's: it has no fix, and the ones it stands
  // for are not offered theirs (their diagnostics are not shown).
  shown.push(leftOutNote(document, firstLeftOut!, diagnostics.length - shown.length, severities.error - errorsShown, shown.length));
  return shown.done();
}

/** The severity rank below which every item of a run is shown when nothing is left out. */
const lowestRank = 3;

/** A shown list as it is made: its LSP diagnostics and what each was made from. */
class ShownList {
  readonly lsp: Diagnostic[] = [];
  private readonly sources: ShownSource[] = [];

  constructor(
    private readonly document: TextDocument,
    private readonly conversions: LspConversions | undefined,
  ) {}

  get length(): number {
    return this.lsp.length;
  }

  add(d: NoarkqDiagnostic, of?: { run: DiagnosticRun; index: number }): void {
    this.sources.push(d);
    const conversions = this.conversions;
    if (conversions === undefined) {
      this.lsp.push(toLspDiagnostic(this.document, d));
      return;
    }
    const made = conversions.reuse(d, of) ?? toLspDiagnostic(this.document, d);
    conversions.keep(d, made);
    this.lsp.push(made);
  }

  /** The run's items of rank `cut` or lower, given again where the conversions have them. */
  addRun(run: DiagnosticRun, cut: number): void {
    const reused = this.conversions?.reuseRun?.(run, cut);
    if (reused !== undefined) {
      const source = new RunSources(run, reused.picks, this.lsp.length);
      for (const made of reused.lsp) {
        this.lsp.push(made);
        this.sources.push(source);
      }
      return;
    }
    const from = this.lsp.length;
    const picks: number[] = [];
    const items = run.items();
    for (let k = 0; k < items.length; k++) {
      if (severityRank[items[k].severity] > cut) continue;
      this.add(items[k], { run, index: k });
      picks.push(k);
    }
    this.conversions?.keepRun?.(run, cut, { lsp: this.lsp.slice(from), picks });
  }

  /** A diagnostic that stands for none of the checker's (the note on those left out). */
  push(lsp: Diagnostic): void {
    this.lsp.push(lsp);
  }

  done(): ShownDiagnostics {
    return new ShownDiagnostics(this.lsp, this.sources);
  }
}

/** The checker's diagnostics a run given again stands for, placed only when one is asked for
 * (a code action on it): the run places them in the version it was read in. */
class RunSources {
  constructor(
    private readonly run: DiagnosticRun,
    private readonly picks: readonly number[],
    /** The index in the shown list of the run's first. */
    private readonly at: number,
  ) {}

  source(index: number): NoarkqDiagnostic {
    return this.run.items()[this.picks[index - this.at]];
  }
}

type ShownSource = NoarkqDiagnostic | RunSources;

/**
 * One list of diagnostics as the editor is sent it, and the checker's diagnostic each was made
 * from (all but the last when the list ends in the note on those left out).
 */
export class ShownDiagnostics {
  /** The shown diagnostics' indexes by where they start, made on the first look-up. */
  private byStart: Map<string, number[]> | undefined;

  constructor(
    readonly lsp: Diagnostic[],
    private readonly sources: readonly ShownSource[],
  ) {}

  /**
   * The checker's diagnostic that `asked` stands for: one shown in this list with the same code,
   * range, message and source (a client that keeps no source sends none). A diagnostic the
   * client has from another version (or made by someone else) matches none unless it says
   * exactly what one of this list says at the same place, so its fixes are this version's fixes
   * for that place, never another version's.
   * `asked` came over the wire: anything malformed matches nothing. Of several that are alike,
   * `taken` (the ones found already for the same request) are passed over while another is left.
   */
  sourceOf(asked: unknown, taken?: ReadonlySet<NoarkqDiagnostic>): NoarkqDiagnostic | undefined {
    if (typeof asked !== 'object' || asked === null) return undefined;
    // Only the range is read as more than a value to compare.
    const { range, code, message, source: by } = asked as Partial<Record<keyof Diagnostic, unknown>>;
    if (!Range.is(range)) return undefined;
    this.byStart ??= this.indexByStart();
    const candidates = this.byStart.get(startKey(range));
    let found: NoarkqDiagnostic | undefined;
    for (const i of candidates ?? []) {
      const shown = this.lsp[i];
      if (i >= this.sources.length || shown.code !== code || shown.message !== message || (by !== undefined && shown.source !== by) || !sameRange(shown.range, range)) continue;
      const shownFrom = this.sources[i];
      const source = shownFrom instanceof RunSources ? shownFrom.source(i) : shownFrom;
      if (!taken?.has(source)) return source;
      found ??= source;
    }
    return found;
  }

  private indexByStart(): Map<string, number[]> {
    const index = new Map<string, number[]>();
    this.lsp.forEach((d, i) => {
      const key = startKey(d.range);
      const at = index.get(key);
      if (at) at.push(i);
      else index.set(key, [i]);
    });
    return index;
  }
}

function startKey(range: Range): string {
  return `${range.start.line}:${range.start.character}`;
}

function countSeverities(diagnostics: readonly NoarkqDiagnostic[]): Record<Severity, number> {
  const severities: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const d of diagnostics) severities[d.severity]++;
  return severities;
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

function leftOutNote(document: TextDocument, first: NoarkqDiagnostic, left: number, errors: number, shown: number): Diagnostic {
  const count = (n: number, word: string): string => `${roughCount(n)} ${word}${n === 1 ? '' : 's'}`;
  const message =
    `${capitalised(count(left, 'more problem'))} in this file ${left === 1 ? 'is' : 'are'} not shown` +
    (errors > 0 ? ` (${count(errors, 'error')})` : '') +
    `: the editor is sent the first ${counting.format(shown)}, errors first. The first left out is here; \`noarkq check\` lists them all.`;
  return Diagnostic.create(toLspRange(document, first), message, DiagnosticSeverity.Information, DocumentCodes.diagnosticsLimit, 'noarkq');
}

/**
 * A count of left-out problems as the note gives it: exact below 100, else rounded down to two
 * significant digits ("at least 9,000"). The note is part of the list the editor is sent, so an
 * exact count would re-send the whole list (a thousand diagnostics) at every edit that adds or
 * removes a problem the editor does not show.
 */
export function roughCount(n: number): string {
  if (n < 100) return counting.format(n);
  const unit = 10 ** (String(Math.trunc(n)).length - 2);
  return `at least ${counting.format(Math.floor(n / unit) * unit)}`;
}

/** One formatter for every count: `toLocaleString` makes one per call until V8 has seen enough
 * of them to cache it, about 0.1 ms each, several a check. */
const counting = new Intl.NumberFormat('en-US');

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Whether two diagnostics made by `toLspDiagnostics` say the same: every field it sets (range,
 * message, severity, code, source, related locations), compared as such
 * rather than by walking any object's keys, which made comparing a thousand of them cost as much
 * as sending them.
 */
export function sameLspDiagnostic(a: Diagnostic, b: Diagnostic): boolean {
  if (a === b) return true;
  if (a.message !== b.message || a.severity !== b.severity || a.code !== b.code || a.source !== b.source || !sameRange(a.range, b.range)) return false;
  if (a.tags !== undefined || b.tags !== undefined || a.codeDescription !== undefined || b.codeDescription !== undefined) return false;
  const related = a.relatedInformation ?? [];
  const otherRelated = b.relatedInformation ?? [];
  if (related.length !== otherRelated.length) return false;
  for (let i = 0; i < related.length; i++) {
    const r = related[i];
    const o = otherRelated[i];
    if (r.message !== o.message || r.location.uri !== o.location.uri || !sameRange(r.location.range, o.location.range)) return false;
  }
  // It sets no `data` (the fixes are made at code-action time): one with some is not its.
  if (a.data !== undefined || b.data !== undefined) return false;
  return true;
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
