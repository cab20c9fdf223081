/**
 * The archive interface's contract, once: every request and response body as a zod schema with
 * its type, the transaction action, the error body and the header names. `runner/` parses what it
 * receives with these schemas, `sandbox/` types what it sends with their `…Wire` (input) types.
 * See README.md for the leniency rule.
 */
export * from './wireValues';
export * from './entityBodies';
export * from './queryBodies';
export * from './transactionBodies';
export * from './fileBodies';
export * from './registryBodies';
export * from './logBodies';
export * from './bulkBodies';
export * from './fullTextBodies';
export * from './infoBodies';
export * from './errorBody';
export * from './headers';
export * from './shapeCheck';
export * from './endpointBodies';
export * from './apiEndpoints';
