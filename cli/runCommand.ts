/**
 * `noarkq run`: runs a `.noarkq` file (or some of its blocks) against an archive with the shared
 * runner, printing each result as it arrives — readable tables on a terminal, JSON for scripts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { blockByName, parseDocument, type DocumentBlock, type NoarkqDocument } from '../core/document';
import { parseTypedValue, type JsonValue } from '../core/jsonValue';
import type { NoarkModel } from '../core/schema/types';
import type { ArchiveApi, ExchangeLogEntry } from '../runner/archive/archiveApi';
import { redact } from '../core/text/secretRedaction';
import type { BlockRunResult } from '../runner/blocks/blockRunResult';
import { blockingErrors, RunSession, runnableBlocks, type RunEnvironment, type RunHooks } from '../runner/blocks/runSession';
import type { NoarkqDiagnostic } from '../core/diagnostics';
import { ExitCode, type CliIo } from './checkCommand';
import { toFindings } from './findings';
import { checkUploadFiles } from '../runner/blocks/uploadFiles';
import { formatText } from './reportFormatters';
import { parseRunArguments, runUsage, type RunArguments } from './runArguments';
import { formatBytes } from '../core/text/formatBytes';
import { colourStyle, formatBlockResult, plainStyle, type TextStyle } from './runReport';

export interface RunIo extends CliIo {
  /** The process environment: secrets (`NOARKQ_*`) are read from it. */
  env: Readonly<Record<string, string | undefined>>;
  /** Width of the terminal on stdout; undefined when stdout is not a terminal. */
  columns: number | undefined;
  colour: boolean;
  /** Whether stderr is a terminal, where a progress line may be redrawn. */
  progress: boolean;
  /** Asks on the terminal; absent when there is none to ask on. */
  prompt?: (question: string) => Promise<string | undefined>;
  /** Calls `handler` on Ctrl-C (or SIGTERM); returns the function that stops listening. */
  onInterrupt(handler: () => void): () => void;
}

/** An archive to run against, and how to let it go afterwards. */
export interface Connection {
  environment: RunEnvironment;
  client: ArchiveApi;
  /** Tokens and secrets held, for redaction of everything printed. */
  secrets(): readonly string[];
  close(): Promise<void>;
}

/** What choosing an archive needs of the command line (`run`'s and `test`'s alike). */
export type ConnectArguments = Pick<RunArguments, 'sandbox' | 'env' | 'environmentsFile' | 'timeout'> & {
  /** Say nothing on stderr while starting a sandbox (the output is for a program). */
  quiet: boolean;
};

/** Finds the environment the arguments name, with its secrets, and makes a client for it. */
export type Connect = (args: ConnectArguments, io: RunIo, log: ((entry: ExchangeLogEntry) => void) | undefined) => Promise<Connection | { error: string; exitCode: number }>;

export async function runRun(argv: readonly string[], io: RunIo, model: NoarkModel, connect: Connect): Promise<number> {
  const parsed = parseRunArguments(argv);
  if (!parsed.ok) {
    io.err(`noarkq run: ${parsed.error}\n\n${runUsage}`);
    return ExitCode.usage;
  }
  const args = parsed.args;
  if (args.help) {
    io.out(runUsage);
    return ExitCode.ok;
  }
  const filePath = resolvePath(io.cwd, args.file);
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.err(`noarkq run: cannot read ${args.file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message}\n`);
    return ExitCode.usage;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const document = parseDocument(text);
  const blocks = selectBlocks(document, args.blocks);
  if ('error' in blocks) {
    io.err(`noarkq run: ${blocks.error}\n`);
    return ExitCode.usage;
  }

  // A file the run would refuse is refused before a sandbox is started for it (seconds of
  // seeding), with the checks of `noarkq check` (its UPLOAD files too), errors only.
  if (args.sandbox && !args.force) {
    const errors = [...blockingErrors(document, model, args.variables), ...checkUploadFiles(document, filePath)].sort((a, b) => a.start - b.start);
    if (errors.length > 0) {
      reportRefusal(args, text, errors, 'sandbox', io.out, io.err);
      return ExitCode.problems;
    }
  }

  const style = io.colour && args.format === 'table' ? colourStyle : plainStyle;
  const progress = new ProgressLine(io);
  const verbose = args.verbose ? (entry: ExchangeLogEntry) => progress.around(() => io.err(formatExchange(entry, style))) : undefined;
  const connection = await connect({ ...args, quiet: args.format !== 'table' }, io, verbose);
  if ('error' in connection) {
    io.err(`noarkq run: ${connection.error}\n`);
    return connection.exitCode;
  }
  // Nothing printed may hold a token or a secret, whatever produced the text.
  const out = (s: string) => io.out(redact(s, connection.secrets()));
  const err = (s: string) => io.err(redact(s, connection.secrets()));

  const results: BlockRunResult[] = [];
  const hooks: RunHooks = {
    askValue: io.prompt ? ({ name, block }) => askValue(io, progress, name, block) : undefined,
    confirmWrite: args.yes ? async () => true : io.prompt ? (request) => confirmWrite(io, progress, request) : undefined,
    onProgress: (p) =>
      progress.show(`${p.block}: ${p.phase === 'pages' ? `${p.done.toLocaleString('en')} results` : `${formatBytes(p.done)}${p.total ? ` of ${formatBytes(p.total)}` : ''}`}`),
    onResult: (result) => {
      results.push(result);
      progress.clear();
      if (args.out) writeResponse(args.out, io.cwd, result);
      if (args.format === 'table') out(formatBlockResult(result, { style, width: io.columns, model }));
      else if (args.format === 'ndjson') out(JSON.stringify(result) + '\n');
    },
  };
  const session = new RunSession({
    client: connection.client,
    environment: connection.environment,
    model,
    supplied: args.variables,
    hooks,
    downloadDir: args.out ? resolvePath(io.cwd, args.out) : io.cwd,
  });
  const abort = new AbortController();
  const stopListening = io.onInterrupt(() => abort.abort());
  try {
    if (args.format === 'table') err(style.dim(`Running ${args.file} against ${connection.environment.name}${connection.environment.protected ? ' (protected)' : ''}\n`));
    const outcome = await session.run({ document, filePath, blocks: blocks.blocks, allPages: args.allPages, force: args.force, signal: abort.signal });
    progress.clear();
    if (outcome.kind === 'refused') {
      reportRefusal(args, text, outcome.errors, connection.environment.name, out, err);
      return ExitCode.problems;
    }
    if (args.format === 'json') out(JSON.stringify({ file: args.file, environment: connection.environment.name, results }, null, 2) + '\n');
    const failed = results.filter((r) => !r.ok).length;
    const unknown = results.some((r) => r.error?.kind === 'outcome-unknown');
    if (args.format === 'table') {
      const skipped = blocks.blocks.length - results.filter((r) => blocks.blocks.some((b) => b.index === r.blockIndex)).length;
      err(
        `\n${failed === 0 ? style.green('Done') : style.red('Stopped')}: ${results.length - failed} of ${results.length} request${results.length === 1 ? '' : 's'} succeeded` +
          `${skipped > 0 && failed > 0 ? `; ${skipped} not run after the failure` : ''}` +
          `${unknown ? `; ${style.yellow('a write\'s outcome is unknown: find out with the query above before running it again')}` : ''}.\n`,
      );
    }
    return failed === 0 ? ExitCode.ok : unknown ? ExitCode.outcomeUnknown : ExitCode.problems;
  } finally {
    stopListening();
    progress.clear();
    await connection.close();
  }
}

