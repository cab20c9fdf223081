/**
 * What every generator writes the same way: the comment at the top (what the code is, which
 * environment variables hold its secrets, what its placeholders stand for), placeholder names in
 * each language's style, and nested JSON values printed with a language's own literals.
 */
import type { JsonValue } from '../../core/jsonValue';
import { secretVariables, splitPlaceholders, type CodePlaceholder, type CodeRequest } from './codeRequest';

/** The comment at the top, as lines without comment markers. */
export function headerLines(request: CodeRequest, language: string): string[] {
  const lines = [`${capitalised(request.title)} on environment "${request.environment}", as ${language}; copied by noarkq.`];
  const secrets = secretVariables(request.auth);
  if (secrets.length > 0) {
    lines.push(`Secrets are read from environment variables and never written here: ${secrets.map((s) => `${s.name} (${s.holds})`).join(', ')}.`);
  }
  if (request.placeholders.length > 0) {
    lines.push('Placeholders: values the block takes from earlier responses or that nothing defines. Fill them in below.');
  }
  return lines;
}

export type NameStyle = 'camel' | 'snake' | 'upper';

/**
 * A name for each placeholder in `style`, distinct from each other and from `taken` (the
 * generated code's own names): `findCase.results[0].id` → `findCaseResults0Id`.
 */
export function placeholderNames(placeholders: readonly CodePlaceholder[], style: NameStyle, taken: readonly string[]): string[] {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  return placeholders.map((placeholder) => {
    const words = placeholder.name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .split(/[^A-Za-z0-9]+/)
      .filter((w) => w !== '')
      .map((w) => w.toLowerCase());
    if (words.length === 0 || /^[0-9]/.test(words[0])) words.unshift('value');
    const base = style === 'camel' ? words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('') : style === 'snake' ? words.join('_') : words.join('_').toUpperCase();
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}${style === 'camel' ? '' : '_'}${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * `text` as an expression: literal parts through `literal`, placeholders as their names, joined
 * with `join` (` + `, ` . `); a placeholder the code percent-encodes (in a URL) is its expression
 * through `encoded`. An empty text is `literal('')`.
 */
export function stringExpression(
  text: string,
  literal: (text: string) => string,
  names: readonly string[],
  join: string,
  placeholder: (name: string) => string = (name) => name,
  encoded: (expression: string) => string = () => {
    throw new Error('a placeholder to percent-encode outside a URL');
  },
): string {
  const parts = splitPlaceholders(text);
  if (parts.length === 0) return literal('');
  return parts.map((part) => (typeof part === 'string' ? literal(part) : part.encoded ? encoded(placeholder(names[part.placeholder])) : placeholder(names[part.placeholder]))).join(join);
}

/** How a language writes the parts of a JSON value. */
export interface StructureSyntax {
  string(text: string): string;
  number(value: number): string;
  boolean(value: boolean): string;
  null: string;
  emptyArray: string;
  arrayOpen: string;
  arrayClose: string;
  /** An empty object; `{}` in most languages. */
  emptyObject: string;
  /** Opens an object with these keys (PHP needs to know whether they look like a list's). */
  objectOpen(keys: readonly string[]): string;
  objectClose: string;
  entry(key: string, value: string): string;
  indent: string;
}

/** `value` as a nested literal, one entry a line, continuing lines at `indent`. */
export function printStructure(value: JsonValue, syntax: StructureSyntax, indent = ''): string {
  const inner = indent + syntax.indent;
  if (Array.isArray(value)) {
    if (value.length === 0) return syntax.emptyArray;
    return `${syntax.arrayOpen}\n${value.map((item) => inner + printStructure(item, syntax, inner)).join(',\n')},\n${indent}${syntax.arrayClose}`;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return syntax.emptyObject;
    return `${syntax.objectOpen(keys)}\n${keys.map((key) => inner + syntax.entry(key, printStructure(value[key], syntax, inner))).join(',\n')},\n${indent}${syntax.objectClose}`;
  }
  if (typeof value === 'string') return syntax.string(value);
  if (typeof value === 'number') return syntax.number(value);
  if (typeof value === 'boolean') return syntax.boolean(value);
  return syntax.null;
}

/** The JSON text of a body, pretty-printed, cut into lines each ending with its newline (the last without). */
export function jsonLines(value: JsonValue): string[] {
  const lines = JSON.stringify(value, null, 2).split('\n');
  return lines.map((line, i) => (i < lines.length - 1 ? `${line}\n` : line));
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * `text` between double quotes with the C family's escapes for `\\`, `"`, line feed, carriage
 * return and tab, and `escape(code)` for any other character it gives text for; characters are
 * UTF-16 code units, or code points for a language that reads its source so (Python).
 */
export function cStyleString(text: string, escape: (code: number) => string | undefined, unit: 'code unit' | 'code point' = 'code unit'): string {
  let out = '"';
  for (const ch of unit === 'code point' ? Array.from(text) : text.split('')) {
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else out += escape(ch.codePointAt(0)!) ?? ch;
  }
  return `${out}"`;
}
