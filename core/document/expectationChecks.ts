/**
 * Checks of a block's `EXPECT` and `RETRY` lines against what the block can answer (the same
 * response shape `{{block.path}}` references are typed by): the path exists, the value has the
 * field's type (dates and timestamps as such, a date-only value on a timestamp field meaning that
 * day), a code-list value is in the list, the operator means something for the type, `status` and
 * `time` take numbers; `RETRY` only on a reading request, and only with expectations to wait for.
 * Diagnostics are block-relative.
 */
import type { NoarkqDiagnostic, Span } from '../diagnostics';
import type { ErrorBodyRead } from '../api/errorBody';
import type { JsonValue } from '../jsonValue';
import type { FieldDef } from '../schema/types';
import { didYouMean } from '../text/didYouMean';
import { isValidDate, isValidTimestamp } from '../transaction/valueFormats';
import type { BlockCheckScope } from './blockChecks';
import { blockAnswer } from './blockResponses';
import { DocumentCodes } from './documentCodes';
import type { DocumentBlock, ReferenceOccurrence } from './documentModel';
import type { Expectation, ExpectationOperator, ExpectationPathSegment, ExpectationValue } from './expectationModel';
import { isPathName, resolveInScope, walkShape } from './referenceResolver';
import { referencePathText } from './referenceScanner';
import type { ResponsePropertiesOf, ResponseShape } from './responseShape';
import { requestWrites } from './requestWrites';
import { usableNamed, visibleVariables } from './variableScope';

export function checkExpectations(scope: BlockCheckScope, block: DocumentBlock, out: NoarkqDiagnostic[]): void {
  const parsed = block.parsed;
  const placed = parsed.expectations.filter((e) => !e.misplaced);
  checkRetry(block, placed.length > 0, out);
  if (placed.length === 0) return;
  let answer: BodyAnswer | undefined;
  const answerOf = (): BodyAnswer => (answer ??= bodyAnswer(scope, block, placed));
  for (const e of placed) {
    if (e.check?.test === 'compare' && e.check.value.kind === 'variable') checkVariableDefined(scope, block, e.check.value.name, e.check.value.span, out);
    if (!e.subject || !e.check) continue;
    const subject = e.subject;
    switch (subject.kind) {
      case 'status':
        checkNumberSubject(scope, block, e, 'status', out);
        break;
      case 'time':
        checkNumberSubject(scope, block, e, 'time', out);
        break;
      case 'header':
        if (e.check.test === 'compare' && ['<', '<=', '>', '>='].includes(e.check.operator.op)) {
          const value = valueOf(scope, block, e.check.value);
          if (value.known && typeof value.value !== 'number') operatorProblem(e, 'a header value is text: compare it with `=`, `!=`, `%=` or `~`', out);
        }
        break;
      case 'body': {
        const a = answerOf();
        if (a === 'either') break;
        if (a.shape === undefined) {
          out.push({
            code: DocumentCodes.expectationUnknownPath,
            severity: 'error',
            start: subject.start,
            end: subject.end,
            message: `This block has no JSON response (${a.reason}), so there is no path to check: expect \`status\`, \`time\` or a \`header\`.`,
          });
          break;
        }
        const target = walkSubject(a.shape, subject.segments, out);
        const last = subject.segments[subject.segments.length - 1];
        const label = last?.kind === 'property' ? `\`${last.name}\`` : 'This';
        if (target) checkAgainstShape(scope, block, e, target, label, out);
        break;
      }
    }
  }
}

type BodyAnswer = ReturnType<typeof blockAnswer> | 'either';

/** Whether the block's `EXPECT status` lines admit only a refusal: a negative test, whose request
 * is meant to be one the archive refuses. */
