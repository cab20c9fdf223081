/**
 * Every request handler runs isolated: an exception in a feature answers that one request with an
 * `InternalError` (and a log line), never takes the server down, and never leaks into the next
 * request. Cancellation is honoured before and after the work.
 *
 * The handler starts one macrotask late on purpose: the JSON-RPC reader delivers a `$/cancelRequest`
 * that arrived together with its request only after the request was dispatched, so yielding once
 * lets such a cancel reach the token before any work is done (as VS Code's own servers do).
 */
import { ErrorCodes, LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver/node';

export type Logger = (message: string) => void;

/** `E` is the type of the error data the request declares (most declare none). */
export type RequestHandler<P, R, E = void> = (params: P, token: CancellationToken) => R | ResponseError<E> | Promise<R | ResponseError<E>>;

export type IsolatedHandler<P, R, E = void> = (params: P, token: CancellationToken) => Promise<R | ResponseError<E>>;

export function cancelled<E = void>(): ResponseError<E> {
  return new ResponseError<E>(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
}

/** The answer to a request on a version that a newer one replaced before the answer was ready. */
export function contentModified(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.ContentModified, 'The document changed before the answer was ready.');
}

/** Requests dispatched whose handler has not started yet (it starts a macrotask late). */
let waiting = 0;

/** Whether a request is about to start: long work running in slices (slicedTask.ts) lets it go
 * first, so a request waits behind at most the slice that was running when it came. */
export function requestsWaiting(): boolean {
  return waiting > 0;
}

/**
 * Where the server is in the protocol's lifecycle. A request before `initialize` is answered
 * `ServerNotInitialized`, one after `shutdown` `InvalidRequest` (the LSP specification, "Lifecycle
 * Messages"). One server runs in a process, so the state is the module's.
 */
export const lifecycle: { state: 'starting' | 'running' | 'shutDown' } = { state: 'starting' };

/** Why the params cannot be used (the path and the problem), or undefined when they can. */
export type ParamsCheck = (params: unknown) => string | undefined;

export function isolate<P, R, E = void>(name: string, log: Logger, handler: RequestHandler<P, R, E>, checkParams?: ParamsCheck): IsolatedHandler<P, R, E> {
  return async (params, token) => {
    if (lifecycle.state === 'starting') return new ResponseError<E>(ErrorCodes.ServerNotInitialized, `noarkq: ${name} before initialize: send initialize first.`);
    if (lifecycle.state === 'shutDown') return new ResponseError<E>(ErrorCodes.InvalidRequest, `noarkq: ${name} after shutdown: the server only takes exit now.`);
    waiting++;
    try {
      await nextMacrotask();
    } finally {
      waiting--;
    }
    if (token.isCancellationRequested) return cancelled<E>();
    const problem = checkParams?.(params);
    if (problem !== undefined) return new ResponseError<E>(ErrorCodes.InvalidParams, `noarkq: ${name}: invalid params: ${problem}`);
    try {
      const result = await handler(params, token);
      if (token.isCancellationRequested) return cancelled<E>();
      return result;
    } catch (error) {
      log(`noarkq: ${name} failed: ${describe(error, true)}`);
      return new ResponseError<E>(
        ErrorCodes.InternalError,
        `noarkq: ${name} failed (${describe(error, false)}). This is a bug in noarkq; the server keeps running. Please report it with the document's text.`,
      );
    }
  };
}

/** Notifications have nobody to answer: a failure is logged and the server carries on. */
export function isolateNotification<P>(name: string, log: Logger, handler: (params: P) => void): (params: P) => void {
  return (params) => {
    try {
      handler(params);
    } catch (error) {
      log(`noarkq: ${name} failed: ${describe(error, true)}`);
    }
  };
}

function describe(error: unknown, withStack: boolean): string {
  if (error instanceof Error) return withStack && error.stack ? error.stack : error.message;
  return String(error);
}

function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
