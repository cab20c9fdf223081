/** Command-line arguments of `noarkq test`. */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { JsonValue } from '../core/jsonValue';
import { archiveOptions, parseTimeLimitOptions, parseVariableOptions, type RunArguments } from './runArguments';

export interface TestArguments {
  /** Files, folders (searched for `*.noarkq`) and globs; the current folder when none is given. */
  inputs: string[];
  env: string | undefined;
  environmentsFile: string | undefined;
  variables: Record<string, JsonValue>;
  sandbox: boolean;
  jobs: number;
  continueAfterFailure: boolean;
  reports: { junit?: string; tap?: string; json?: string; html?: string };
  yes: boolean;
  verbose: boolean;
  timeout: RunArguments['timeout'];
  help: boolean;
}

/** Files run at once by default: the archive does the work, so more than the cores, within reason. */
export function defaultJobs(): number {
  return Math.min(8, Math.max(2, availableParallelism() * 2));
}

export const testExitCodes = { passed: 0, failed: 1, trouble: 2, outcomeUnknown: 3, fileErrors: 4 } as const;

export const testUsage = `Usage: noarkq test [files or folders...] [options]

Runs .noarkq files as tests: each file in a session of its own, its blocks from the top; a block
with EXPECT lines is a test, a block without is a step that must succeed. A file stops at its first
failing block (the blocks after it are skipped). Folders are searched for *.noarkq files (the
current folder when none is given). A file with errors is not run (see "noarkq check").

Options:
  --env <name>               environment from noarkq.environments.json (the only one if there is one)
  --environments <file>      environments file (default: noarkq.environments.json in the current folder)
  --sandbox                  start one local sandbox archive (in memory, demo data) for the whole run
  --var <name>=<value>       a value for @name / {{name}} in every file; repeatable
  --jobs <n>                 files run at once (default ${defaultJobs()} here: twice the cores, 2 to 8)
  --continue                 after a failed block, run on the blocks that do not read from it
  --report-junit <file>      write a JUnit XML report (one testsuite per file)
  --report-tap <file>        write a TAP 14 report
  --report-json <file>       write a JSON report
  --report-html <file>       write an HTML report (each request, answer and expectation)
  --yes                      send writes to a protected environment without asking
  --verbose                  list every block of every file, passed ones too
  --timeout <time>           how long to wait for an answer (default 60 s, or the environment's "timeout")
  --connect-timeout <time>   how long to wait for a connection (default 10 s)
  -h, --help                 show this help

Exit codes: 0 every test and step passed; 1 a test or step failed; 2 usage error, no
environment, or the archive could not be reached or refused the credentials; 3 a write's outcome
is unknown (its answer was lost); 4 a file has errors or holds no request (nothing of it was sent).
When several apply, the first of 2, 3, 4, 1 is the exit code.
`;

export type ParsedTestArguments = { ok: true; args: TestArguments } | { ok: false; error: string };

export function parseTestArguments(argv: readonly string[]): ParsedTestArguments {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        ...archiveOptions,
        jobs: { type: 'string', short: 'j' },
        continue: { type: 'boolean' },
        'report-junit': { type: 'string' },
        'report-tap': { type: 'string' },
        'report-json': { type: 'string' },
        'report-html': { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  if (values.sandbox && values.env) return { ok: false, error: '--sandbox and --env exclude each other: --sandbox runs against a fresh local sandbox.' };
  let jobs = defaultJobs();
  if (values.jobs !== undefined) {
    if (!/^\d+$/.test(values.jobs) || Number(values.jobs) < 1 || Number(values.jobs) > 64) return { ok: false, error: `--jobs takes a whole number from 1 to 64 (got ${JSON.stringify(values.jobs)}).` };
    jobs = Number(values.jobs);
  }
  const variables = parseVariableOptions(values.var ?? []);
  if ('error' in variables) return { ok: false, error: variables.error };
  const timeout = parseTimeLimitOptions(values.timeout, values['connect-timeout']);
  if ('error' in timeout) return { ok: false, error: timeout.error };
  const reports: TestArguments['reports'] = {};
  for (const kind of ['junit', 'tap', 'json', 'html'] as const) {
    const path = values[`report-${kind}`];
    if (path === undefined) continue;
    if (path.trim() === '') return { ok: false, error: `--report-${kind} needs the file to write.` };
    reports[kind] = path;
  }
  return {
    ok: true,
    args: {
      inputs: positionals.length > 0 ? positionals : ['.'],
      env: values.env,
      environmentsFile: values.environments,
      variables: variables.variables,
      sandbox: values.sandbox ?? false,
      jobs,
      continueAfterFailure: values.continue ?? false,
      reports,
      yes: values.yes ?? false,
      verbose: values.verbose ?? false,
      timeout: timeout.timeout,
      help: values.help ?? false,
    },
  };
}