function reportRefusal(args: RunArguments, text: string, errors: readonly NoarkqDiagnostic[], environment: string, out: (s: string) => void, err: (s: string) => void): void {
  const findings = toFindings(args.file, text, errors);
  if (args.format === 'table') out(formatText(findings));
  else out(JSON.stringify({ file: args.file, environment, refused: findings }) + '\n');
  err(`noarkq run: nothing was sent: ${args.file} has ${errors.length === 1 ? 'an error' : `${errors.length} errors`} (fix, or run with --force).\n`);
}

function selectBlocks(document: NoarkqDocument, names: readonly string[]): { blocks: DocumentBlock[] } | { error: string } {
  if (names.length === 0) {
    const blocks = runnableBlocks(document);
    return blocks.length > 0 ? { blocks } : { error: 'the file has no request to run.' };
  }
  const blocks: DocumentBlock[] = [];
  for (const name of names) {
    const block = blockByName(document, name);
    if (!block) {
      const known = document.blocks.map((b) => b.parsed.name?.text).filter((n): n is string => n !== undefined);
      return { error: `no block is named "${name}"${known.length > 0 ? `; the file has ${known.join(', ')}` : ''}.` };
    }
    blocks.push(block);
  }
  return { blocks };
}

async function askValue(io: RunIo, progress: ProgressLine, name: string, block: string): Promise<JsonValue | undefined> {
  progress.clear();
  const answer = await io.prompt!(`Value for @${name} (${block}; JSON or text, empty to stop): `);
  if (answer === undefined || answer.trim() === '') return undefined;
  return parseTypedValue(answer.trim());
}

async function confirmWrite(io: RunIo, progress: ProgressLine, request: { environment: string; block: string; description: string; typeName: boolean }): Promise<boolean> {
  progress.clear();
  if (request.typeName) {
    const answer = await io.prompt!(`${request.block} sends ${request.description} to the protected environment "${request.environment}". Type its name to confirm: `);
    return answer?.trim() === request.environment;
  }
  const answer = await io.prompt!(`${request.block} sends ${request.description} to the protected environment "${request.environment}". Send it? [y/N] `);
  return /^y(es)?$/i.test(answer?.trim() ?? '');
}

function writeResponse(dir: string, cwd: string, result: BlockRunResult): void {
  const folder = resolvePath(cwd, dir);
  mkdirSync(folder, { recursive: true });
  const name = result.blockName ?? (result.blockIndex < 0 ? 'preamble' : `block-${result.blockIndex + 1}`);
  writeFileSync(join(folder, `${name}.json`), JSON.stringify(result.body ?? null, null, 2) + '\n');
}

export function formatExchange(entry: ExchangeLogEntry, style: TextStyle): string {
  const status = entry.status === undefined ? style.red(entry.error ?? 'no answer') : entry.status >= 400 ? style.red(String(entry.status)) : String(entry.status);
  const attempt = entry.attempt > 1 ? style.dim(` (attempt ${entry.attempt})`) : '';
  return style.dim(`  → ${entry.method} ${entry.path} `) + status + style.dim(` ${Math.round(entry.durationMs)} ms ${formatBytes(entry.bytes)}`) + attempt + '\n';
}

/** One line on stderr that is redrawn while pages load or files stream, on a terminal only. */
class ProgressLine {
  private shown = false;
  private last = 0;
  constructor(private readonly io: RunIo) {}

  show(text: string): void {
    if (!this.io.progress) return;
    const now = Date.now();
    if (this.shown && now - this.last < 100) return;
    this.last = now;
    this.io.err(`\r\x1b[K${text}`);
    this.shown = true;
  }

  clear(): void {
    if (!this.shown) return;
    this.io.err('\r\x1b[K');
    this.shown = false;
  }

  around(write: () => void): void {
    this.clear();
    write();
  }
}

