/**
 * `run`: a `.noarkq` file (or some of its blocks) through the shared block runner, with the
 * server's write safety in front of it. Whether a block writes is decided before anything is sent,
 * for the blocks asked for and every block their `{{references}}` run first: a write is refused
 * unless the server was started with `--allow-writes`, and always in a protected environment
 * (there is nobody to confirm it there, and an agent must not be the one who does).
 */
import { blockByName, parseDocument, requestWrites, type DocumentBlock, type NoarkqDocument } from '../core/document';
import type { JsonValue } from '../core/jsonValue';
import { blockDependencies } from '../runner/blocks/blockDependencies';
import type { BlockRunResult } from '../runner/blocks/blockRunResult';
import { blockLabel } from '../runner/blocks/preparedRequest';
import { RunSession, runnableBlocks } from '../runner/blocks/runSession';
import { withArchive, type ArchiveConnection } from './archiveAccess';
import type { ArchiveToolContext } from './archiveTools';
import { locateDiagnostics } from './modelTools';
import { readNoarkqSource } from './noarkqSource';
import { capRows, capText, type ResultCaps } from './resultCaps';
import { problem, type ToolAnswer } from './toolAnswer';

export interface RunInput {
  text?: string;
  path?: string;
  blocks?: string[];
  variables?: Record<string, JsonValue>;
}

export interface RunToolContext extends ArchiveToolContext {
  allowWrites: boolean;
}

export async function runTool(context: RunToolContext, input: RunInput): Promise<ToolAnswer> {
  const source = readNoarkqSource(input, context.cwd);
  if ('error' in source) return problem(source.error);
  const document = parseDocument(source.text);
  const chosen = chooseBlocks(document, input.blocks ?? []);
  if ('error' in chosen) return problem(chosen.error);
  const writes = writingBlocks(document, chosen.blocks);
  if (writes.length > 0 && !context.allowWrites) {
    return problem(
      `Nothing was sent: ${writes.join(', ')} ${writes.length === 1 ? 'changes' : 'change'} the archive (or ${writes.length === 1 ? 'writes a file' : 'write files'} on this machine), and this server is read-only: it was started without --allow-writes. ` +
        'Run the reading blocks alone with `blocks`, or ask the user to run the file (noarkq run) or to restart the server with --allow-writes.',
    );
  }
  return withArchive(context.access, async (connection) => {
    if (writes.length > 0 && connection.environment.protected) {
      return problem(`Nothing was sent: ${writes.join(', ')} would change the protected environment \`${connection.environment.name}\`, and this server never writes to a protected environment, --allow-writes or not. The user can run it with noarkq run, which asks them to confirm.`);
    }
    const session = new RunSession({
      client: connection.client,
      environment: connection.environment,
      model: context.model,
      supplied: input.variables ?? {},
      // The check above refused every write to a protected environment; should the runner still
      // find one (a request only known at run time), it is not confirmed.
      hooks: { confirmWrite: async () => false },
      downloadDir: context.cwd,
    });
    const outcome = await session.run({ document, filePath: source.filePath, blocks: chosen.blocks });
    if (outcome.kind === 'refused') {
      return problem(`Nothing was sent: ${source.display} has ${outcome.errors.length === 1 ? 'an error' : `${outcome.errors.length} errors`}. Fix them (check gives the same list with quick fixes) and run again.`, locateDiagnostics(source.text, outcome.errors));
    }
    return runAnswer(outcome.results, connection, context.caps);
  });
}

function runAnswer(results: readonly BlockRunResult[], connection: ArchiveConnection, caps: ResultCaps): ToolAnswer {
  const failed = results.filter((r) => !r.ok);
  const perBlock = Math.max(1024, Math.floor(caps.maxBytes / Math.max(1, results.length)));
  const summary =
    `Ran against ${connection.environment.name}: ${results.length - failed.length} of ${results.length} request${results.length === 1 ? '' : 's'} succeeded` +
    (failed.length > 0 ? `; stopped at ${failed[0].blockName ?? `line ${failed[0].line}`}: ${failed[0].error?.message ?? 'it failed'}` : '') +
    '. Each block\'s answer is below, capped; use query for more rows of a QUERY.';
  return {
    summary,
    isError: failed.length > 0,
    archiveData: { environment: connection.environment.name, value: results.map((r) => blockAnswer(r, { maxRows: caps.maxRows, maxBytes: perBlock })) },
  };
}

/** One block's result as an agent reads it: what was sent, the status, the capped answer, the expectations. */
function blockAnswer(result: BlockRunResult, caps: ResultCaps): unknown {
  return {
    block: result.blockName ?? null,
    line: result.line,
    ok: result.ok,
    ...(result.request ? { request: `${result.request.method} ${result.request.path}` } : {}),
    ...(result.status !== undefined ? { status: result.status } : {}),
    ...(result.error ? { error: result.error } : {}),
    ...(result.expectations?.length ? { expectations: result.expectations } : {}),
    ...(result.body !== undefined ? { body: cappedBody(result.body, caps) } : {}),
  };
}

function cappedBody(body: JsonValue, caps: ResultCaps): JsonValue {
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && Array.isArray(body.results)) {
    const capped = capRows(body.results, caps);
    if (capped.cut === 0) return body;
    return { ...body, results: capped.rows, noarkqCut: `${capped.cut} more results left out to stay within the caps` };
  }
  const text = JSON.stringify(body);
  const capped = capText(text, caps.maxBytes);
  return capped.cut ? { noarkqCut: `the answer is ${Buffer.byteLength(text)} bytes; its first ${caps.maxBytes} follow`, start: capped.text } : body;
}

function chooseBlocks(document: NoarkqDocument, names: readonly string[]): { blocks: DocumentBlock[] } | { error: string } {
  if (names.length === 0) {
    const blocks = runnableBlocks(document);
    return blocks.length > 0 ? { blocks } : { error: 'The file has no request to run.' };
  }
  const blocks: DocumentBlock[] = [];
  for (const name of names) {
    const block = blockByName(document, name);
    if (!block) {
      const known = document.blocks.map((b) => b.parsed.name?.text).filter((n): n is string => n !== undefined);
      return { error: `No block is named "${name}"${known.length > 0 ? `; the file has ${known.join(', ')}` : ''}.` };
    }
    blocks.push(block);
  }
  return { blocks };
}

/** Labels of the blocks a run of `blocks` would send that change the archive or the disk: a
 * transaction, an upload, a writing HTTP request, a request that cannot be told, or a download
 * (a file written here). */
function writingBlocks(document: NoarkqDocument, blocks: readonly DocumentBlock[]): string[] {
  const seen = new Set<DocumentBlock>();
  const visit = (block: DocumentBlock): void => {
    if (seen.has(block)) return;
    seen.add(block);
    for (const dependency of blockDependencies(document, block)) visit(dependency);
  };
  for (const block of blocks) visit(block);
  return [...seen]
    .filter((b) => {
      const request = b.parsed.request;
      return request !== undefined && (request.kind === 'download' || requestWrites(request) !== false);
    })
    .map(blockLabel);
}
