/**
 * A test run as a JSON document for programs (dashboards, a later comparison of two runs):
 * `{ "noarkqTestReport": 1, … }`, its shape fixed by `jsonTestReportSchema` so a reader can
 * validate what it gets and a change of shape is a new version. Each block carries its
 * expectations, its failure or skip reason, its tries and the request line; the bodies of the
 * request and the answer only with `includeBodies` (they can be large, and hold records).
 */
import { z } from 'zod';
import { jsonValueSchema } from '../../core/api/wireValues';
import type { RunFailure } from '../../runner/blocks/blockRunResult';
import type { BlockTestResult, FileTestResult, LocatedOutcome, TestRunResult } from '../../runner/testing/testResults';
import { runPassed } from '../../runner/testing/testResults';

export const jsonTestReportVersion = 1;

const count = z.number().int().nonnegative();
const milliseconds = z.number().nonnegative();
const line = z.number().int().positive();

const expectationSchema = z.strictObject({
  subject: z.string(),
  operator: z.string(),
  expected: z.string(),
  actual: z.string(),
  passed: z.boolean(),
  line,
  detail: z.string().optional(),
  /** The 2xx a block without `EXPECT status …` must get: no line states it. */
  implied: z.literal(true).optional(),
});

/** The runner's failure kinds (runner/blocks/blockRunResult's RunFailure), with their facts. */
const failureSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('archive'), message: z.string(), status: z.number().int(), errorId: z.string().optional(), description: z.string() }),
  z.strictObject({ kind: z.literal('outcome-unknown'), message: z.string(), check: z.string() }),
  z.strictObject({ kind: z.literal('response-shape'), message: z.string(), path: z.string() }),
  z.strictObject({ kind: z.enum(['connection', 'auth', 'cancelled', 'not-sent', 'expectation']), message: z.string() }),
]);

const requestSchema = z.strictObject({
  method: z.string(),
  path: z.string(),
  /** Undefined when no answer came. */
  status: z.number().int().optional(),
  durationMs: milliseconds,
  bytes: count,
  pages: count.optional(),
  /** With `includeBodies` only. */
  body: jsonValueSchema.optional(),
});

/** With `includeBodies` only. */
const responseSchema = z.strictObject({
  headers: z.record(z.string(), z.string()),
  body: jsonValueSchema.optional(),
});

const blockSchema = z.strictObject({
  name: z.string(),
  line,
  headerLine: line,
  role: z.enum(['test', 'step']),
  kind: z.enum(['query', 'transaction', 'upload', 'download', 'http', 'unknown']),
  status: z.enum(['passed', 'failed', 'skipped']),
  durationMs: milliseconds,
  tries: count.optional(),
  failure: failureSchema.optional(),
  failureLine: line.optional(),
  skipReason: z.string().optional(),
  expectations: z.array(expectationSchema),
  request: requestSchema.optional(),
  response: responseSchema.optional(),
});

const problemSchema = z.strictObject({ line, column: line, code: z.string(), message: z.string() });

const fileSchema = z.strictObject({
  file: z.string(),
  status: z.enum(['passed', 'failed', 'refused', 'unreadable']),
  hasTests: z.boolean(),
  environment: z.string(),
  startedAt: z.iso.datetime(),
  durationMs: milliseconds,
  problems: z.array(problemSchema),
  unreadable: z.string().optional(),
  blocks: z.array(blockSchema),
});

const summarySchema = z.strictObject({
  files: count,
  tests: count,
  passed: count,
  failed: count,
  skipped: count,
  steps: count,
  stepsFailed: count,
  filesNotRun: count,
  durationMs: milliseconds,
});

export const jsonTestReportSchema = z.strictObject({
  noarkqTestReport: z.literal(jsonTestReportVersion),
  environment: z.string(),
  startedAt: z.iso.datetime(),
  durationMs: milliseconds,
  /** True when every test and step passed and every file ran. */
  passed: z.boolean(),
  summary: summarySchema,
  files: z.array(fileSchema),
});

export type JsonTestReport = z.infer<typeof jsonTestReportSchema>;
type JsonBlock = z.infer<typeof blockSchema>;

export interface JsonReportOptions {
  /** Add the request's and the answer's bodies and the answer's headers. */
  includeBodies?: boolean;
}

