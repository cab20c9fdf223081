/** Command-line arguments of `noarkq run`. */
import { parseArgs } from 'node:util';
import { parseTypedValue, type JsonValue } from '../core/jsonValue';
import { parseDuration } from '../runner/archive/timeLimits';

export type RunFormat = 'table' | 'json' | 'ndjson';
const runFormats: readonly RunFormat[] = ['table', 'json', 'ndjson'];

export interface RunArguments {
  file: string;
  env: string | undefined;
  environmentsFile: string | undefined;
  blocks: string[];
  /** `--var name=value`: the value is JSON when it parses as JSON, else the text as is. */
  variables: Record<string, JsonValue>;
  format: RunFormat;
  allPages: boolean;
  out: string | undefined;
  yes: boolean;
  force: boolean;
  sandbox: boolean;
  verbose: boolean;
  /** `--timeout` (answer and idle) and `--connect-timeout`, in ms: over the environment's `timeout`. */
  timeout: { connect?: number; answer?: number; idle?: number };
  help: boolean;
}

export const runUsage = `Usage: noarkq run <file> [options]

Runs the requests of a .noarkq file against an archive, in order, and prints each result.
A block's {{references}} run the blocks they read first. A file with errors is refused
before anything is sent (see "noarkq check").

Options:
  --env <name>               environment from noarkq.environments.json (the only one if there is one)
  --environments <file>      environments file (default: noarkq.environments.json in the current folder)
  --sandbox                  start the local sandbox archive (in memory, demo data) for this run
  --block <name>             run only this block (and the blocks it reads); repeatable
  --var <name>=<value>       a value for @name / {{name}}; JSON (2024, "text", true) or plain text; repeatable
  --format table|json|ndjson output (default table; json: one document at the end; ndjson: a line per block)
  --all-pages                QUERY blocks fetch every page while hasMore
  --out <dir>                write each block's response to <dir>/<block>.json; DOWNLOAD without TO saves there
                             (default: downloads go to the current folder)
  --yes                      confirm writes to a protected environment without asking
  --force                    run even though the file has errors
  --verbose                  log every HTTP exchange (method, path, status, time, size) to stderr
  --timeout <time>           how long to wait for an answer to begin, and in silence within one
                             (seconds, or 500ms, 30s, 2m; default 60 s, or the environment's "timeout")
  --connect-timeout <time>   how long to wait for a connection (default 10 s)
  -h, --help                 show this help

Secrets come from the environment, never from files: NOARKQ_TOKEN (static token),
NOARKQ_CLIENT_SECRET (client_credentials), NOARKQ_PASSWORD (password grant).

Exit codes: 0 every block succeeded; 1 a block failed (the run stops there) or the file has
errors; 2 usage error, unreadable file, or no environment; 3 a write's outcome is unknown (its
answer was lost or unreadable: the report gives the query that tells whether it happened).
`;

/** The options `run` and `test` share: which archive, values, limits, confirmation, output. */
export const archiveOptions = {
  env: { type: 'string' },
  environments: { type: 'string' },
  sandbox: { type: 'boolean' },
  var: { type: 'string', multiple: true },
  yes: { type: 'boolean', short: 'y' },
  verbose: { type: 'boolean' },
  timeout: { type: 'string' },
  'connect-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type ParsedRunArguments = { ok: true; args: RunArguments } | { ok: false; error: string };

const variableName = /^[A-Za-z][A-Za-z0-9]*$/;

export function parseRunArguments(argv: readonly string[]): ParsedRunArguments {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        ...archiveOptions,
        block: { type: 'string', multiple: true },
        format: { type: 'string' },
        'all-pages': { type: 'boolean' },
        out: { type: 'string' },
        force: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  const help = values.help ?? false;
  if (!help && positionals.length !== 1) {
    return { ok: false, error: positionals.length === 0 ? 'run needs the .noarkq file to run, e.g. noarkq run flow.noarkq --env test.' : `run takes one file, not ${positionals.length} (${positionals.join(', ')}).` };
  }
  const format = values.format ?? 'table';
  if (!(runFormats as readonly string[]).includes(format)) return { ok: false, error: `Unknown format "${format}": use table, json or ndjson.` };
  if (values.sandbox && values.env) return { ok: false, error: '--sandbox and --env exclude each other: --sandbox runs against a fresh local sandbox.' };
  const variables = parseVariableOptions(values.var ?? []);
  if ('error' in variables) return { ok: false, error: variables.error };
  const timeout = parseTimeLimitOptions(values.timeout, values['connect-timeout']);
  if ('error' in timeout) return { ok: false, error: timeout.error };
  return {
    ok: true,
    args: {
      file: positionals[0] ?? '',
      env: values.env,
      environmentsFile: values.environments,
      blocks: values.block ?? [],
      variables: variables.variables,
      format: format as RunFormat,
      allPages: values['all-pages'] ?? false,
      out: values.out,
      yes: values.yes ?? false,
      force: values.force ?? false,
      sandbox: values.sandbox ?? false,
      verbose: values.verbose ?? false,
      timeout: timeout.timeout,
      help,
    },
  };
}

/** `--var name=value` options: the value is JSON when it parses as JSON, else the text as is. */
export function parseVariableOptions(items: readonly string[]): { variables: Record<string, JsonValue> } | { error: string } {
  const variables: Record<string, JsonValue> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    const name = (eq === -1 ? item : item.slice(0, eq)).replace(/^@/, '');
    if (eq === -1 || !variableName.test(name)) {
      return { error: `--var takes name=value with a name of letters and digits, e.g. --var year=2024 (got ${JSON.stringify(item)}).` };
    }
    variables[name] = parseTypedValue(item.slice(eq + 1));
  }
  return { variables };
}

/** `--timeout` (answer and idle) and `--connect-timeout`. */
export function parseTimeLimitOptions(answer: string | undefined, connect: string | undefined): { timeout: RunArguments['timeout'] } | { error: string } {
  const timeout: RunArguments['timeout'] = {};
  for (const [option, value] of [['--timeout', answer], ['--connect-timeout', connect]] as const) {
    if (value === undefined) continue;
    const parsed = parseDuration(value);
    if (!parsed.ok) return { error: `${option}: ${parsed.problem}.` };
    if (option === '--timeout') {
      timeout.answer = parsed.ms;
      timeout.idle = parsed.ms;
    } else {
      timeout.connect = parsed.ms;
    }
  }
  return { timeout };
}
