/**
 * `EXPECT` and `RETRY` lines. Each is one line; the parser never throws, reads as much of an
 * incomplete line as it can (`EXPECT results[0].` while typing) and reports the rest with
 * `noarkq.malformed-expectation` / `noarkq.malformed-retry`. Keywords are case-insensitive like
 * the request keywords; `exists`, `absent` and `EVERY` too.
 */
import type { NoarkqDiagnostic, Span } from '../diagnostics';
import { jsonLiteral } from '../jsonValue';
import type { Line } from '../text/lines';
import { DocumentCodes } from './documentCodes';
import { defaultRetryIntervalMs } from './expectationRetry';
import type { ReferenceOccurrence, Token } from './documentModel';
import type {
  Expectation,
  ExpectationOperator,
  ExpectationPathSegment,
  ExpectationSubject,
  ExpectationTest,
  ExpectationValue,
  RetryClause,
} from './expectationModel';
import { scanReferences } from './referenceScanner';
import { lineContentEnd, variableNamePattern } from './variableParser';

export type ExpectationKeyword = 'EXPECT' | 'RETRY';

/** `EXPECT` or `RETRY` starting `line` (after blanks), followed by a blank or the end. */
export function expectationKeywordAt(line: Line): (Token & { keyword: ExpectationKeyword }) | undefined {
  const m = /^(\s*)(expect|retry)(?=\s|$)/i.exec(line.text);
  if (!m) return undefined;
  const start = line.start + m[1].length;
  return { keyword: m[2].toUpperCase() as ExpectationKeyword, text: m[2], start, end: start + m[2].length };
}

export interface ExpectationLineParse {
  expectation: Expectation;
  references: ReferenceOccurrence[];
  diagnostics: NoarkqDiagnostic[];
}

const identifierStart = /[A-Za-z_$]/;
const identifierPart = /[A-Za-z0-9_$-]/;
/** Longest first, so `<=` is not read as `<`. */
const operatorTokens: readonly ExpectationOperator[] = ['!=', '<=', '>=', '%=', '=', '<', '>', '~'];
const headerNamePattern = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

function malformed(span: Span, message: string, fixes?: NoarkqDiagnostic['fixes']): NoarkqDiagnostic {
  return { code: DocumentCodes.malformedExpectation, severity: 'error', ...span, message, fixes };
}

function skipBlanks(text: string, at: number, end: number): number {
  while (at < end && (text[at] === ' ' || text[at] === '\t')) at++;
  return at;
}