export function expectsOnlyRefusal(scope: BlockCheckScope, block: DocumentBlock): boolean {
  const placed = block.parsed.expectations.filter((e) => !e.misplaced && e.subject?.kind === 'status');
  if (placed.length === 0) return false;
  const answer = bodyAnswer(scope, block, placed);
  return answer !== 'either' && answer.shape === errorBodyShape;
}

const errorBodyProperties: ResponsePropertiesOf<ErrorBodyRead> = {
  errorId: { kind: 'value', type: 'unknown', description: "the archive's error id (text; some archives send a number)" },
  description: { kind: 'value', type: 'string', description: 'what went wrong' },
  status: { kind: 'value', type: 'unknown', description: 'the HTTP status (a number; some proxies send text)' },
  message: { kind: 'value', type: 'string', description: 'what went wrong, as proxies and OAuth servers say it' },
  error: { kind: 'value', type: 'string', description: 'the error, as proxies and OAuth servers say it' },
  error_description: { kind: 'value', type: 'string', description: 'the OAuth error description' },
};
const errorBodyShape: ResponseShape = { kind: 'object', properties: errorBodyProperties, description: "the archive's error body" };

/**
 * The body the paths read: the block's response when its `EXPECT status` lines admit only a 2xx
 * (or there are none: the block must then succeed), the error body when they admit only a refusal,
 * and `either` (paths not checked) when they admit both.
 */
function bodyAnswer(scope: BlockCheckScope, block: DocumentBlock, expectations: readonly Expectation[]): BodyAnswer {
  const tests: ((status: number) => boolean)[] = [];
  // Where a comparison can change its answer; with a regular expression, every status may.
  const turns: number[] = [];
  let everyStatus = false;
  for (const e of expectations) {
    if (e.subject?.kind !== 'status' || e.check?.test !== 'compare') continue;
    const written = e.check.value;
    if (e.check.operator.op === '~' && written.kind === 'regex') {
      const pattern = compiledOrUndefined(written.source, written.flags);
      if (!pattern) return 'either';
      tests.push((s) => pattern.test(String(s)));
      everyStatus = true;
      continue;
    }
    const known = valueOf(scope, block, written);
    if (!known.known || typeof known.value !== 'number') return 'either';
    const [op, n] = [e.check.operator.op, known.value];
    tests.push((s) => (op === '=' ? s === n : op === '!=' ? s !== n : op === '<' ? s < n : op === '<=' ? s <= n : op === '>' ? s > n : op === '>=' ? s >= n : true));
    turns.push(Math.floor(n) - 1, Math.floor(n), Math.ceil(n), Math.ceil(n) + 1);
  }
  // Between two turning points every comparison keeps its answer, so one status stands for all.
  const admits = (from: number, to: number): boolean => {
    const statuses = everyStatus ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [from, to, ...turns.filter((t) => t > from && t < to)];
    return statuses.some((s) => tests.every((t) => t(s)));
  };
  const success = admits(200, 299);
  const refusal = tests.length > 0 && admits(300, 599);
  if (success && !refusal) return blockAnswer(block.parsed, scope.model);
  if (refusal && !success) return { shape: errorBodyShape };
  return 'either';
}

function compiledOrUndefined(source: string, flags: string): RegExp | undefined {
  try {
    // `g` and `y` would make test() remember where it stopped between statuses.
    return new RegExp(source, flags.replace(/[gy]/g, ''));
  } catch {
    return undefined;
  }
}

function checkRetry(block: DocumentBlock, hasExpectations: boolean, out: NoarkqDiagnostic[]): void {
  const retry = block.parsed.retry;
  if (!retry) return;
  const request = block.parsed.request;
  if (request && requestWrites(request) === true) {
    out.push({
      code: DocumentCodes.retryOnWrite,
      severity: 'error',
      ...retry.keyword,
      message: `${request.keyword.text.toUpperCase()} changes the archive, and a write is never sent twice: remove RETRY (retry the reading request that waits for its effect instead).`,
      fixes: [{ title: 'Remove the RETRY line', preferred: true, edits: [{ start: retry.start, end: retry.end, newText: '' }] }],
    });
    return;
  }
  if (!hasExpectations) {
    out.push({
      code: DocumentCodes.retryWithoutExpect,
      severity: 'warning',
      ...retry.keyword,
      message: 'RETRY sends the request again until its expectations hold, and this block has none: add `EXPECT` lines (e.g. `EXPECT total >= 1`), or remove RETRY.',
    });
  }
}

