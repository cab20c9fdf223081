/**
 * Completion inside `{{ }}`: variable and block names, then the members of the response shape
 * the path has reached (`{{findCase.results[0].|`). The reference is read from the cursor's line
 * up to the cursor, since it is usually unfinished (no `}}` yet).
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Span } from '../../diagnostics';
import { describeShape, resolveReference, shapeMembers, usable, variableChain, visibleVariables, type DocumentBlock, type ReferenceSegment, type ResponseShape, type VariableDeclaration } from '../../document';
import type { JsonValue } from '../../jsonValue';
import { jsonPreview } from '../hover/modelMarkdown';
import { makeItem, rank } from './completionItems';
import type { CompletionResult, CompletionSite } from './completionSite';
import { bindingValueText, scopeLabel } from './parameterItems';

/** Block names offered at once; more are found by typing (the list is marked incomplete). */
const maxBlockItems = 100;

interface PartialReference {
  name: string;
  nameSpan: Span;
  /** Complete segments before the one being typed. */
  segments: ReferenceSegment[];
  /** The segment being typed: `.nam` or `[`; undefined while the name is typed. */
  partial: { kind: 'property' | 'index'; span: Span } | undefined;
}

/** The unfinished reference the cursor is in, or undefined when it is not inside `{{`. */
export function referenceAtCursor(site: CompletionSite): PartialReference | undefined {
  const text = site.text;
  const open = text.lastIndexOf('{{', site.offset - 2);
  if (open < site.lineStart || open + 2 > site.offset) return undefined;
  const close = text.indexOf('}}', open + 2);
  if (close !== -1 && close + 2 <= site.offset) return undefined;
  let i = open + 2;
  while (i < site.offset && (text[i] === ' ' || text[i] === '\t')) i++;
  const nameStart = i;
  if (i < site.offset && !/[A-Za-z_$]/.test(text[i])) return undefined;
  while (i < site.offset && /[A-Za-z0-9_$-]/.test(text[i])) i++;
  let nameEnd = i;
  if (i === site.offset) {
    while (nameEnd < site.lineEnd && /[A-Za-z0-9_$-]/.test(text[nameEnd])) nameEnd++;
    return { name: text.slice(nameStart, i), nameSpan: { start: nameStart, end: nameEnd }, segments: [], partial: undefined };
  }
  const name = text.slice(nameStart, nameEnd);
  const segments: ReferenceSegment[] = [];
  for (;;) {
    const c = text[i];
    if (c === '.') {
      const start = i;
      let j = i + 1;
      while (j < site.offset && /[A-Za-z0-9_$-]/.test(text[j])) j++;
      if (j === site.offset) {
        let end = j;
        while (end < site.lineEnd && /[A-Za-z0-9_$-]/.test(text[end])) end++;
        return { name, nameSpan: { start: nameStart, end: nameEnd }, segments, partial: { kind: 'property', span: { start, end } } };
      }
      if (j === i + 1) return undefined;
      segments.push({ kind: 'property', name: text.slice(i + 1, j), start: i + 1, end: j });
      i = j;
    } else if (c === '[') {
      const closeBracket = text.indexOf(']', i);
      if (closeBracket === -1 || closeBracket >= site.offset) {
        if (!/^\d*$/.test(text.slice(i + 1, site.offset))) return undefined;
        const end = closeBracket !== -1 && closeBracket < site.lineEnd ? closeBracket + 1 : site.offset;
        return { name, nameSpan: { start: nameStart, end: nameEnd }, segments, partial: { kind: 'index', span: { start: i, end } } };
      }
      const inner = text.slice(i + 1, closeBracket);
      if (!/^\d+$/.test(inner)) return undefined;
      segments.push({ kind: 'index', index: Number(inner), start: i, end: closeBracket + 1 });
      i = closeBracket + 1;
    } else {
      return undefined;
    }
    if (i >= site.offset) return undefined;
  }
}

export function referenceCompletions(site: CompletionSite, ref: PartialReference): CompletionResult {
  if (!ref.partial) return nameCompletions(site, ref);
  return pathCompletions(site, ref, ref.partial);
}

function nameCompletions(site: CompletionSite, ref: PartialReference): CompletionResult {
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  const circular = variablesLeadingTo(site, declarationOnCursorLine(site));
  for (const b of visibleVariables(site.doc, site.block, site.context.environment)) {
    if (seen.has(b.name) || circular.has(b.name)) continue;
    seen.add(b.name);
    const value = bindingValueText(b);
    items.push(
      makeItem(site, {
        label: b.name,
        kind: CompletionItemKind.Variable,
        replace: ref.nameSpan,
        detail: `${scopeLabel(b)} = ${value.length > 40 ? `${value.slice(0, 39)}…` : value}`,
        description: scopeLabel(b),
        sortText: rank(0, b.name),
      }),
    );
  }
  // Earlier blocks, nearest first; a file variable is evaluated where it is used, so from the
  // preamble every block may be named.
  const blocks = site.doc.blocks;
  const last = site.block.index < 0 ? blocks.length - 1 : site.block.index - 1;
  const typed = ref.name.toLowerCase();
  let count = 0;
  let cut = false;
  const fromPreamble = site.block.index < 0;
  for (let i = fromPreamble ? 0 : last; fromPreamble ? i <= last : i >= 0; fromPreamble ? i++ : i--) {
    const b = blocks[i];
    const name = b.parsed.name?.text;
    if (!name || !startsWithIgnoringCase(name, typed) || seen.has(name)) continue;
    if (count >= maxBlockItems) {
      cut = true;
      break;
    }
    seen.add(name);
    count++;
    items.push(
      makeItem(site, {
        label: name,
        kind: CompletionItemKind.Module,
        replace: ref.nameSpan,
        detail: requestSummary(b),
        description: b.parsed.description?.text,
        documentation: `The last response of block \`${name}\`${b.parsed.description ? ` (${b.parsed.description.text})` : ''}: continue with \`.\` for its members.`,
        sortText: rank(1, String(fromPreamble ? i : last - i).padStart(6, '0')),
      }),
    );
  }
  return { items, isIncomplete: cut };
}

