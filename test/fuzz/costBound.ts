/**
 * The fuzz run's time bound: on any input, a fresh check, a completion and an incremental check
 * after an edit each finish within a limit. A time over the limit is measured again alone, after a
 * garbage collection when `--expose-gc` allows one, in the CPU time of the thread that ran it, and
 * the best of three re-timings decides, so that a GC pause or a neighbour on a shared machine does
 * not fail the run. Only `npm run fuzz` uses it: timed assertions do not belong in `npm test`.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkDocument, createDocumentChecker, parseDocument } from '../../core/document';
import { getCompletions } from '../../core/features/completion';
import { noarkModel } from '../../core/schema';
import { anyDocumentArb, applyDocumentEdit, documentEditArb, repeatedDocumentArb, type DocumentEdit } from './noarkqArbitraries';

export type CostedWork = 'check' | 'completion' | 'incremental check';

/** The slowest input seen, with the time that counted for it (re-timed when it was over). */
export interface SlowestInput {
  work: CostedWork;
  ms: number;
  /** Whether `ms` is the CPU time of the re-timings (the first timing was over the limit) rather
   * than the clock's time of the first. */
  retimed: boolean;
  input: string;
}

const options = { model: noarkModel };

/**
 * The longest input the bound times. The bound is there to catch work that grows faster than the
 * input (a path quadratic in blocks or diagnostics shows many times over it within 240 repeated
 * blocks); the time of linear work on big files is the benchmark's slope table. A file dense with
 * errors costs up to about 1 ms of CPU per KB (2 to 4 times one without), so 20 KB keeps an
 * honest linear check under 50 ms with room for a busy machine.
 */
export const maxCostedChars = 20_000;

/** Each piece of work as a function that sets itself up, then runs the timed part. */
function work(text: string, cursor: number, edit: DocumentEdit): Record<CostedWork, () => () => void> {
  const edited = applyDocumentEdit(text, edit);
  return {
    check: () => () => void checkDocument(parseDocument(text), options),
    completion: () => {
      const document = TextDocument.create('file:///fuzz.noarkq', 'noarkq', 1, text);
      const parsed = parseDocument(text);
      const position = document.positionAt(text.length === 0 ? 0 : cursor % (text.length + 1));
      return () => void getCompletions(document, parsed, position, options);
    },
    'incremental check': () => {
      const checker = createDocumentChecker(options);
      const before = parseDocument(text);
      checker.check(before);
      return () => void checker.check(parseDocument(edited, before));
    },
  };
}

/** Milliseconds of `clock` the run took, its set-up left out. */
function timed(prepare: () => () => void, clock: () => number = () => performance.now()): number {
  const run = prepare();
  const started = clock();
  run();
  return clock() - started;
}

/**
 * The CPU time of this thread, in milliseconds. The process's CPU time counts V8's helper threads
 * too (parallel scavenges, concurrent marking and compiling), which on two cores ran beside the
 * work and made it look about twice as long as it ran; Linux keeps each thread's own time in
 * nanoseconds. Elsewhere the process's time (user and system) stands in.
 */
const cpuClock: () => number = (() => {
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const threadClock = () => Number(readFileSync(schedstat, 'latin1').split(' ', 1)[0]) / 1e6;
  try {
    if (Number.isFinite(threadClock())) return threadClock;
  } catch {
    // not Linux, or /proc not mounted
  }
  return () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
})();

const collectGarbage: (() => void) | undefined = typeof globalThis.gc === 'function' ? () => globalThis.gc?.() : undefined;

/** The best of three re-timings in CPU time, each alone and after a collection. */
function retimed(prepare: () => () => void): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    collectGarbage?.();
    best = Math.min(best, timed(prepare, cpuClock));
  }
  return best;
}

/**
 * The property, the slowest input it has seen so far, and how many times a first timing was over
 * the limit but its re-timing was not. It fails on an input whose work is over
 * `limitMs` even when re-timed; fast-check then shrinks the input, timing each smaller one.
 */
export function costStaysBounded(limitMs: number): { property: fc.IProperty<[string, number, DocumentEdit]>; slowest: () => SlowestInput | undefined; cleared: () => number } {
  let slowest: SlowestInput | undefined;
  let cleared = 0;
  const inputArb = fc.oneof({ weight: 3, arbitrary: anyDocumentArb }, { weight: 1, arbitrary: repeatedDocumentArb.map((text) => text.slice(0, maxCostedChars)) });
  const property = fc.property(inputArb, fc.nat(), documentEditArb, (text, cursor, edit) => {
    for (const [name, prepare] of Object.entries(work(text, cursor, edit)) as Array<[CostedWork, () => () => void]>) {
      let ms = timed(prepare);
      const over = ms > limitMs;
      if (over) {
        ms = retimed(prepare);
        if (ms <= limitMs) cleared++;
      }
      if (!slowest || ms > slowest.ms) slowest = { work: name, ms, retimed: over, input: text };
      if (ms > limitMs) throw new Error(`${name} took ${ms.toFixed(1)} ms, over the ${limitMs} ms limit (best of three re-timings in CPU time) on ${text.length} characters`);
    }
  });
  return { property, slowest: () => slowest, cleared: () => cleared };
}
