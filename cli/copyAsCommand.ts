/**
 * `noarkq copy-as <language> <file>#<block>`: a block as code that sends the same request —
 * curl, TypeScript, C#, Java, PHP or Python — printed on stdout. Values that need a run are named
 * placeholders, or with `--from-run` the values of the blocks it reads, run first against the
 * environment as `noarkq run` runs them. The code reads its secrets from the environment variables
 * the comment at its top names; none is printed.
 */
import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDocument, type DocumentBlock, type NoarkqDocument, type RecordedResponse } from '../core/document';
import type { JsonValue } from '../core/jsonValue';
import type { NoarkModel } from '../core/schema/types';
import { redact } from '../core/text/secretRedaction';
import { blockDependencies } from '../runner/blocks/blockDependencies';
import { RunSession } from '../runner/blocks/runSession';
import { codeLanguage, codeLanguageIds } from '../runner/copyAsCode/codeLanguages';
import { describeCodeRequest, type ValueSource } from '../runner/copyAsCode/codeRequest';
import { ExitCode } from './checkCommand';
import { parseVariableOptions } from './runArguments';
import type { Connect, RunIo } from './runCommand';
import { chooseEnvironment } from './runConnection';

export const copyAsUsage = `Usage: noarkq copy-as <language> <file>#<block> [options]

Prints the request a block sends as code: ${codeLanguageIds.join(', ')} (also ts, cs, py).
The code gets its token as the environment does, with the secret read from an environment
variable it names (NOARKQ_CLIENT_SECRET, NOARKQ_PASSWORD or NOARKQ_TOKEN); no secret is written.
{{references}} to other blocks' answers and values nothing defines become named placeholders
at the top of the code, to fill in.

Options:
  --env <name>            environment from noarkq.environments.json (the only one if there is one)
  --environments <file>   environments file (default: noarkq.environments.json in the current folder)
  --var <name>=<value>    a value for @name / {{name}}; JSON or plain text; repeatable
  --from-run              run the blocks it reads first (as noarkq run does: writes too) and use
                          their answers instead of placeholders; needs the environment's secrets
  --yes                   confirm those blocks' writes to a protected environment without asking
  -h, --help              show this help

Exit codes: 0 printed; 1 the block cannot be copied, or a block it reads failed; 2 usage error,
unreadable file, unknown block or no environment.
`;

export async function runCopyAs(argv: readonly string[], io: RunIo, model: NoarkModel, connect: Connect): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { env: { type: 'string' }, environments: { type: 'string' }, var: { type: 'string', multiple: true }, 'from-run': { type: 'boolean' }, yes: { type: 'boolean', short: 'y' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    return usageError(io, error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(copyAsUsage);
    return ExitCode.ok;
  }
  if (positionals.length !== 2) return usageError(io, 'copy-as takes a language and a block, e.g. noarkq copy-as curl flow.noarkq#findCase.');
  const language = codeLanguage(positionals[0]);
  if (!language) return usageError(io, `unknown language "${positionals[0]}": use ${codeLanguageIds.join(', ')}.`);
  const target = positionals[1];
  const hash = target.lastIndexOf('#');
  if (hash <= 0 || hash === target.length - 1) return usageError(io, `name the block after the file and #, e.g. ${target.replace(/#$/, '')}#findCase.`);
  const file = target.slice(0, hash);
  const blockName = target.slice(hash + 1);
  const variables = parseVariableOptions(values.var ?? []);
  if ('error' in variables) return usageError(io, variables.error);

  const filePath = resolvePath(io.cwd, file);
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.err(`noarkq copy-as: cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message}\n`);
    return ExitCode.usage;
  }
  const document = parseDocument(text);
  const block = document.blocks.find((b) => b.parsed.name?.text === blockName);
  if (!block) {
    const names = document.blocks.map((b) => b.parsed.name?.text).filter((n) => n !== undefined);
    io.err(`noarkq copy-as: ${file} has no block named "${blockName}"${names.length > 0 ? ` (its blocks: ${names.join(', ')})` : ''}.\n`);
    return ExitCode.usage;
  }
  const archive = { sandbox: false, env: values.env, environmentsFile: values.environments, timeout: {}, quiet: true };
  const chosen = await chooseEnvironment(archive, io);
  if ('error' in chosen) {
    io.err(`noarkq copy-as: ${chosen.error}\n`);
    return chosen.exitCode;
  }

  let source: ValueSource = { kind: 'placeholders' };
  if (values['from-run']) {
    const ran = await runDependencies(io, model, connect, archive, { document, filePath, block, supplied: variables.variables, yes: values.yes ?? false });
    if ('exitCode' in ran) return ran.exitCode;
    source = { kind: 'last-run', responses: ran.responses };
  }
  const described = describeCodeRequest({ document, block, filePath, environment: chosen.environment, values: source, supplied: variables.variables });
  if (!described.ok) {
    io.err(`noarkq copy-as: ${described.error}\n`);
    return ExitCode.problems;
  }
  io.out(language.generate(described.request));
  const left = described.request.placeholders;
  if (left.length > 0) io.err(`${left.length === 1 ? 'One placeholder' : `${left.length} placeholders`} to fill in: ${left.map((p) => p.source).join(', ')}.\n`);
  return ExitCode.ok;
}

/** Runs the blocks `block` reads (and theirs), and gives their answers by block name. */
async function runDependencies(
  io: RunIo,
  model: NoarkModel,
  connect: Connect,
  archive: Parameters<Connect>[0],
  run: { document: NoarkqDocument; filePath: string; block: DocumentBlock; supplied: Record<string, JsonValue>; yes: boolean },
): Promise<{ responses: Map<string, RecordedResponse> } | { exitCode: number }> {
  const connection = await connect(archive, io, undefined);
  if ('error' in connection) {
    io.err(`noarkq copy-as: ${connection.error}\n`);
    return { exitCode: connection.exitCode };
  }
  const err = (s: string) => io.err(redact(s, connection.secrets()));
  try {
    const session = new RunSession({
      client: connection.client,
      environment: connection.environment,
      model,
      supplied: run.supplied,
      hooks: { confirmWrite: run.yes ? async () => true : undefined },
      downloadDir: io.cwd,
    });
    const outcome = await session.run({ document: run.document, filePath: run.filePath, blocks: blockDependencies(run.document, run.block) });
    if (outcome.kind === 'refused') {
      err(`noarkq copy-as: nothing was run: the file has ${outcome.errors.length === 1 ? 'an error' : `${outcome.errors.length} errors`} (see noarkq check ${run.filePath}).\n`);
      return { exitCode: ExitCode.problems };
    }
    const failed = outcome.results.find((r) => !r.ok);
    if (failed) {
      err(`noarkq copy-as: ${failed.error?.message ?? `${failed.blockName ?? 'a block'} failed`}\n`);
      return { exitCode: ExitCode.problems };
    }
    const responses = new Map<string, RecordedResponse>();
    for (const [name, result] of session.results) if (result.status !== undefined) responses.set(name, { status: result.status, body: result.body });
    return { responses };
  } finally {
    await connection.close();
  }
}

function usageError(io: RunIo, message: string): number {
  io.err(`noarkq copy-as: ${message}\n\n${copyAsUsage}`);
  return ExitCode.usage;
}
