/**
 * `noarkq test`: runs `.noarkq` files as tests against one archive — each file in a session of its
 * own, several files at once (`--jobs`), each file's report printed whole when it ends — then a
 * summary, report files for CI, and an exit code that tells a pipeline what kind of trouble it was.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NoarkqDocument } from '../core/document';
import type { NoarkModel } from '../core/schema/types';
import { redact } from '../core/text/secretRedaction';
import { prepareFile, runFileTests } from '../runner/testing/fileTestRun';
import { fileResult, summarise, type FileTestResult, type TestRunResult } from '../runner/testing/testResults';
import { expandInputs, type InputFile } from './fileExpansion';
import { formatNames, writeTestReports } from './testReports/writeReports';
import type { Connect, RunIo } from './runCommand';
import { colourStyle, plainStyle } from './runReport';
import { parseTestArguments, testExitCodes, testUsage } from './testArguments';
import { formatFileResult, formatTestSummary, plural } from './testTerminalReport';

export async function runTest(argv: readonly string[], io: RunIo, model: NoarkModel, connect: Connect): Promise<number> {
  const parsed = parseTestArguments(argv);
  if (!parsed.ok) {
    io.err(`noarkq test: ${parsed.error}\n\n${testUsage}`);
    return testExitCodes.trouble;
  }
  const args = parsed.args;
  if (args.help) {
    io.out(testUsage);
    return testExitCodes.passed;
  }
  const { files, problems } = expandInputs(args.inputs, io.cwd);
  if (problems.length > 0 || files.length === 0) {
    for (const p of problems) io.err(`noarkq test: ${p}\n`);
    if (problems.length === 0) io.err(`noarkq test: no .noarkq file in ${args.inputs.join(', ')}.\n`);
    return testExitCodes.trouble;
  }
  const style = io.colour ? colourStyle : plainStyle;
  const reportOptions = { style, width: io.columns, model, verbose: args.verbose };
  const startedAt = Date.now();

  // Files that cannot be read are told at once. Files are checked in order until one can run:
  // a run of files that all have errors starts no archive. The rest are checked as their turn
  // comes, while the archive answers the files before them.
  const texts = new Map<InputFile, { text: string; document?: NoarkqDocument; clean?: boolean }>();
  const results = new Map<InputFile, FileTestResult>();
  const refusals = new Map<InputFile, FileTestResult>();
  for (const file of files) {
    const read = readText(file);
    if (typeof read === 'string') texts.set(file, { text: read });
    else results.set(file, read);
  }
  for (const result of results.values()) io.out(formatFileResult(result, reportOptions));
  for (const [file, entry] of texts) {
    const { document, refusal } = prepareFile({ text: entry.text, absolutePath: file.absolute, display: file.display }, model, args.variables, '');
    entry.document = document;
    entry.clean = refusal === undefined;
    if (refusal) refusals.set(file, refusal);
    else break;
  }
  // Without the environment's variables a file may look worse than it is: it is refused for good
  // only by the check that has them. When every file is refused even so, no archive is started.
  if (texts.size > 0 && refusals.size === texts.size) {
    for (const [file, refusal] of refusals) {
      results.set(file, refusal);
      io.out(formatFileResult(refusal, reportOptions));
    }
    texts.clear();
  }
  let environmentName = args.sandbox ? 'sandbox' : (args.env ?? '');
  let cancelled = false;
  let concurrency = 0;
  let secrets: readonly string[] = [];
  if (texts.size > 0) {
    const connection = await connect({ ...args, quiet: false }, io, undefined);
    if ('error' in connection) {
      io.err(`noarkq test: ${connection.error}\n`);
      return testExitCodes.trouble;
    }
    environmentName = connection.environment.name;
    const out = (s: string) => io.out(redact(s, connection.secrets()));
    const abort = new AbortController();
    const stopListening = io.onInterrupt(() => abort.abort());
    // DOWNLOAD without TO writes somewhere of the run's own, so files running at once never meet.
    const downloads = mkdtempSync(join(tmpdir(), 'noarkq-test-'));
    try {
      concurrency = Math.min(args.jobs, texts.size);
      io.err(style.dim(`Testing ${plural(texts.size, 'file')} against ${connection.environment.name}${connection.environment.protected ? ' (protected)' : ''}, ${concurrency} at a time\n`));
      const queue = [...texts.entries()];
      // A file checked above was checked with the values of --var; the environment's own values
      // may change what a check finds, and only then is it checked again. The others are checked
      // by their run.
      const recheck = Object.keys(connection.environment.variables).length > 0;
      const worker = async (): Promise<void> => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
          const [file, { text, document, clean }] = next;
          const result = await runFileTests(
            { text, absolutePath: file.absolute, display: file.display, ...(document && clean && !recheck ? { checked: document } : {}) },
            {
              client: connection.client,
              environment: connection.environment,
              model,
              supplied: args.variables,
              hooks: args.yes ? { confirmWrite: async () => true } : {},
              downloadDir: downloads,
              continueAfterFailure: args.continueAfterFailure,
              signal: abort.signal,
            },
          );
          results.set(file, result);
          out(formatFileResult(result, reportOptions));
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    } finally {
      stopListening();
      rmSync(downloads, { recursive: true, force: true });
      // With the tokens the run was given, which closing may revoke.
      secrets = connection.secrets();
      await connection.close();
    }
    cancelled = abort.signal.aborted;
  }

  const ordered = files.map((f) => results.get(f)).filter((r): r is FileTestResult => r !== undefined);
  const summary = summarise(ordered, Date.now() - startedAt);
  const run: TestRunResult = { files: ordered, summary, environment: environmentName, startedAt };
  io.out(formatTestSummary(summary, ordered, concurrency, style));
  const reports = await writeTestReports(run, args.reports, { cwd: io.cwd, secrets });
  for (const written of reports.written) io.err(style.dim(`Wrote the ${formatNames[written.format]} report to ${written.path}\n`));
  for (const failed of reports.errors) io.err(`noarkq test: ${failed.message}\n`);
  // A report CI cannot read is trouble of the set-up, whatever the tests said.
  return reports.errors.length > 0 ? testExitCodes.trouble : exitCodeOf(run, cancelled);
}

/** The file's text, or why it cannot be read. */
function readText(file: InputFile): string | FileTestResult {
  try {
    return readFileSync(file.absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = `cannot be read: ${code === 'EISDIR' ? 'it is a directory' : (error as Error).message}`;
    return fileResult({ display: file.display, absolutePath: file.absolute }, '', 'unreadable', { unreadable: reason });
  }
}

/** The first that applies: usage or connection trouble, an unknown outcome, file errors, a failure. */
function exitCodeOf(run: TestRunResult, cancelled: boolean): number {
  const failures = run.files.flatMap((f) => f.blocks).map((b) => b.failure?.kind);
  if (cancelled || failures.some((k) => k === 'connection' || k === 'auth' || k === 'cancelled')) return testExitCodes.trouble;
  if (failures.includes('outcome-unknown')) return testExitCodes.outcomeUnknown;
  if (run.summary.filesNotRun > 0) return testExitCodes.fileErrors;
  if (run.summary.failed > 0 || run.summary.stepsFailed > 0) return testExitCodes.failed;
  return testExitCodes.passed;
}