function checkVariableDefined(scope: BlockCheckScope, block: DocumentBlock, name: string, span: Span, out: NoarkqDiagnostic[]): void {
  const names = visibleVariables(scope.doc, block, scope.environment).map((v) => v.name);
  if (names.includes(name)) return;
  const suggestion = didYouMean(name, names);
  const known = scope.environment !== undefined;
  out.push({
    code: DocumentCodes.expectationUnknownVariable,
    severity: known ? 'error' : 'warning',
    ...span,
    message:
      `\`@${name}\` is not defined` +
      (suggestion
        ? `: did you mean \`@${suggestion}\`?`
        : known
          ? `: declare it with \`@${name} = value\` above the request, in the file, or in the environment.`
          : `: declare it with \`@${name} = value\`, or make sure the environment defines it.`),
    fixes: suggestion ? [{ title: `Change to @${suggestion}`, preferred: true, edits: [{ ...span, newText: `@${suggestion}` }] }] : undefined,
  });
}

/** The names of the block's variables its `EXPECT` values use (as `@name` or `{{name}}`). */
export function variablesUsedByExpectations(block: DocumentBlock): Set<string> {
  const names = new Set<string>();
  for (const e of block.parsed.expectations) if (e.check?.test === 'compare' && e.check.value.kind === 'variable') names.add(e.check.value.name);
  for (const r of block.parsed.references) if (r.context === 'expectation' && r.segments.length === 0) names.add(r.name);
  return names;
}

/** A value as far as it is known before the file runs: a literal, or a variable declared with one. */
type KnownValue = { known: true; value: JsonValue; via?: string } | { known: false };

function valueOf(scope: BlockCheckScope, block: DocumentBlock, value: ExpectationValue): KnownValue {
  if (value.kind === 'json') return { known: true, value: value.value };
  if (value.kind !== 'variable') return { known: false };
  const own = block.index >= 0 ? usableNamed(block.parsed.variables, value.name) : undefined;
  const declared = own ?? usableNamed(scope.doc.preamble.parsed.variables, value.name);
  if (declared) return declared.value.kind === 'json' ? { known: true, value: declared.value.value, via: value.name } : { known: false };
  const env = scope.environment;
  if (env && Object.prototype.hasOwnProperty.call(env, value.name)) return { known: true, value: env[value.name], via: value.name };
  return { known: false };
}

function describeValue(v: { value: JsonValue; via?: string }): string {
  const text = JSON.stringify(v.value);
  return v.via ? `\`@${v.via}\` (${text})` : `\`${text}\``;
}

