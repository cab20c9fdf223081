/**
 * Writes the reports of a test run that were asked for (`--junit`, `--tap`, `--json`, `--html`),
 * each to its file, creating its folder. A report that cannot be written does not stop the
 * others and throws nothing: it comes back as an error naming the file and the reason.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { TestRunResult } from '../../runner/testing/testResults';
import { redactValues } from '../../core/text/secretRedaction';
import { htmlReport } from './htmlReport';
import { jsonReport } from './jsonReport';
import { tapReport } from './tapReport';

export type TestReportFormat = 'junit' | 'tap' | 'json' | 'html';

/** Where each report goes, as given (relative to `cwd`); a format left out is not written. */
export type TestReportTargets = Partial<Record<TestReportFormat, string>>;

export interface TestReportOptions {
  /** The folder relative paths start from; the process's by default. */
  cwd?: string;
  /** For JUnit's `hostname`. */
  hostname?: string;
  /** Bodies and headers in the JSON report. */
  includeBodies?: boolean;
  /** The run's secrets (the environment's, its tokens): `***` in every report, as on the
   * terminal (an archive's answer or error can echo what it was sent). */
  secrets?: readonly string[];
}

export interface WrittenReport {
  format: TestReportFormat;
  /** As given. */
  path: string;
  absolutePath: string;
}

export interface ReportWriteError extends WrittenReport {
  /** `cannot write the JUnit report to out/junit.xml: it is a folder` */
  message: string;
}

export interface WriteReportsResult {
  written: WrittenReport[];
  errors: ReportWriteError[];
}

export const formatNames: Record<TestReportFormat, string> = { junit: 'JUnit', tap: 'TAP', json: 'JSON', html: 'HTML' };
const order: TestReportFormat[] = ['junit', 'tap', 'json', 'html'];

export async function writeTestReports(result: TestRunResult, targets: TestReportTargets, options: TestReportOptions = {}): Promise<WriteReportsResult> {
  const cwd = options.cwd ?? process.cwd();
  const redacted = redactValues(result, options.secrets ?? []);
  const out: WriteReportsResult = { written: [], errors: [] };
  const claimed = new Map<string, TestReportFormat>();
  for (const format of order) {
    const path = targets[format];
    if (path === undefined) continue;
    const report: WrittenReport = { format, path, absolutePath: resolve(cwd, path) };
    const fail = (why: string) => out.errors.push({ ...report, message: `cannot write the ${formatNames[format]} report to ${path}: ${why}` });
    if (path.trim() === '') {
      out.errors.push({ ...report, message: `cannot write the ${formatNames[format]} report: no file name given` });
      continue;
    }
    const other = claimed.get(report.absolutePath);
    if (other) {
      fail(`the ${formatNames[other]} report is written there`);
      continue;
    }
    claimed.set(report.absolutePath, format);
    try {
      const text = await render(format, redacted, options);
      await mkdir(dirname(report.absolutePath), { recursive: true });
      await writeFile(report.absolutePath, text, 'utf8');
      out.written.push(report);
    } catch (error) {
      fail(writeErrorReason(error));
    }
  }
  return out;
}

async function render(format: TestReportFormat, result: TestRunResult, options: TestReportOptions): Promise<string> {
  switch (format) {
    case 'junit': {
      // Loaded when asked for: the XML builder and the DOM it brings are a fifth of the CLI's
      // bundle, and every `noarkq` command would evaluate them at its start.
      const { junitReport } = await import('./junitReport');
      return junitReport(result, options.hostname !== undefined ? { hostname: options.hostname } : {});
    }
    case 'tap':
      return tapReport(result);
    case 'json':
      return jsonReport(result, { includeBodies: options.includeBodies ?? false });
    case 'html':
      return htmlReport(result);
  }
}

/** Why a file could not be written, in words: the system's code where it has one. */
export function writeErrorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a file is in the way of its folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
