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

/** `raw` parsed as one JSON literal, or undefined when it is not one. Text that cannot begin a JSON
 * value is told apart without throwing: a file full of bare values would otherwise spend its check
 * building the exceptions' stack traces. */
export function jsonLiteral(raw: string): { value: JsonValue } | undefined {
  if (!/^(?:["{[\-0-9]|true|false|null)/.test(raw)) return undefined;
  try {
    return { value: JSON.parse(raw) as JsonValue };
  } catch {
    return undefined;
  }
}