export function jsonReport(result: TestRunResult, options: JsonReportOptions = {}): string {
  return JSON.stringify(buildJsonTestReport(result, options), null, 2) + '\n';
}

/** The report as an object; every optional field is absent rather than undefined, so it is
 * exactly what its JSON text parses back to. */
export function buildJsonTestReport(result: TestRunResult, options: JsonReportOptions = {}): JsonTestReport {
  const s = result.summary;
  return {
    noarkqTestReport: jsonTestReportVersion,
    environment: result.environment,
    startedAt: new Date(result.startedAt).toISOString(),
    durationMs: ms(result.summary.durationMs),
    passed: runPassed(result.summary),
    summary: { files: s.files, tests: s.tests, passed: s.passed, failed: s.failed, skipped: s.skipped, steps: s.steps, stepsFailed: s.stepsFailed, filesNotRun: s.filesNotRun, durationMs: ms(s.durationMs) },
    files: result.files.map((f) => jsonFile(f, options)),
  };
}

function jsonFile(file: FileTestResult, options: JsonReportOptions): JsonTestReport['files'][number] {
  return {
    file: file.file,
    status: file.status,
    hasTests: file.hasTests,
    environment: file.environment,
    startedAt: new Date(file.startedAt).toISOString(),
    durationMs: ms(file.durationMs),
    problems: file.problems.map((p) => ({ line: p.line, column: p.column, code: p.code, message: p.message })),
    ...(file.unreadable !== undefined ? { unreadable: file.unreadable } : {}),
    blocks: file.blocks.map((b) => jsonBlock(b, options)),
  };
}

function jsonBlock(block: BlockTestResult, options: JsonReportOptions): JsonBlock {
  // Built in the schema's order, which is the order of the text: a parse gives the same text back.
  const failure = block.failure;
  const sent = block.result;
  return {
    name: block.name,
    line: block.line,
    headerLine: block.headerLine,
    role: block.role,
    kind: block.requestKind,
    status: block.status,
    durationMs: ms(block.durationMs),
    ...(block.tries !== undefined ? { tries: block.tries } : {}),
    ...(failure ? { failure: jsonFailure(failure) } : {}),
    ...(block.failureLine !== undefined ? { failureLine: block.failureLine } : {}),
    ...(block.skipReason !== undefined ? { skipReason: block.skipReason } : {}),
    expectations: block.expectations.map(jsonExpectation),
    ...(sent?.request
      ? {
          request: {
            method: sent.request.method,
            path: sent.request.path,
            ...(sent.status !== undefined ? { status: sent.status } : {}),
            durationMs: ms(sent.durationMs),
            bytes: sent.bytes,
            ...(sent.pages !== undefined ? { pages: sent.pages } : {}),
            ...(options.includeBodies && sent.request.body !== undefined ? { body: sent.request.body } : {}),
          },
        }
      : {}),
    ...(sent?.request && options.includeBodies ? { response: { headers: { ...(sent.headers ?? {}) }, ...(sent.body !== undefined ? { body: sent.body } : {}) } } : {}),
  };
}

function jsonFailure(failure: RunFailure): JsonBlock['failure'] & object {
  switch (failure.kind) {
    case 'archive':
      return { kind: failure.kind, message: failure.message, status: failure.status, ...(failure.errorId !== undefined ? { errorId: failure.errorId } : {}), description: failure.description };
    case 'outcome-unknown':
      return { kind: failure.kind, message: failure.message, check: failure.check };
    case 'response-shape':
      return { kind: failure.kind, message: failure.message, path: failure.path };
    default:
      return { kind: failure.kind, message: failure.message };
  }
}

function jsonExpectation(e: LocatedOutcome): JsonBlock['expectations'][number] {
  return {
    subject: e.subject,
    operator: e.operator,
    expected: e.expected,
    actual: e.actual,
    passed: e.passed,
    line: e.line,
    ...(e.detail !== undefined ? { detail: e.detail } : {}),
    ...(e.implied ? { implied: true as const } : {}),
  };
}

/** Whole milliseconds: a report compared between runs should not differ in the microseconds. */
function ms(value: number): number {
  return Math.max(0, Math.round(value));
}
