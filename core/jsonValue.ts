/** A JSON value as parsed from a variable line, a request body or a response. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A value the user typed (`--var year=2024`, an input box): JSON when it parses as JSON (`2024`,
 * `true`, `"x"`), else the text itself, so `kari` needs no quotes. */
export function parseTypedValue(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}