/** `EXPECT …`; `keyword` is what `expectationKeywordAt` found on `line`. */
export function parseExpectationLine(text: string, line: Line, keyword: Token, misplaced: boolean): ExpectationLineParse {
  const diagnostics: NoarkqDiagnostic[] = [];
  const references: ReferenceOccurrence[] = [];
  const end = lineContentEnd(text, line);
  const done = (subject: ExpectationSubject | undefined, check: ExpectationTest | undefined): ExpectationLineParse => ({
    expectation: { keyword, subject, check, misplaced, start: keyword.start, end: Math.max(end, keyword.end) },
    references,
    diagnostics,
  });

  let at = skipBlanks(text, keyword.end, end);
  if (at >= end) {
    diagnostics.push(malformed(keyword, 'EXPECT needs a subject: `status`, `time`, `header <name>` or a path into the response (`results[0].id`), then an operator and a value, or `exists` / `absent`.'));
    return done(undefined, undefined);
  }
  const before = diagnostics.length;
  const subject = parseSubject(text, at, end, diagnostics);
  if (!subject) return done(undefined, undefined);
  // One diagnostic per line: a broken subject says enough.
  if (diagnostics.length > before && (subject.kind === 'body' || subject.kind === 'header' && !subject.name)) return done(subject, undefined);
  at = skipBlanks(text, subject.end, end);
  if (at >= end) {
    diagnostics.push(malformed(subject, 'Say what the subject must be: an operator (`=`, `!=`, `<`, `<=`, `>`, `>=`, `%=`, `~`) and a value, or `exists` / `absent`.'));
    return done(subject, undefined);
  }

  const word = /^[A-Za-z]+/.exec(text.slice(at, end))?.[0];
  if (word && /^(exists|absent)$/i.test(word)) {
    const token: Token = { text: word, start: at, end: at + word.length };
    trailing(text, token.end, end, diagnostics, `Nothing follows \`${word}\`: remove the extra text.`);
    return done(subject, { test: word.toLowerCase() as 'exists' | 'absent', word: token });
  }

  let op: ExpectationOperator | undefined;
  let opEnd = at;
  if (text.startsWith('==', at)) {
    // `==` is what most languages write: read it as `=`, with a fix.
    op = '=';
    opEnd = text[at + 2] === '=' ? at + 3 : at + 2;
    diagnostics.push(malformed({ start: at, end: opEnd }, 'Equality is a single `=` in an EXPECT line.', [{ title: 'Change to =', preferred: true, edits: [{ start: at, end: opEnd, newText: '=' }] }]));
  } else if (text.startsWith('<>', at)) {
    op = '!=';
    opEnd = at + 2;
    diagnostics.push(malformed({ start: at, end: opEnd }, 'Inequality is `!=` in an EXPECT line.', [{ title: 'Change to !=', preferred: true, edits: [{ start: at, end: opEnd, newText: '!=' }] }]));
  } else {
    op = operatorTokens.find((o) => text.startsWith(o, at));
    if (op) opEnd = at + op.length;
  }
  if (!op) {
    const bad = /^\S+/.exec(text.slice(at, end))![0];
    diagnostics.push(
      malformed({ start: at, end: at + bad.length }, `\`${bad}\` is not an operator: write \`=\`, \`!=\`, \`<\`, \`<=\`, \`>\`, \`>=\`, \`%=\` (like, \`%\` any run of characters) or \`~\` (a /regular expression/), or \`exists\` / \`absent\`.`),
    );
    return done(subject, undefined);
  }
  const operator = { text: text.slice(at, opEnd), start: at, end: opEnd, op };
  const valueStart = skipBlanks(text, opEnd, end);
  const value = parseValue(text, valueStart, end, op, references, diagnostics);
  if (value.kind === 'invalid' && valueStart >= end) {
    diagnostics.push(
      malformed(operator, op === '~' ? 'Write the regular expression after `~`: `/pattern/flags`.' : `Write the value after \`${operator.text}\`: a JSON literal (\`200\`, \`"B"\`, \`true\`), an \`@variable\` or a {{reference}}.`),
    );
  }
  return done(subject, { test: 'compare', operator, value });
}

function trailing(text: string, from: number, end: number, diagnostics: NoarkqDiagnostic[], message: string): void {
  const at = skipBlanks(text, from, end);
  if (at < end) diagnostics.push(malformed({ start: at, end }, message, [{ title: 'Remove the extra text', edits: [{ start: from, end, newText: '' }] }]));
}

