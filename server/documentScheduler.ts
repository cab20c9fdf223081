/**
 * The long work on each open document, its parse and its check, run in slices (slicedTask.ts)
 * so that every other request is answered while they run:
 *
 * - A text with no earlier parse and longer than a few hundred KB is parsed block by block.
 *   Requests that look near one offset (hover, completion, definition) meanwhile work from what
 *   is parsed so far plus the block at their offset (`SteppedParse.partial`): their answer does
 *   not wait for the rest of the file, at the price of not knowing blocks not parsed yet.
 *   Requests on the whole document (symbols, folding, formatting, ...) wait for the parse, not
 *   for the check. An edited document is parsed from its previous parse, which costs about the
 *   edited blocks, at once.
 * - The check runs once the parse is there, for one version under one context. A newer
 *   version, closing the document or a changed context stops it; so does the cancellation of
 *   every pull request waiting for it. A stopped check keeps the blocks it checked for the
 *   next one (`DocumentChecker.checkSteps`).
 *
 * Results are for the version they were computed for: a stopped check answers nothing.
 */
import type { CancellationToken } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { NoarkqDocument, SteppedParse } from '../core/document';
import type { DiagnosticsResult } from './documentDiagnostics';
import type { AnalysisSession } from './noarkqServer';
import { runInSlices, type SlicedTask } from './slicedTask';
import { textLength } from './chunkedTextDocument';

/** Shorter texts are parsed at once: a few tens of milliseconds at most, and a request gets the
 * whole parse rather than part of it. */
const parseInStepsFrom = 256 * 1024;

interface ParseJob {
  version: number;
  parse: SteppedParse;
  task: SlicedTask<NoarkqDocument>;
}

interface CheckJob {
  version: number;
  generation: number;
  result: Promise<DiagnosticsResult | undefined>;
  /** Pull requests waiting for it; a push waits without a token and is never counted out. */
  waiters: number;
  stop(): void;
}

export class DocumentScheduler {
  /** Checks that ran to their end, and checks stopped before it (for tests, through a
   * test-only request). */
  readonly counts = { finished: 0, stopped: 0 };
  private readonly parsing = new Map<string, ParseJob>();
  private readonly checking = new Map<string, CheckJob>();

  constructor(private readonly session: () => AnalysisSession) {}

  /** This version's whole parse: at once when cached or quick, else when its sliced parse
   * ends; undefined when a newer version or closing stopped it. */
  parsed(document: TextDocument): Promise<NoarkqDocument | undefined> {
    const job = this.parseJob(document);
    return job ? job.task.result : Promise.resolve(this.session().parses.get(document));
  }

  /** What a request near `offset` works from: the whole parse, or while it runs, the part
   * parsed so far with the block at `offset`. */
  parsedNear(document: TextDocument, offset: number): NoarkqDocument {
    const job = this.parseJob(document);
    return job ? job.parse.partial(offset) : this.session().parses.get(document);
  }

  /** This version's diagnostics under the current context, checked in slices; undefined when
   * the check was stopped (a newer version, closing, a changed context, or `token`: the last
   * pull request waiting for it cancelled). */
  diagnostics(document: TextDocument, token?: CancellationToken): Promise<DiagnosticsResult | undefined> {
    const { diagnostics, contexts } = this.session();
    const known = diagnostics.known(document);
    if (known) return Promise.resolve(known);
    const uri = document.uri;
    let job = this.checking.get(uri);
    if (job && (job.version !== document.version || job.generation !== contexts.generation)) {
      this.stopCheck(uri);
      job = undefined;
    }
    const current = job ?? this.startCheck(document);
    if (!token) return current.result;
    current.waiters++;
    return new Promise((resolve, reject) => {
      const listener = token.onCancellationRequested(() => {
        listener.dispose();
        if (--current.waiters === 0 && this.checking.get(uri) === current) this.stopCheck(uri);
        resolve(undefined);
      });
      current.result.then(
        (result) => {
          listener.dispose();
          resolve(result);
        },
        (error: unknown) => {
          listener.dispose();
          reject(error);
        },
      );
    });
  }

  /** The document has a new version: work on older ones stops. */
  changed(document: TextDocument): void {
    const parse = this.parsing.get(document.uri);
    if (parse && parse.version !== document.version) this.stopParse(document.uri);
    const check = this.checking.get(document.uri);
    if (check && check.version !== document.version) this.stopCheck(document.uri);
  }

  /** The document was closed, or is no longer worked on. */
  forget(uri: string): void {
    this.stopParse(uri);
    this.stopCheck(uri);
  }

  private parseJob(document: TextDocument): ParseJob | undefined {
    const uri = document.uri;
    const running = this.parsing.get(uri);
    if (running && running.version === document.version) return running;
    if (running) this.stopParse(uri);
    const { parses, analyses } = this.session();
    if (parses.peek(document) || parses.hasEarlier(uri) || textLength(document) < parseInStepsFrom) return undefined;
    const parse = analyses.startParse(document.getText());
    const job: ParseJob = { version: document.version, parse, task: runInSlices(parse.steps) };
    this.parsing.set(uri, job);
    // Registered first, so the parse is cached before anyone waiting for it goes on.
    job.task.result.then(
      (parsed) => {
        if (this.parsing.get(uri) !== job) return;
        this.parsing.delete(uri);
        if (parsed) parses.set(document, parsed);
      },
      () => {
        if (this.parsing.get(uri) === job) this.parsing.delete(uri);
      },
    );
    return job;
  }

  private startCheck(document: TextDocument): CheckJob {
    const { diagnostics, contexts } = this.session();
    const uri = document.uri;
    let task: SlicedTask<DiagnosticsResult> | undefined;
    let stopped = false;
    const job: CheckJob = {
      version: document.version,
      generation: contexts.generation,
      waiters: 0,
      result: Promise.resolve(undefined),
      stop: () => {
        stopped = true;
        task?.stop();
      },
    };
    job.result = this.parsed(document)
      .then((parsed) => {
        if (parsed === undefined || stopped) return undefined;
        task = runInSlices(diagnostics.diagnoseSteps(document));
        return task.result;
      })
      .then(
        (result) => {
          if (this.checking.get(uri) === job) this.checking.delete(uri);
          if (result) this.counts.finished++;
          return result;
        },
        (error: unknown) => {
          if (this.checking.get(uri) === job) this.checking.delete(uri);
          throw error;
        },
      );
    this.checking.set(uri, job);
    return job;
  }

  private stopParse(uri: string): void {
    const job = this.parsing.get(uri);
    if (!job) return;
    this.parsing.delete(uri);
    job.task.stop();
  }

  private stopCheck(uri: string): void {
    const job = this.checking.get(uri);
    if (!job) return;
    this.checking.delete(uri);
    job.stop();
    this.counts.stopped++;
  }
}