function jsonType(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function operatorProblem(e: Expectation, why: string, out: NoarkqDiagnostic[]): void {
  if (e.check?.test !== 'compare') return;
  const op = e.check.operator;
  out.push({ code: DocumentCodes.expectationOperator, severity: 'error', start: op.start, end: op.end, message: `\`${op.text}\` has no meaning here: ${why}.` });
}

function valueProblem(span: Span, message: string, out: NoarkqDiagnostic[], fix?: string): void {
  out.push({
    code: DocumentCodes.expectationValueType,
    severity: 'error',
    ...span,
    message,
    fixes: fix !== undefined ? [{ title: `Change to ${fix}`, preferred: true, edits: [{ ...span, newText: fix }] }] : undefined,
  });
}

const likeOperators: readonly ExpectationOperator[] = ['%=', '~'];
const orderOperators: readonly ExpectationOperator[] = ['<', '<=', '>', '>='];

function checkNumberSubject(scope: BlockCheckScope, block: DocumentBlock, e: Expectation, which: 'status' | 'time', out: NoarkqDiagnostic[]): void {
  if (e.check?.test !== 'compare') return;
  const { operator, value } = e.check;
  // A status's digits may be matched as text (`EXPECT status ~ /^4\d\d$/`), as the implied 2xx is.
  if (which === 'status' && operator.op === '~') return;
  if (likeOperators.includes(operator.op)) {
    const also = which === 'status' ? ', or match its digits with `~ /^4\\d\\d$/`' : '';
    operatorProblem(e, `\`${which}\` is a number: compare it with \`=\`, \`!=\`, \`<\`, \`<=\`, \`>\` or \`>=\`${also}`, out);
    return;
  }
  const known = valueOf(scope, block, value);
  if (!known.known) return;
  const v = known.value;
  if (typeof v !== 'number') {
    const asNumber = typeof v === 'string' && /^\d+$/.test(v) && !known.via ? v : undefined;
    valueProblem(value.span, `\`${which}\` is a number${which === 'time' ? ' of milliseconds' : ''}, and ${describeValue(known)} is ${jsonType(v)}.`, out, asNumber);
    return;
  }
  if (which === 'status' && (!Number.isInteger(v) || v < 100 || v > 599)) valueProblem(value.span, `${describeValue(known)} is no HTTP status: a status is a whole number from 100 to 599.`, out);
  if (which === 'time' && v < 0) valueProblem(value.span, `${describeValue(known)} is no time: \`time\` is the exchange's duration in milliseconds, 0 or more.`, out);
}

/** The shape an `EXPECT` path reaches in `root` (`[*]` into the elements, `.length` a number), or
 * undefined when the path is wrong or leads where nothing is known: for completion and hover. */
export function expectationPathShape(root: ResponseShape, segments: readonly ExpectationPathSegment[]): ResponseShape | undefined {
  return walkSubject(root, segments, []);
}

/** The shape at the end of the path, or undefined when the path is wrong (reported) or leads
 * where nothing is known. `[*]` walks into the elements; `.length` of an array or a string is a number. */
function walkSubject(root: ResponseShape, segments: readonly ExpectationPathSegment[], out: NoarkqDiagnostic[]): ResponseShape | undefined {
  let shape = root;
  let where = '';
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (shape.kind === 'value' && shape.type === 'unknown') return undefined;
    if (segment.kind === 'each') {
      if (shape.kind !== 'array') {
        out.push({ code: DocumentCodes.expectationUnknownPath, severity: 'error', start: segment.start, end: segment.end, message: `\`${where || 'the response'}\` is not an array, so \`[*]\` has no elements to check.` });
        return undefined;
      }
      shape = shape.items;
      where += '[*]';
      continue;
    }
    if (segment.kind === 'property' && segment.name === 'length' && (shape.kind === 'array' || (shape.kind === 'value' && shape.type === 'string'))) {
      shape = { kind: 'value', type: 'number', description: `the length of \`${where}\`` };
      where += '.length';
      continue;
    }
    const step = walkShape(shape, [segment], where);
    if (step.problem) {
      reportPathProblem(step.problem, segment, where, out);
      return undefined;
    }
    shape = step.shape!;
    where += segment.kind === 'property' ? (where ? `.${segment.name}` : segment.name) : `[${segment.index}]`;
  }
  return shape.kind === 'value' && shape.type === 'unknown' ? undefined : shape;
}