function parseSubject(text: string, at: number, end: number, diagnostics: NoarkqDiagnostic[]): ExpectationSubject | undefined {
  const word = /^[A-Za-z_$][A-Za-z0-9_$-]*/.exec(text.slice(at, end))?.[0];
  const next = text[at + (word?.length ?? 0)];
  const pathGoesOn = next === '.' || next === '[';
  if (word && !pathGoesOn) {
    const span = { start: at, end: at + word.length };
    if (word === 'status') return { kind: 'status', ...span };
    if (word === 'time') return { kind: 'time', ...span };
    if (word === 'header') {
      const nameAt = skipBlanks(text, span.end, end);
      const raw = /^\S+/.exec(text.slice(nameAt, end))?.[0];
      if (!raw || operatorTokens.some((o) => raw.startsWith(o)) || /^(exists|absent)$/i.test(raw)) {
        diagnostics.push(malformed(span, 'Name the header: `EXPECT header content-type %= "application/json%"`.'));
        return { kind: 'header', name: undefined, ...span };
      }
      const name: Token = { text: raw, start: nameAt, end: nameAt + raw.length };
      if (!headerNamePattern.test(raw)) diagnostics.push(malformed(name, `\`${raw}\` is not a header name: letters, digits and \`-\` (e.g. \`content-type\`).`));
      return { kind: 'header', name, start: at, end: name.end };
    }
  }
  const segments: ExpectationPathSegment[] = [];
  let i = at;
  if (word) {
    segments.push({ kind: 'property', name: word, start: at, end: at + word.length });
    i = at + word.length;
  } else if (text[i] !== '[') {
    const bad = /^\S+/.exec(text.slice(at, end))![0];
    diagnostics.push(malformed({ start: at, end: at + bad.length }, `\`${bad}\` is not a subject: write \`status\`, \`time\`, \`header <name>\` or a path into the response (\`results[0].id\`, \`saved.jp.id\`).`));
    return undefined;
  }
  while (i < end && text[i] !== ' ' && text[i] !== '\t') {
    const ch = text[i];
    if (ch === '.') {
      const identStart = i + 1;
      let j = identStart;
      if (j < end && identifierStart.test(text[j])) {
        j++;
        while (j < end && identifierPart.test(text[j])) j++;
      }
      if (j === identStart) {
        diagnostics.push(malformed({ start: i, end: i + 1 }, 'A property name belongs after `.`: write `.name`, `.length`, `[0]` or `[*]`.'));
        return { kind: 'body', segments, start: at, end: i + 1 };
      }
      segments.push({ kind: 'property', name: text.slice(identStart, j), start: identStart, end: j });
      i = j;
    } else if (ch === '[') {
      const close = text.indexOf(']', i);
      const inner = close === -1 || close >= end ? undefined : text.slice(i + 1, close);
      if (inner === '*') segments.push({ kind: 'each', start: i, end: close + 1 });
      else if (inner !== undefined && /^\d+$/.test(inner)) segments.push({ kind: 'index', index: Number(inner), start: i, end: close + 1 });
      else {
        const stop = close === -1 || close >= end ? end : close + 1;
        diagnostics.push(malformed({ start: i, end: stop }, `\`${text.slice(i, stop)}\` is not an index: write \`[0]\`, \`[1]\`, ... or \`[*]\` for every element.`));
        return { kind: 'body', segments, start: at, end: stop };
      }
      i = close + 1;
    } else if (operatorTokens.some((o) => text.startsWith(o, i)) || ch === '=') {
      // `results.length>=1`: the operator may follow the path without a blank.
      break;
    } else {
      const stop = /^[^\s]*/.exec(text.slice(i, end))![0].length + i;
      diagnostics.push(malformed({ start: i, end: stop }, `Unexpected \`${ch}\` in the path: a path goes on with \`.name\`, \`[0]\` or \`[*]\`, and a blank comes before the operator.`));
      return { kind: 'body', segments, start: at, end: stop };
    }
  }
  return { kind: 'body', segments, start: at, end: i };
}

function parseValue(
  text: string,
  start: number,
  end: number,
  op: ExpectationOperator,
  references: ReferenceOccurrence[],
  diagnostics: NoarkqDiagnostic[],
): ExpectationValue {
  const span: Span = { start, end: Math.max(start, end) };
  if (start >= end) return { kind: 'invalid', span };
  const raw = text.slice(start, end);
  if (op === '~') {
    const close = raw.lastIndexOf('/');
    if (!raw.startsWith('/') || close <= 0) {
      diagnostics.push(malformed(span, 'After `~` comes a regular expression written `/pattern/flags`, e.g. `/^2024-/`.'));
      return { kind: 'invalid', span };
    }
    const source = raw.slice(1, close);
    const flags = raw.slice(close + 1);
    try {
      new RegExp(source, flags);
    } catch (error) {
      diagnostics.push({
        code: DocumentCodes.invalidRegex,
        severity: 'error',
        ...span,
        message: `The regular expression does not compile: ${error instanceof Error ? error.message : String(error)}.`,
      });
      return { kind: 'invalid', span };
    }
    return { kind: 'regex', source, flags, span };
  }
  if (raw.startsWith('@')) {
    const name = raw.slice(1);
    if (!variableNamePattern.test(name)) {
      diagnostics.push(malformed(span, `\`${raw}\` is not a variable: \`@\` and a name of letters, digits and \`_\`.`));
      return { kind: 'invalid', span };
    }
    return { kind: 'variable', name, span };
  }
  if (raw.startsWith('{{')) {
    const scan = scanReferences(text, start, end, 'expectation');
    diagnostics.push(...scan.diagnostics);
    references.push(...scan.references);
    const whole = scan.references.find((r) => r.wholeValue);
    if (whole) return { kind: 'reference', reference: whole, span };
    if (scan.diagnostics.length === 0) diagnostics.push(malformed(span, 'Text around a reference makes a string: put the whole value in quotes.'));
    return { kind: 'invalid', span };
  }
  const literal = jsonLiteral(raw);
  if (!literal) {
    const quoted = JSON.stringify(raw.replace(/^"|"$/g, ''));
    diagnostics.push(
      malformed(span, `\`${raw}\` is neither a JSON literal, an \`@variable\` nor a {{reference}}: text values need double quotes (\`${quoted}\`).`, [
        { title: `Quote the value: ${quoted}`, preferred: true, edits: [{ ...span, newText: quoted }] },
      ]),
    );
    return { kind: 'invalid', span };
  }
  const { value } = literal;
  if (typeof value === 'string') {
    const scan = scanReferences(text, start + 1, end - 1, 'expectation');
    references.push(...scan.references);
    diagnostics.push(...scan.diagnostics);
  }
  return { kind: 'json', value, span };
}

