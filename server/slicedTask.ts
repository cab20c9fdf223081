/**
 * Long work (a big file's parse, its check) shares the server's one thread with the requests:
 * it is written as a generator that yields after each small step, and run here in slices of a
 * few milliseconds, one slice per turn of the event loop. Between two slices the connection
 * reads what arrived and answers it, so no request waits more than about one slice behind the
 * work; a request already dispatched goes before the next slice. A task can be stopped between two slices; its generator is then closed (`return()`),
 * which lets it keep what it had done.
 */
import { requestsWaiting } from './requestIsolation';

/** How long one slice may run before the event loop gets its turn. */
export const sliceMilliseconds = 2;

export interface SlicedTask<T> {
  /** The generator's result; `undefined` when the task was stopped first. */
  readonly result: Promise<T | undefined>;
  /** Stops the task before its next slice; no effect once it ended. */
  stop(): void;
  readonly ended: boolean;
}

export function runInSlices<T>(steps: Generator<void, T, void>, sliceMs = sliceMilliseconds): SlicedTask<T> {
  let ended = false;
  let settle: (value: T | undefined) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const result = new Promise<T | undefined>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const slice = (): void => {
    if (ended) return;
    if (requestsWaiting()) {
      // Its handler's macrotask was queued before this one: after it, go on.
      setImmediate(slice);
      return;
    }
    const until = performance.now() + sliceMs;
    try {
      for (;;) {
        const next = steps.next();
        if (next.done) {
          ended = true;
          settle(next.value);
          return;
        }
        if (performance.now() >= until) break;
      }
    } catch (error) {
      ended = true;
      fail(error);
      return;
    }
    setImmediate(slice);
  };
  setImmediate(slice);
  return {
    result,
    get ended() {
      return ended;
    },
    stop() {
      if (ended) return;
      ended = true;
      // Never called from inside a slice (the generator is not running), so it can be closed.
      steps.return(undefined as T);
      settle(undefined);
    },
  };
}
