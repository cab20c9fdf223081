/** Command-line arguments of `noarkq` and `noarkq check`. */

export type OutputFormat = 'text' | 'json' | 'sarif';
export const outputFormats: readonly OutputFormat[] = ['text', 'json', 'sarif'];

export interface CheckArguments {
  /** Files, globs and directories, as given. */
  inputs: string[];
  format: OutputFormat;
  /** Exit 1 when there are more warnings than this. */
  maxWarnings: number | undefined;
  help: boolean;
}

export type ParsedCheckArguments = { ok: true; args: CheckArguments } | { ok: false; error: string };

export const usage = `Usage: noarkq <command> [options]

Commands:
  check <files|globs|directories>  Check .noarkq files and report their problems.
                                   A directory means every *.noarkq under it; globs
                                   take *, ** and ? (quote them so the shell keeps them).
  run <file> [options]             Run the requests of a .noarkq file against an archive
                                   ("noarkq run --help" lists its options).
  test [files|folders] [options]   Run .noarkq files as tests: their EXPECT lines judged,
                                   a summary, JUnit/TAP/JSON/HTML reports for CI
                                   ("noarkq test --help" lists its options).
  copy-as <language> <file>#<block>
                                   Print the request of a block as curl, TypeScript, C#,
                                   Java, PHP or Python code ("noarkq copy-as --help").
  sandbox [options]                Start the local sandbox archive on 127.0.0.1
                                   ("noarkq sandbox --help" lists its options).
  lsp [--stdio|--socket=<port>]    Start the language server for an editor, on stdio by
                                   default (alias: language-server; "noarkq lsp --help").
  mcp [options]                    Serve noarkq's checker, model and archive to coding agents:
                                   an MCP server on stdio, read-only unless --allow-writes
                                   ("noarkq mcp --help" lists its options).

Options:
  -h, --help                       Show this help.
  -v, --version                    Show the version.

Options of check:
  --format text|json|sarif         Output format (default: text). sarif is SARIF 2.1.0
                                   for code-scanning tools.
  --max-warnings <n>               Also exit 1 when there are more than n warnings.

Exit codes of check: 0 no errors; 1 errors (or too many warnings);
2 usage error, or a file that cannot be read, or a glob that matches nothing.
`;

export function parseCheckArguments(argv: readonly string[]): ParsedCheckArguments {
  const args: CheckArguments = { inputs: [], format: 'text', maxWarnings: undefined, help: false };
  let onlyFiles = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyFiles || !arg.startsWith('-') || arg === '-') {
      args.inputs.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyFiles = true;
      continue;
    }
    if (arg === '-h' || arg === '--help') {
      args.help = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const takeValue = (): string | undefined => {
      if (eq !== -1) return arg.slice(eq + 1);
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('-') && next !== '-')) return undefined;
      i++;
      return next;
    };
    if (name === '--format') {
      const value = takeValue();
      if (value === undefined) return { ok: false, error: '--format needs a value: text, json or sarif.' };
      if (!(outputFormats as readonly string[]).includes(value)) {
        return { ok: false, error: `Unknown format "${value}": use text, json or sarif.` };
      }
      args.format = value as OutputFormat;
    } else if (name === '--max-warnings') {
      const value = takeValue();
      if (value === undefined || !/^\d+$/.test(value)) {
        return { ok: false, error: '--max-warnings needs a whole number, e.g. --max-warnings 0.' };
      }
      args.maxWarnings = Number(value);
    } else {
      return { ok: false, error: `Unknown option "${arg}".` };
    }
  }
  if (!args.help && args.inputs.length === 0) {
    return { ok: false, error: 'check needs at least one file, glob or directory, e.g. noarkq check "**/*.noarkq".' };
  }
  return { ok: true, args };
}

export const mcpUsage = `Usage: noarkq mcp [options]

Serves noarkq to coding agents as a Model Context Protocol server on stdin/stdout: tools that
check .noarkq files, describe the Noark model, read code lists and the BSM registry, query and
search the archive and run .noarkq files; the .noarkq format and the query language's rules as
resources. Every call and every HTTP exchange is logged to stderr. Answers are capped, and
archive content in them is marked as data.

Options:
  --env <name>               environment from noarkq.environments.json (the only one if there is one)
  --environments <file>      environments file (default: noarkq.environments.json in the current folder)
  --sandbox                  start the local sandbox archive (in memory, demo data) with the server
  --allow-writes             let \`run\` send writes (transactions, uploads, PUT/DELETE, downloads to disk);
                             never to a protected environment
  --max-rows <n>             rows per answer (default 50; a query page is at most 500)
  --max-bytes <n>            bytes of archive JSON per answer (default 65536)
  --timeout <time>           how long to wait for an answer to begin, and in silence within one
  --connect-timeout <time>   how long to wait for a connection (default 10 s)
  -h, --help                 show this help

Without --env, --environments or --sandbox the archive tools use noarkq.environments.json in the
current folder when there is one; check, list_types and describe_type need no archive.
Secrets come from the environment, never from tool input: NOARKQ_TOKEN, NOARKQ_CLIENT_SECRET,
NOARKQ_PASSWORD. No token or secret appears in an answer or in the log.
`;
