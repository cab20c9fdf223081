/**
 * What an id written in a transaction stands for. The spec's rule: an existing entity has a
 * numeric id, a new one a non-numeric temporary id (rule 7). A string that is exactly one
 * `{{reference}}` is an id only known at run time, always of an existing entity (a query result
 * or an earlier transaction's saved id).
 */
import type { Node as JsonNode } from 'jsonc-parser';
import type { NewEntity } from './transactionGraph';

export type IdKind =
  /** A temporary id of an entity saved (created) in this transaction. */
  | 'temp'
  /** A numeric id of an entity that already exists. */
  | 'existing'
  /** Exactly one `{{reference}}`: an existing entity whose id is known when the file runs. */
  | 'runtime'
  /** Text with a reference inside it: nothing can be said about it before it runs. */
  | 'partial'
  /** Empty, or not a string or number: reported, otherwise ignored. */
  | 'invalid';

export interface IdSyntax {
  /** The id as text (a JSON number as its decimal text). */
  text: string;
  node: JsonNode;
  kind: IdKind;
  /** For `runtime`: the reference without braces, e.g. `findCase.results[0].id`. */
  reference: string | undefined;
  /** A temporary id that looks like a number (`-1`, `1.5`, ` 42`), which rule 7 forbids. */
  numericLooking: boolean;
  /** For `temp`: the new entity it names, resolved once by `buildGraph` (undefined before, and
   * when no save creates it), so that later checks need no map lookup by id text. */
  entity: NewEntity | undefined;
}

const wholeReference = /^\{\{\s*([^{}]*?)\s*\}\}$/;
const digits = /^\d+$/;
const numberLike = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** The reference inside a string that is exactly one `{{reference}}`. */
export function wholeReferenceOf(text: string): string | undefined {
  if (!text.startsWith('{{')) return undefined;
  const m = wholeReference.exec(text);
  return m && m[1].length > 0 ? m[1] : undefined;
}

export function containsReference(text: string): boolean {
  return text.includes('{{');
}

function id(text: string, node: JsonNode, kind: IdKind, reference?: string, numericLooking = false): IdSyntax {
  return { text, node, kind, reference, numericLooking, entity: undefined };
}

export function classifyId(node: JsonNode): IdSyntax {
  if (node.type === 'number' && typeof node.value === 'number') {
    const text = String(node.value);
    return id(text, node, digits.test(text) ? 'existing' : 'invalid');
  }
  if (node.type !== 'string' || typeof node.value !== 'string') return id('', node, 'invalid');
  const text = node.value;
  if (text.length === 0) return id(text, node, 'invalid');
  const first = text.charCodeAt(0);
  if (first >= 48 && first <= 57 && digits.test(text)) return id(text, node, 'existing');
  if (first === 123 /* { */) {
    const reference = wholeReferenceOf(text);
    if (reference !== undefined) return id(text, node, 'runtime', reference);
  }
  if (containsReference(text)) return id(text, node, 'partial');
  return id(text, node, 'temp', undefined, mayLookNumeric(first) && numberLike.test(text));
}

/** Whether a text starting with `c` can match `numberLike` (a cheap test that spares the regex
 * for nearly every temporary id). */
function mayLookNumeric(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46 || c === 32 || (c >= 9 && c <= 13) || c > 127;
}
