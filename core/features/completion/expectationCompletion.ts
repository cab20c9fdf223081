/**
 * Completion on `EXPECT` lines: the subject (`status`, `time`, `header` and the response's
 * top-level keys), the members of the shape a path has reached (`results[0].|`, with `[*]` and
 * `.length` where they apply), the operators and tests after a subject, and the codes of a
 * code-list field after `=` or `!=`. The path is typed by the block's own response shape, the one
 * `{{block.path}}` references into it are typed by.
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Span } from '../../diagnostics';
import { describeShape, expectationPathShape, responseShapeOfBlock, shapeMembers, type ExpectationPathSegment, type ResponseShape } from '../../document';
import { fieldValueSet } from './codeListValues';
import { makeItem, rank } from './completionItems';
import { lineBeforeCursor, noCompletions, type CompletionResult, type CompletionSite } from './completionSite';

const subjectKeywords: readonly [string, string][] = [
  ['status', 'The HTTP status: `EXPECT status = 200`. An expected 4xx makes the refusal the outcome.'],
  ['time', 'Milliseconds the whole exchange took: `EXPECT time < 2000`.'],
  ['header', 'A response header: `EXPECT header content-type %= "application/json%"`.'],
];

/** Completions when the cursor is on an `EXPECT` line after its keyword, else undefined. */
export function expectationCompletions(site: CompletionSite): CompletionResult | undefined {
  const before = lineBeforeCursor(site);
  const m = /^(\s*)(expect)(\s+)(.*)$/i.exec(before);
  if (!m) return undefined;
  const restStart = site.lineStart + m[1].length + m[2].length + m[3].length;
  const rest = m[4];
  const root = site.block.parsed.request ? responseShapeOfBlock(site.doc, site.block, site.context.model) : undefined;

  // The first word: a subject keyword or a top-level key.
  if (/^[A-Za-z_$][A-Za-z0-9_$-]*$|^$/.test(rest)) {
    const replace = wordSpan(site, restStart);
    const items: CompletionItem[] = subjectKeywords.map(([label, documentation], i) =>
      makeItem(site, { label, kind: CompletionItemKind.Keyword, replace, documentation, sortText: rank(1, String(i)) }),
    );
    if (root) items.push(...memberItems(site, root, replace, 'first'));
    return { items, isIncomplete: false };
  }

  // A path being typed: `results[0].fi|` or `results[|`.
  const path = /^([A-Za-z_$][A-Za-z0-9_$-]*(?:\.[A-Za-z_$][A-Za-z0-9_$-]*|\[(?:\d+|\*)\])*)(\.[A-Za-z0-9_$-]*|\[[\d*]*)$/.exec(rest);
  if (path) {
    const segments = pathSegments(path[1]);
    const shape = root && segments ? expectationPathShape(root, segments) : undefined;
    if (!shape) return noCompletions;
    const partialStart = restStart + path[1].length;
    const replace = wordSpan(site, partialStart + 1, partialStart);
    return { items: memberItems(site, shape, replace, path[2].startsWith('[') ? 'index' : 'member'), isIncomplete: false };
  }

  // After `=` or `!=` and a blank (or a quote): a code-list field's codes.
  const value = /^(\S+)\s+(?:=|!=)(?:\s+"?|")[^"\s]*$/.exec(rest);
  if (value) return codeItems(site, subjectShape(root, value[1]));
  // After a subject: the operators and tests.
  const operator = /^(\S+)(\s+)\S*$/.exec(rest);
  if (!operator) return noCompletions;
  const opStart = restStart + operator[1].length + operator[2].length;
  return { items: operatorItems(site, subjectShape(root, operator[1]), operator[1], { start: opStart, end: site.offset }), isIncomplete: false };
}

function subjectShape(root: ResponseShape | undefined, subject: string): ResponseShape | undefined {
  if (!root || subject === 'status' || subject === 'time') return undefined;
  const segments = pathSegments(subject);
  return segments ? expectationPathShape(root, segments) : undefined;
}

/** From `from` to the end of the word at the cursor. */
function wordSpan(site: CompletionSite, from: number, start = from): Span {
  let end = site.offset;
  while (end < site.lineEnd && /[A-Za-z0-9_$-]/.test(site.text[end])) end++;
  return { start: Math.min(start, from), end };
}

function pathSegments(text: string): ExpectationPathSegment[] | undefined {
  const segments: ExpectationPathSegment[] = [];
  const re = /\.?([A-Za-z_$][A-Za-z0-9_$-]*)|\[(\d+|\*)\]/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return undefined;
    if (m[1] !== undefined) segments.push({ kind: 'property', name: m[1], start: at, end: re.lastIndex });
    else if (m[2] === '*') segments.push({ kind: 'each', start: at, end: re.lastIndex });
    else segments.push({ kind: 'index', index: Number(m[2]), start: at, end: re.lastIndex });
    at = re.lastIndex;
  }
  return segments;
}

function memberItems(site: CompletionSite, shape: ResponseShape, replace: Span, mode: 'first' | 'member' | 'index'): CompletionItem[] {
  const model = site.context.model;
  const items: CompletionItem[] = [];
  const add = (label: string, newText: string, kind: CompletionItemKind, documentation: string, i: number): void => {
    items.push(makeItem(site, { label, kind, replace, newText, filterText: newText, documentation, sortText: rank(0, String(i).padStart(4, '0')) }));
  };
  if (shape.kind === 'array') {
    if (mode === 'first') return items;
    add('[*]', '[*]', CompletionItemKind.Operator, `Every element: the expectation must hold for each. ${describeShape(shape.items, model)}`, 0);
    add('[0]', '[0]', CompletionItemKind.Value, `The first element. ${describeShape(shape.items, model)}`, 1);
    if (mode === 'member') add('length', '.length', CompletionItemKind.Property, '`number` — how many elements the array has', 2);
    return items;
  }
  if (mode === 'index') return items;
  shapeMembers(shape).forEach((member, i) => {
    const newText = mode === 'first' ? member.name : `.${member.name}`;
    add(member.name, newText, member.shape.kind === 'entity' ? CompletionItemKind.Class : CompletionItemKind.Property, describeShape(member.shape, model), i);
  });
  if (mode === 'member' && shape.kind === 'value' && shape.type === 'string') add('length', '.length', CompletionItemKind.Property, '`number` — how many characters the text has', 0);
  return items;
}

const operatorDocs: Readonly<Record<string, string>> = {
  '=': 'equals',
  '!=': 'differs from',
  '<': 'is less than (numbers, dates and timestamps as such)',
  '<=': 'is at most',
  '>': 'is greater than',
  '>=': 'is at least',
  '%=': 'is like the pattern (`%` any run of characters)',
  '~': 'matches the regular expression `/…/flags`',
  exists: 'is in the response',
  absent: 'is not in the response',
};

function operatorItems(site: CompletionSite, shape: ResponseShape | undefined, subject: string, replace: Span): CompletionItem[] {
  const kind = subject === 'status' || subject === 'time' ? 'number' : shapeKind(shape);
  const ops =
    kind === 'number'
      ? ['=', '!=', '<', '<=', '>', '>=']
      : kind === 'text'
        ? ['=', '!=', '%=', '~', '<', '<=', '>', '>=']
        : kind === 'other'
          ? ['=', '!=']
          : ['=', '!=', '<', '<=', '>', '>=', '%=', '~'];
  const tests = subject === 'status' || subject === 'time' ? [] : ['exists', 'absent'];
  return [...ops, ...tests].map((op, i) =>
    makeItem(site, {
      label: op,
      kind: tests.includes(op) ? CompletionItemKind.Keyword : CompletionItemKind.Operator,
      replace,
      newText: tests.includes(op) ? op : `${op} `,
      documentation: `The subject ${operatorDocs[op]}.`,
      sortText: rank(0, String(i).padStart(2, '0')),
      retrigger: op === '=' || op === '!=',
    }),
  );
}

function shapeKind(shape: ResponseShape | undefined): 'number' | 'text' | 'other' | 'unknown' {
  if (!shape) return 'unknown';
  if (shape.kind !== 'value') return 'other';
  if (shape.type === 'number') return 'number';
  if (shape.type === 'string') return 'text';
  return shape.type === 'unknown' ? 'unknown' : 'other';
}

function codeItems(site: CompletionSite, shape: ResponseShape | undefined): CompletionResult {
  const field = shape?.kind === 'value' ? shape.field : undefined;
  const set = field ? fieldValueSet(field, site.context.model, site.context.codeLists) : undefined;
  if (!set) return noCompletions;
  const before = lineBeforeCursor(site);
  const quoted = /"[^"\s]*$/.exec(before);
  const start = quoted ? site.offset - quoted[0].length : site.offset;
  let end = site.offset;
  while (end < site.lineEnd && site.text[end] !== ' ' && site.text[end] !== '\t') end++;
  const items = set.values.map((v, i) =>
    makeItem(site, {
      label: v.code,
      kind: CompletionItemKind.EnumMember,
      replace: { start, end },
      newText: JSON.stringify(v.code),
      filterText: JSON.stringify(v.code),
      description: v.name !== v.code ? v.name : undefined,
      documentation: v.description,
      sortText: rank(v.code === set.defaultCode ? 0 : 1, String(i).padStart(4, '0')),
    }),
  );
  return { items, isIncomplete: false };
}
