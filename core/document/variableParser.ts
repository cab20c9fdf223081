/**
 * `@name = value` lines. The value is a JSON literal (any JSON value; `{{...}}` inside a string is
 * spliced in when the file runs) or one bare `{{reference}}`.
 */
import type { NoarkqDiagnostic, Span } from '../diagnostics';
import { jsonLiteral } from '../jsonValue';
import type { Line } from '../text/lines';
import { DocumentCodes } from './documentCodes';
import type { ReferenceOccurrence, VariableDeclaration, VariableValueSyntax } from './documentModel';
import { scanReferences } from './referenceScanner';

/** Variable names: what a query parameter accepts, plus `_` (the query checker reports `_` where
 * a name is used as a parameter). */
export const variableNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A line that declares a variable before the request: its first non-blank character is `@`. */
export function isVariableLine(lineText: string): boolean {
  return lineText.trimStart().startsWith('@');
}

/** After the request line, only a line that clearly reads `@name =` is a (misplaced) variable: a
 * query expression may continue on a line that starts with a parameter. */
export function isMisplacedVariableLine(lineText: string): boolean {
  return /^\s*@[A-Za-z_][A-Za-z0-9_]*\s*=(?!=)/.test(lineText);
}

export interface VariableLineParse {
  /** Undefined when the name itself is unusable. */
  declaration: VariableDeclaration | undefined;
  references: ReferenceOccurrence[];
  diagnostics: NoarkqDiagnostic[];
}

export function parseVariableLine(text: string, line: Line, misplaced: boolean): VariableLineParse {
  const diagnostics: NoarkqDiagnostic[] = [];
  const references: ReferenceOccurrence[] = [];
  const at = line.start + line.text.search(/\S/);
  let i = at + 1;
  while (i < line.end && /[A-Za-z0-9_]/.test(text[i])) i++;
  // The name ends at a blank or `=`; anything else glued to it makes the name invalid.
  let wordEnd = i;
  while (wordEnd < line.end && !/[\s=]/.test(text[wordEnd])) wordEnd++;
  const name = text.slice(at + 1, wordEnd);
  const nameSpan: Span = { start: at, end: wordEnd };
  if (!variableNamePattern.test(name)) {
    const suggestion = name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=[0-9]|$)/, 'v');
    diagnostics.push({
      code: DocumentCodes.malformedVariable,
      severity: 'error',
      ...nameSpan,
      message:
        name.length === 0
          ? 'A variable needs a name after `@`: write `@name = value`.'
          : `\`@${name}\` is not a valid variable name: use a letter or \`_\`, then letters, digits or \`_\` (e.g. \`@${suggestion}\`).`,
      fixes: name.length === 0 ? undefined : [{ title: `Rename to @${suggestion}`, edits: [{ start: at, end: wordEnd, newText: `@${suggestion}` }] }],
    });
    return { declaration: undefined, references, diagnostics };
  }

  let j = wordEnd;
  while (j < line.end && /\s/.test(text[j])) j++;
  const valueOf = (value: VariableValueSyntax): VariableLineParse => ({
    declaration: { name, nameSpan, value, misplaced, start: line.start + line.text.search(/\S/), end: lineContentEnd(text, line) },
    references,
    diagnostics,
  });

  if (text[j] !== '=') {
    const restEnd = lineContentEnd(text, line);
    diagnostics.push({
      code: DocumentCodes.malformedVariable,
      severity: 'error',
      start: j < restEnd ? j : nameSpan.start,
      end: j < restEnd ? restEnd : nameSpan.end,
      message: `\`@${name}\` has no \`=\`: write \`@${name} = value\` with a JSON literal or a {{reference}} as the value.`,
      fixes: j < restEnd ? [{ title: 'Insert `=`', preferred: true, edits: [{ start: wordEnd, end: j, newText: ' = ' }] }] : undefined,
    });
    return valueOf({ kind: 'invalid', span: { start: j, end: j < restEnd ? restEnd : j } });
  }

  let valueStart = j + 1;
  while (valueStart < line.end && /\s/.test(text[valueStart])) valueStart++;
  const valueEnd = lineContentEnd(text, line);
  const span: Span = { start: valueStart, end: Math.max(valueStart, valueEnd) };
  const raw = text.slice(span.start, span.end);
  if (raw.length === 0) {
    diagnostics.push({
      code: DocumentCodes.malformedVariable,
      severity: 'error',
      start: j,
      end: j + 1,
      message: `\`@${name}\` has no value: write a JSON literal (\`2024\`, \`"text"\`, \`true\`, \`null\`) or a {{reference}} after \`=\`.`,
    });
    return valueOf({ kind: 'invalid', span });
  }

  if (raw.startsWith('{{')) {
    const scan = scanReferences(text, span.start, span.end, 'variable');
    diagnostics.push(...scan.diagnostics);
    if (scan.diagnostics.length > 0) return valueOf({ kind: 'invalid', span });
    const whole = scan.references.find((r) => r.wholeValue);
    if (whole) {
      references.push(whole);
      return valueOf({ kind: 'reference', reference: whole, span });
    }
    references.push(...scan.references);
    diagnostics.push(notJson(name, raw, span, 'Text around a reference makes a string: put the whole value in quotes.'));
    return valueOf({ kind: 'invalid', span });
  }

  const literal = jsonLiteral(raw);
  if (!literal) {
    diagnostics.push(notJson(name, raw, span, 'Text values need double quotes.'));
    return valueOf({ kind: 'invalid', span });
  }
  if (typeof literal.value === 'string') {
    // References inside the string: scanned in the source text, between the quotes.
    const scan = scanReferences(text, span.start + 1, span.end - 1, 'variable');
    references.push(...scan.references);
    diagnostics.push(...scan.diagnostics);
  }
  return valueOf({ kind: 'json', value: literal.value, span });
}

function notJson(name: string, raw: string, span: Span, hint: string): NoarkqDiagnostic {
  const quoted = JSON.stringify(raw.replace(/^"|"$/g, ''));
  return {
    code: DocumentCodes.malformedVariable,
    severity: 'error',
    ...span,
    message: `The value of \`@${name}\` is neither a JSON literal nor a {{reference}}. ${hint} (e.g. \`@${name} = ${quoted}\`).`,
    fixes: [{ title: `Quote the value: ${quoted}`, preferred: true, edits: [{ ...span, newText: quoted }] }],
  };
}

/** End of the line's content without trailing blanks. */
export function lineContentEnd(text: string, line: Line): number {
  let end = line.end;
  while (end > line.start && /\s/.test(text[end - 1])) end--;
  return end;
}
