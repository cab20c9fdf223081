/** A JSON value as parsed from a variable line, a request body or a response. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
