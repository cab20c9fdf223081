/**
 * Header names of the interface. An archive answers errors as plain text unless asked for JSON
 * with `X-Service-Error-Response-Type: application/json` (the spec's name) or the vendor's
 * `X-Documaster-Error-Response-Type`; a client sends both, a server honours either. Lower case,
 * as Node's `IncomingMessage.headers` holds them. Zod-free.
 */
export const errorResponseTypeHeaders = ['x-service-error-response-type', 'x-documaster-error-response-type'] as const;

/** The headers that ask for JSON error bodies. */
export const jsonErrorRequestHeaders: Readonly<Record<(typeof errorResponseTypeHeaders)[number], string>> = {
  'x-service-error-response-type': 'application/json',
  'x-documaster-error-response-type': 'application/json',
};