/** The variable declared on the cursor's line (`@r = {{|`), if any. */
function declarationOnCursorLine(site: CompletionSite): VariableDeclaration | undefined {
  return site.block.parsed.variables.find((v) => v.start >= site.lineStart && v.start <= site.offset && v.start < site.lineEnd);
}

/**
 * The variables a value `{{name}}` must not name in `declaration`'s value: the declaration's own
 * name, and every variable whose value leads back to it through `{{...}}`, as the run follows
 * them from this block (its own variables first, then the file's). Any of them would define the
 * variable through itself.
 */
function variablesLeadingTo(site: CompletionSite, declaration: VariableDeclaration | undefined): Set<string> {
  const out = new Set<string>();
  if (declaration === undefined) return out;
  out.add(declaration.name);
  const own = site.block.index >= 0 ? usable(site.block.parsed.variables) : [];
  for (const v of [...own, ...usable(site.doc.preamble.parsed.variables)]) {
    if (variableChain(site.doc, site.block, v.name).names.includes(declaration.name)) out.add(v.name);
  }
  return out;
}

/** `prefix` is lower case; no allocation per block name (thousands per keystroke). */
function startsWithIgnoringCase(name: string, prefix: string): boolean {
  if (name.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    let c = name.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

function requestSummary(block: DocumentBlock): string {
  const request = block.parsed.request;
  if (!request) return 'no request';
  if (request.kind === 'query') return `QUERY ${request.query.type?.name ?? ''}`.trim();
  const line = block.parsed.text.slice(request.keyword.start, request.line.end).trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

function pathCompletions(site: CompletionSite, ref: PartialReference, partial: { kind: 'property' | 'index'; span: Span }): CompletionResult {
  const model = site.context.model;
  const resolution = resolveReference(site.doc, site.block, { name: ref.name, segments: ref.segments }, model, site.context.environment);
  const shape = resolution.shape;
  if (!shape || resolution.problem) return { items: [], isIncomplete: false };
  const lastValue = resolution.blockName !== undefined ? valueAt(site.context.responses?.get(resolution.blockName)?.body, ref.segments) : undefined;
  const items: CompletionItem[] = [];
  shapeMembers(shape).forEach((member, i) => {
    if (partial.kind === 'index' && member.kind !== 'index') return;
    const newText = member.kind === 'index' ? member.name : `.${member.name}`;
    const value = lastValue === undefined ? undefined : member.kind === 'index' ? (Array.isArray(lastValue) ? lastValue[0] : undefined) : propertyOf(lastValue, member.name);
    const docs = [describeShape(member.shape, model)];
    if (value !== undefined) docs.push('', 'Last response:', '```json', jsonPreview(value, 300), '```');
    items.push(
      makeItem(site, {
        label: member.name,
        kind: member.kind === 'index' ? CompletionItemKind.Value : member.shape.kind === 'entity' ? CompletionItemKind.Class : CompletionItemKind.Property,
        replace: partial.span,
        newText,
        filterText: partial.kind === 'index' ? newText : member.kind === 'index' ? `.${newText}` : newText,
        detail: shapeTypeText(member.shape),
        description: value !== undefined && (value === null || typeof value !== 'object') ? shorten(JSON.stringify(value)) : undefined,
        documentation: docs.join('\n'),
        sortText: rank(0, String(i).padStart(4, '0')),
      }),
    );
  });
  return { items, isIncomplete: false };
}

function shapeTypeText(shape: ResponseShape): string {
  switch (shape.kind) {
    case 'value':
      return shape.idOf ? `id of ${shape.idOf}` : shape.type === 'unknown' ? 'any' : shape.type;
    case 'entity':
      return shape.entityType;
    case 'array':
      return `${shapeTypeText(shape.items)}[]`;
    default:
      return 'object';
  }
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function propertyOf(value: JsonValue | undefined, name: string): JsonValue | undefined {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return Object.prototype.hasOwnProperty.call(value, name) ? value[name] : undefined;
}

/** The value at `segments` in a response body, or undefined where the path does not exist. */
export function valueAt(body: JsonValue | undefined, segments: readonly ReferenceSegment[]): JsonValue | undefined {
  let value = body;
  for (const s of segments) {
    if (value === undefined) return undefined;
    if (s.kind === 'index') value = Array.isArray(value) ? value[s.index] : undefined;
    else value = propertyOf(value, s.name);
  }
  return value;
}