function reportPathProblem(
  problem: NonNullable<ReturnType<typeof walkShape>['problem']>,
  segment: ExpectationPathSegment,
  where: string,
  out: NoarkqDiagnostic[],
): void {
  const span: Span = { start: segment.start, end: segment.end };
  // At the root `where` is empty: the message's subject is then the response itself.
  const message = problem.message.replace(/^``/, 'The response');
  if (problem.kind === 'array-needs-index') {
    const at = segment.start - 1;
    out.push({
      code: DocumentCodes.expectationUnknownPath,
      severity: 'error',
      ...span,
      message: `\`${where}\` is an array: write \`[*]\` to check every element, or \`[0]\` for the first.`,
      fixes: [
        { title: 'Check every element: insert [*]', preferred: true, edits: [{ start: at, end: at, newText: '[*]' }] },
        { title: 'Check the first element: insert [0]', edits: [{ start: at, end: at, newText: '[0]' }] },
      ],
    });
    return;
  }
  const suggestion = problem.suggestions.find(isPathName);
  out.push({
    code: DocumentCodes.expectationUnknownPath,
    severity: 'error',
    ...span,
    message,
    fixes: suggestion && segment.kind === 'property' && problem.kind === 'unknown-member' ? [{ title: `Change to ${suggestion}`, preferred: true, edits: [{ ...span, newText: suggestion }] }] : undefined,
  });
}

/** `label` names the subject in messages: its last property, or `This`. */
function checkAgainstShape(scope: BlockCheckScope, block: DocumentBlock, e: Expectation, shape: ResponseShape, label: string, out: NoarkqDiagnostic[]): void {
  if (e.check?.test !== 'compare') return;
  const { operator, value } = e.check;
  const op = operator.op;
  const field = shape.kind === 'value' ? shape.field : undefined;
  const kind = shapeType(shape);
  if (likeOperators.includes(op) && kind !== 'string' && kind !== 'date' && kind !== 'timestamp') {
    operatorProblem(e, `\`${op}\` matches text, and this is ${kindWords[kind]}`, out);
    return;
  }
  if (orderOperators.includes(op) && (kind === 'boolean' || kind === 'object' || kind === 'array' || kind === 'null')) {
    operatorProblem(e, `${kindWords[kind]} has no order: use \`=\` or \`!=\``, out);
    return;
  }
  if (value.kind === 'reference') {
    checkReferenceValue(scope, block, value.reference, kind, label, op, value.span, out);
    return;
  }
  const known = valueOf(scope, block, value);
  if (!known.known || known.value === null || op === '~') return;
  const v = known.value;
  if (op === '%=') {
    if (typeof v !== 'string') valueProblem(value.span, `\`%=\` takes a text pattern (\`%\` any run of characters), and ${describeValue(known)} is ${jsonType(v)}.`, out);
    return;
  }
  switch (kind) {
    case 'number':
      if (typeof v !== 'number') valueProblem(value.span, `${label} is a number, and ${describeValue(known)} is ${jsonType(v)}.`, out, typeof v === 'string' && !known.via && /^-?\d+(\.\d+)?$/.test(v) ? v : undefined);
      return;
    case 'boolean':
      if (typeof v !== 'boolean') valueProblem(value.span, `${label} is true or false, and ${describeValue(known)} is ${jsonType(v)}.`, out, !known.via && (v === 'true' || v === 'false') ? v : undefined);
      return;
    case 'date':
      if (typeof v !== 'string' || !(isValidDate(v) || isValidTimestamp(v))) {
        valueProblem(value.span, `${label} is a date, and ${describeValue(known)} is not one: write \`"yyyy-MM-dd"\`, e.g. \`"2024-01-31"\`.`, out);
      }
      return;
    case 'timestamp':
      if (typeof v !== 'string' || !(isValidDate(v) || isValidTimestamp(v))) {
        valueProblem(
          value.span,
          `${label} is a timestamp, and ${describeValue(known)} is not one: write \`"2024-01-31T12:00:00+01:00"\`, or a date \`"2024-01-31"\` for that whole day.`,
          out,
        );
      }
      return;
    case 'string':
      if (typeof v !== 'string') {
        valueProblem(value.span, `${label} is text, and ${describeValue(known)} is ${jsonType(v)}.`, out, typeof v === 'number' && !known.via ? JSON.stringify(String(v)) : undefined);
        return;
      }
      if (field && (op === '=' || op === '!=')) checkCode(scope, field, v, value.span, known.via, out);
      return;
    default:
      return;
  }
}

