/**
 * `{{name.path}}` references: found in variable values, JSON strings, DOWNLOAD ids and paths.
 *
 * Syntax: `{{` optional blanks, a name (`[A-Za-z_$][A-Za-z0-9_$-]*`, so block names with `-`
 * fit), then segments `.ident` or `[n]`, optional blanks, `}}`. A `{{` that does not read that
 * way is reported as `noarkq.malformed-reference` over the whole `{{...}}` (or to the end of the
 * scanned range when it is never closed), and no occurrence is recorded for it.
 */
import type { NoarkqDiagnostic, Span } from '../diagnostics';
import { DocumentCodes } from './documentCodes';
import type { ReferenceContext, ReferenceOccurrence, ReferenceSegment } from './documentModel';

const identifierStart = /[A-Za-z_$]/;
const identifierPart = /[A-Za-z0-9_$-]/;

export interface ReferenceScan {
  references: ReferenceOccurrence[];
  diagnostics: NoarkqDiagnostic[];
}

/**
 * Scans `text[start, end)` for references; offsets stay in `text`'s space. `wholeValue` is set on
 * a reference that covers the range exactly (ignoring nothing: the caller passes the string's
 * content without its quotes).
 */
export function scanReferences(text: string, start: number, end: number, context: ReferenceContext): ReferenceScan {
  const references: ReferenceOccurrence[] = [];
  const diagnostics: NoarkqDiagnostic[] = [];
  let at = text.indexOf('{{', start);
  while (at !== -1 && at + 1 < end) {
    const close = text.indexOf('}}', at + 2);
    if (close === -1 || close + 2 > end) {
      diagnostics.push(malformed(at, end, 'This `{{` is never closed: end the reference with `}}`.'));
      break;
    }
    const parsed = parseReferenceBody(text, at, close + 2);
    if ('message' in parsed) {
      diagnostics.push(malformed(at, close + 2, parsed.message));
    } else {
      references.push({ start: parsed.start, end: parsed.end, name: parsed.name, nameSpan: parsed.nameSpan, segments: parsed.segments, wholeValue: at === start && close + 2 === end, context });
    }
    at = text.indexOf('{{', close + 2);
  }
  return { references, diagnostics };
}

/** True when `text[start, end)` is exactly one `{{...}}` (well-formed or not). */
export function isSingleReference(text: string, start: number, end: number): boolean {
  if (!text.startsWith('{{', start) || end - start < 4 || text.slice(end - 2, end) !== '}}') return false;
  const close = text.indexOf('}}', start + 2);
  return close === end - 2;
}

type ParsedReference = Omit<ReferenceOccurrence, 'wholeValue' | 'context'>;

/** Parses `text[start, end)`, which starts with `{{` and ends with `}}`. */
function parseReferenceBody(text: string, start: number, end: number): ParsedReference | { message: string } {
  let i = start + 2;
  const contentEnd = end - 2;
  while (i < contentEnd && isBlank(text[i])) i++;
  let last = contentEnd;
  while (last > i && isBlank(text[last - 1])) last--;
  if (i === last) return { message: 'Empty reference: write `{{blockName.path}}` or `{{variableName}}` between the braces.' };
  if (!identifierStart.test(text[i])) {
    return { message: `\`${text.slice(i, last)}\` does not start with a name: a reference is \`{{blockName.path}}\` or \`{{variableName}}\`.` };
  }
  const nameStart = i;
  while (i < last && identifierPart.test(text[i])) i++;
  const nameSpan: Span = { start: nameStart, end: i };
  const segments: ReferenceSegment[] = [];
  while (i < last) {
    const ch = text[i];
    if (ch === '.') {
      const identStart = i + 1;
      let j = identStart;
      if (j < last && identifierStart.test(text[j])) {
        j++;
        while (j < last && identifierPart.test(text[j])) j++;
      }
      if (j === identStart) {
        return { message: `Expected a property name after \`.\` in \`${text.slice(start, end)}\`: write \`.name\` or \`[index]\`.` };
      }
      segments.push({ kind: 'property', name: text.slice(identStart, j), start: identStart, end: j });
      i = j;
    } else if (ch === '[') {
      const close = text.indexOf(']', i);
      const inner = close === -1 || close >= last ? '' : text.slice(i + 1, close);
      if (!/^\d+$/.test(inner)) {
        return { message: `\`${text.slice(i, close === -1 || close >= last ? last : close + 1)}\` is not an index: write \`[0]\`, \`[1]\`, ...` };
      }
      segments.push({ kind: 'index', index: Number(inner), start: i, end: close + 1 });
      i = close + 1;
    } else {
      return { message: `Unexpected \`${ch}\` in \`${text.slice(start, end)}\`: a path continues with \`.name\` or \`[index]\`.` };
    }
  }
  return { start, end, name: text.slice(nameSpan.start, nameSpan.end), nameSpan, segments };
}

function isBlank(ch: string): boolean {
  return ch === ' ' || ch === '\t';
}

function malformed(start: number, end: number, message: string): NoarkqDiagnostic {
  return { code: DocumentCodes.malformedReference, severity: 'error', start, end, message };
}

/** The reference as text, for messages: `findCase.results[0].id`. */
export function referencePathText(ref: Pick<ReferenceOccurrence, 'name' | 'segments'>): string {
  return ref.name + ref.segments.map((s) => (s.kind === 'property' ? `.${s.name}` : `[${s.index}]`)).join('');
}
