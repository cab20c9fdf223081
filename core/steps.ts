/**
 * Work written as a generator that yields between steps (a block parsed, a block checked), so
 * that the language server can spread it over turns of its event loop; everyone else runs it to
 * its end at once with `runSteps`.
 */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