/** A `{{block.path}}` value: its JSON type (from the block it reads) fits the subject's. Problems
 * with the reference itself are the reference checks' to report. */
function checkReferenceValue(
  scope: BlockCheckScope,
  block: DocumentBlock,
  reference: ReferenceOccurrence,
  subject: ShapeType,
  label: string,
  op: ExpectationOperator,
  span: Span,
  out: NoarkqDiagnostic[],
): void {
  const resolved = resolveInScope(scope, block, reference);
  const shape = resolved.shape;
  if (resolved.problem || !shape || shape.kind !== 'value') return;
  const type = shape.type;
  if (type !== 'string' && type !== 'number' && type !== 'boolean') return;
  const subjectJson = subject === 'date' || subject === 'timestamp' ? 'string' : subject;
  const expected = op === '%=' ? 'string' : subjectJson;
  if (expected !== 'string' && expected !== 'number' && expected !== 'boolean') return;
  if (expected === type) return;
  const words: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false' };
  valueProblem(span, `${op === '%=' ? '`%=` takes a text pattern' : `${label} is ${words[expected]}`}, and \`{{${referencePathText(reference)}}}\` is ${words[type]}.`, out);
}

type ShapeType = 'number' | 'boolean' | 'string' | 'date' | 'timestamp' | 'null' | 'object' | 'array' | 'unknown';

const kindWords: Record<ShapeType, string> = {
  number: 'a number',
  boolean: 'a boolean',
  string: 'text',
  date: 'a date',
  timestamp: 'a timestamp',
  null: 'null',
  object: 'an object',
  array: 'an array',
  unknown: 'a value',
};

function shapeType(shape: ResponseShape): ShapeType {
  switch (shape.kind) {
    case 'array':
      return 'array';
    case 'object':
    case 'keyed':
    case 'entity':
      return 'object';
    case 'value':
      if (shape.field?.type === 'date' || shape.field?.type === 'timestamp') return shape.field.type;
      return shape.type;
  }
}

/** A code-list (or allowed-values) field: the value is one of its codes. */
function checkCode(scope: BlockCheckScope, field: FieldDef, value: string, span: Span, via: string | undefined, out: NoarkqDiagnostic[]): void {
  const live = scope.options.codeLists?.get(field.name) ?? (field.codeList ? scope.options.codeLists?.get(field.codeList) : undefined);
  const codes = live ?? (field.codeList ? scope.model.codeLists.get(field.codeList)?.values.map((c) => c.code) : field.allowedValues);
  if (!codes || codes.length === 0 || codes.includes(value)) return;
  // Codes are often one letter, where every other letter is one edit away: no guess there.
  const suggestion = codes.find((c) => c.toLowerCase() === value.toLowerCase()) ?? (value.length >= 3 ? didYouMean(value, codes) : undefined);
  const shown = codes.slice(0, 12).map((c) => `\`${c}\``).join(', ') + (codes.length > 12 ? ', …' : '');
  out.push({
    code: DocumentCodes.expectationCodeValue,
    severity: 'error',
    ...span,
    message:
      `${via ? `\`@${via}\` (${JSON.stringify(value)})` : `\`${JSON.stringify(value)}\``} is not a code of \`${field.name}\`` +
      (suggestion ? `: did you mean \`${JSON.stringify(suggestion)}\`?` : '.') +
      ` It takes ${shown}.`,
    fixes: suggestion && !via ? [{ title: `Change to ${JSON.stringify(suggestion)}`, preferred: true, edits: [{ ...span, newText: JSON.stringify(suggestion) }] }] : undefined,
  });
}