export interface RetryLineParse {
  retry: RetryClause;
  diagnostics: NoarkqDiagnostic[];
}

const durationUnits: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000 };
/** A bound on `RETRY n`: the runner plans every try up front (expectationRetry.ts). */
export const maxRetries = 1000;

/** `RETRY <n> [EVERY <duration>]`. */
export function parseRetryLine(text: string, line: Line, keyword: Token): RetryLineParse {
  const diagnostics: NoarkqDiagnostic[] = [];
  const end = lineContentEnd(text, line);
  const retry: RetryClause = { keyword, count: undefined, countSpan: undefined, intervalMs: defaultRetryIntervalMs, every: undefined, intervalSpan: undefined, start: keyword.start, end: Math.max(end, keyword.end) };
  const bad = (span: Span, message: string): void => {
    diagnostics.push({ code: DocumentCodes.malformedRetry, severity: 'error', ...span, message });
  };
  let at = skipBlanks(text, keyword.end, end);
  const countText = /^\S+/.exec(text.slice(at, end))?.[0];
  if (!countText) {
    bad(keyword, 'RETRY needs how many more times to send the request: `RETRY 20 EVERY 1s`.');
    return { retry, diagnostics };
  }
  retry.countSpan = { start: at, end: at + countText.length };
  if (/^\d+$/.test(countText) && Number(countText) >= 1 && Number(countText) <= maxRetries) retry.count = Number(countText);
  else if (/^\d+$/.test(countText) && Number(countText) > maxRetries) bad(retry.countSpan, `\`${countText}\` retries are more than a test should wait for: at most ${maxRetries}; wait longer between them with \`EVERY\` instead.`);
  else bad(retry.countSpan, `\`${countText}\` is not a number of retries: write a whole number of at least 1, e.g. \`RETRY 20\`.`);
  at = skipBlanks(text, retry.countSpan.end, end);
  if (at >= end) return { retry, diagnostics };
  const every = /^\S+/.exec(text.slice(at, end))![0];
  if (every.toUpperCase() !== 'EVERY') {
    bad({ start: at, end }, 'After the count only `EVERY <duration>` may follow, e.g. `EVERY 1s` or `EVERY 500ms`.');
    return { retry, diagnostics };
  }
  const everySpan = { start: at, end: at + every.length };
  retry.every = { text: every, ...everySpan };
  at = skipBlanks(text, everySpan.end, end);
  const durationText = /^\S+/.exec(text.slice(at, end))?.[0];
  if (!durationText) {
    bad(everySpan, '`EVERY` needs a duration: `500ms`, `2s` or `1m`.');
    return { retry, diagnostics };
  }
  retry.intervalSpan = { start: at, end: at + durationText.length };
  const m = /^(\d+)(ms|s|m)$/.exec(durationText);
  if (m) retry.intervalMs = Number(m[1]) * durationUnits[m[2]];
  else bad(retry.intervalSpan, `\`${durationText}\` is not a duration: a whole number with \`ms\`, \`s\` or \`m\` (\`500ms\`, \`2s\`, \`1m\`).`);
  const afterAt = skipBlanks(text, retry.intervalSpan.end, end);
  if (afterAt < end) bad({ start: afterAt, end }, 'Nothing follows the duration: remove the extra text.');
  return { retry, diagnostics };
}
