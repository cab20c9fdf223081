/**
 * JSON bodies of TRANSACTION and HTTP requests, parsed error-tolerantly with jsonc-parser
 * (comments and trailing commas allowed, as in the editor), keeping block-relative offsets.
 */
import { printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import type { NoarkqDiagnostic } from '../diagnostics';
import { parseJsoncTree } from '../json/jsoncTree';
import type { JsonValue } from '../jsonValue';
import { DocumentCodes } from './documentCodes';
import type { JsonBody, ReferenceOccurrence } from './documentModel';
import { scanReferences } from './referenceScanner';

export interface JsonBodyParse {
  body: JsonBody | undefined;
  references: ReferenceOccurrence[];
  diagnostics: NoarkqDiagnostic[];
}

/**
 * Parses the body in `text[start, end)`. `masked` is `text` with lines that are not JSON
 * (comment lines, misplaced variable lines) replaced by blanks of the same length, so offsets in
 * both agree. Returns no body when the range holds only blanks.
 */
export function parseJsonBody(text: string, masked: string, start: number, end: number): JsonBodyParse {
  const region = masked.slice(start, end);
  const firstNonBlank = region.search(/\S/);
  if (firstNonBlank === -1) return { body: undefined, references: [], diagnostics: [] };
  const diagnostics: NoarkqDiagnostic[] = [];

  // A `{{reference}}` written where a value belongs (`"limit": {{n}}`) is the commonest slip;
  // turning its outer braces into quotes keeps the rest of the body parseable.
  const bare = findBareReferences(region);
  let source = region;
  for (const r of bare) {
    source = source.slice(0, r.start) + '"' + source.slice(r.start + 1, r.end - 1) + '"' + source.slice(r.end);
    diagnostics.push({
      code: DocumentCodes.invalidJson,
      severity: 'error',
      start: start + r.start,
      end: start + r.end,
      message: 'A reference outside a string is not JSON: put it in quotes. A string that is exactly one reference takes the referenced value with its JSON type.',
      fixes: [
        {
          title: 'Put the reference in quotes',
          preferred: true,
          edits: [
            { start: start + r.start, end: start + r.start, newText: '"' },
            { start: start + r.end, end: start + r.end, newText: '"' },
          ],
        },
      ],
    });
  }

  const errors: ParseError[] = [];
  const tree = parseBodyTree(start, source, errors);
  // jsonc-parser can report several errors at one place (an unclosed array inside an unclosed
  // object): one diagnostic per place, saying all of them, reads better than a stack of squiggles.
  let previous: NoarkqDiagnostic | undefined;
  for (const e of errors) {
    const diagnostic = jsonErrorDiagnostic(e, masked, end);
    if (previous && previous.start === diagnostic.start && previous.end === diagnostic.end) {
      if (!previous.message.includes(diagnostic.message)) previous.message = `${previous.message} ${diagnostic.message}`;
      continue;
    }
    diagnostics.push(diagnostic);
    previous = diagnostic;
  }

  const references: ReferenceOccurrence[] = [];
  const bareStarts = new Set(bare.map((r) => start + r.start));
  if (tree) collectStringReferences(tree, text, bareStarts, references, diagnostics);

  let lastNonBlank = region.length;
  while (lastNonBlank > 0 && /\s/.test(region[lastNonBlank - 1])) lastNonBlank--;
  const hasSyntaxErrors = errors.length > 0 || bare.length > 0;
  // The tree is not kept: a parse goes on to other blocks before anything reads it, and a tree
  // still held then would outlive the young generation, to be collected later at more cost.
  const body = new LazyJsonBody(start + firstNonBlank, start + lastNonBlank, hasSyntaxErrors, start, source);
  return { body, references, diagnostics };
}

const treeOptions = { allowTrailingComma: true, disallowComments: false };

/** The tree of a body's source (`region`, references outside strings already quoted) that
 * starts at `start` in the block: block-relative offsets. */
function parseBodyTree(start: number, source: string, errors: ParseError[] = []): JsonNode | undefined {
  return parseJsoncTree(' '.repeat(start) + source, errors, treeOptions);
}

/**
 * A body that keeps its source (a slice of the block's text, so no copy of it, unless a bare
 * reference was quoted or lines were masked) instead of its tree.
 */
class LazyJsonBody implements JsonBody {
  constructor(
    readonly start: number,
    readonly end: number,
    readonly hasSyntaxErrors: boolean,
    private readonly sourceStart: number,
    private readonly source: string,
  ) {}

  get tree(): JsonNode | undefined {
    if (lastTree?.of === this) return lastTree.tree;
    const tree = parseBodyTree(this.sourceStart, this.source);
    lastTree = { of: this, tree };
    return tree;
  }

  get value(): JsonValue | undefined {
    if (this.hasSyntaxErrors) return undefined;
    const tree = this.tree;
    return tree ? nodeValue(tree) : undefined;
  }
}

/**
 * The tree of the body read last: a check or a request reads one body's tree several times in a
 * row (its shape, its actions, its response). Only one: trees kept over several blocks outlived
 * the young generation, and the old one filled with them (the check of a 10 MB file moved 118 MB
 * to the old generation with the last 8 kept, 38 MB with the last one).
 */
let lastTree: { of: LazyJsonBody; tree: JsonNode | undefined } | undefined;

/**
 * The value of a tree without syntax errors, as plain objects (jsonc-parser's own `getNodeValue`
 * gives objects without a prototype, which surprise every consumer).
 */
function nodeValue(node: JsonNode): JsonValue {
  switch (node.type) {
    case 'object': {
      const out: { [key: string]: JsonValue } = {};
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        if (!key || !value) continue;
        // defineProperty: a `__proto__` key is data here, not the prototype.
        Object.defineProperty(out, String(key.value), { value: nodeValue(value), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    case 'string':
    case 'number':
    case 'boolean':
      return node.value as string | number | boolean;
    default:
      return null;
  }
}

/** `{{...}}` outside strings and comments, in region-relative offsets. */
function findBareReferences(region: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  let i = 0;
  while (i < region.length) {
    const ch = region[i];
    if (ch === '"') {
      i++;
      while (i < region.length && region[i] !== '"' && region[i] !== '\n') i += region[i] === '\\' ? 2 : 1;
      i++;
    } else if (ch === '/' && region[i + 1] === '/') {
      const nl = region.indexOf('\n', i);
      i = nl === -1 ? region.length : nl;
    } else if (ch === '/' && region[i + 1] === '*') {
      const close = region.indexOf('*/', i + 2);
      i = close === -1 ? region.length : close + 2;
    } else if (ch === '{' && region[i + 1] === '{') {
      const close = region.indexOf('}}', i + 2);
      const nl = region.indexOf('\n', i);
      if (close === -1 || (nl !== -1 && nl < close)) break;
      found.push({ start: i, end: close + 2 });
      i = close + 2;
    } else {
      i++;
    }
  }
  return found;
}

function collectStringReferences(
  node: JsonNode,
  text: string,
  bareStarts: ReadonlySet<number>,
  out: ReferenceOccurrence[],
  diagnostics: NoarkqDiagnostic[],
): void {
  if (node.type === 'string') {
    const isKey = node.parent?.type === 'property' && node.parent.children?.[0] === node;
    if (isKey) return;
    const closed = node.length >= 2 && text[node.offset + node.length - 1] === '"';
    const contentStart = bareStarts.has(node.offset) ? node.offset : node.offset + 1;
    const contentEnd = bareStarts.has(node.offset) ? node.offset + node.length : node.offset + node.length - (closed ? 1 : 0);
    const scan = scanReferences(text, contentStart, contentEnd, 'json');
    out.push(...scan.references);
    diagnostics.push(...scan.diagnostics);
    return;
  }
  for (const child of node.children ?? []) collectStringReferences(child, text, bareStarts, out, diagnostics);
}

const errorMessages: Record<string, string> = {
  InvalidSymbol: 'Unexpected character: JSON values are strings in double quotes, numbers, objects, arrays, true, false or null.',
  InvalidNumberFormat: 'Invalid number: write digits, optionally with `.` and an exponent.',
  PropertyNameExpected: 'A property name in double quotes is expected here.',
  ValueExpected: 'A value is expected here: a string, number, object, array, true, false or null.',
  ColonExpected: 'Add `:` between the property name and its value.',
  CommaExpected: 'Add `,` between the items.',
  CloseBraceExpected: 'The object is not closed: add `}`.',
  CloseBracketExpected: 'The array is not closed: add `]`.',
  EndOfFileExpected: 'Unexpected text after the body: a body is a single JSON value.',
  InvalidCommentToken: 'Invalid comment: use `// ...` or `/* ... */`.',
  UnexpectedEndOfComment: 'The comment is not closed: add `*/`.',
  UnexpectedEndOfString: 'The string is not closed: add `"` (strings cannot span lines).',
  UnexpectedEndOfNumber: 'The number is cut off: add its digits.',
  InvalidUnicode: 'Invalid `\\u` escape: write four hex digits.',
  InvalidEscapeCharacter: 'Invalid escape: use \\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX.',
  InvalidCharacter: 'Invalid character in a string: escape control characters (e.g. `\\t`).',
};

function jsonErrorDiagnostic(e: ParseError, masked: string, regionEnd: number): NoarkqDiagnostic {
  const name = printParseErrorCode(e.error);
  let start = e.offset;
  let end = e.offset + e.length;
  // Errors at the end of the body ("`}` expected") have no width; point at the last character
  // so that the squiggle is visible.
  if (end === start) {
    if (start < regionEnd && !/\s/.test(masked[start] ?? '')) end = start + 1;
    else {
      let last = Math.min(start, regionEnd);
      while (last > 0 && /\s/.test(masked[last - 1])) last--;
      start = Math.max(0, last - 1);
      end = last;
    }
  }
  return {
    code: DocumentCodes.invalidJson,
    severity: 'error',
    start,
    end,
    message: errorMessages[name] ?? `Invalid JSON (${name}).`,
  };
}
