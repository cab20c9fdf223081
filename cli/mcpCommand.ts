/**
 * `noarkq mcp`: reads its options, and serves mcp/'s server with the archive `noarkq run` would
 * use (`connectForRun`: environments, secrets from the process environment, `--sandbox`), its
 * exchanges logged as `--verbose` prints them.
 */
import { parseArgs } from 'node:util';
import type { NoarkModel } from '../core/schema/types';
import { redact } from '../core/text/secretRedaction';
import { defaultCaps, largestPage, type ResultCaps } from '../mcp/resultCaps';
import { serveMcp } from '../mcp/serveMcp';
import { ExitCode, type CliIo } from './checkCommand';
import { mcpUsage } from './cliArguments';
import { parseTimeLimitOptions } from './runArguments';
import { formatExchange, type RunIo } from './runCommand';
import { connectForRun } from './runConnection';
import { plainStyle } from './runReport';

export async function runMcp(argv: readonly string[], io: CliIo, model: NoarkModel, version: string): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        env: { type: 'string' },
        environments: { type: 'string' },
        sandbox: { type: 'boolean' },
        'allow-writes': { type: 'boolean' },
        'max-rows': { type: 'string' },
        'max-bytes': { type: 'string' },
        timeout: { type: 'string' },
        'connect-timeout': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err(`noarkq mcp: ${error instanceof Error ? error.message : String(error)}\n\n${mcpUsage}`);
    return ExitCode.usage;
  }
  if (values.help) {
    io.out(mcpUsage);
    return ExitCode.ok;
  }
  const fail = (message: string) => {
    io.err(`noarkq mcp: ${message}\n\n${mcpUsage}`);
    return ExitCode.usage;
  };
  if (values.sandbox && values.env) return fail('--sandbox and --env exclude each other: --sandbox serves a fresh local sandbox.');
  const caps: ResultCaps = { ...defaultCaps };
  for (const [option, key, least, most] of [['--max-rows', 'maxRows', 1, largestPage], ['--max-bytes', 'maxBytes', 1024, 16 * 1024 * 1024]] as const) {
    const value = values[option.slice(2) as 'max-rows' | 'max-bytes'];
    if (value === undefined) continue;
    if (!/^\d+$/.test(value) || Number(value) < least || Number(value) > most) return fail(`${option} needs a whole number from ${least} to ${most} (got "${value}").`);
    caps[key] = Number(value);
  }
  const timeout = parseTimeLimitOptions(values.timeout, values['connect-timeout']);
  if ('error' in timeout) return fail(timeout.error);

  const runIo: RunIo = {
    ...io,
    // stdout is the protocol's: nothing else may be written there.
    out: (text) => io.err(text),
    env: process.env,
    columns: undefined,
    colour: false,
    progress: false,
    onInterrupt: (handler) => {
      process.on('SIGINT', handler);
      process.on('SIGTERM', handler);
      return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
      };
    },
  };
  const sandbox = values.sandbox ?? false;
  return serveMcp({
    model,
    caps,
    allowWrites: values['allow-writes'] ?? false,
    cwd: io.cwd,
    version,
    openAtStart: sandbox || values.env !== undefined || values.environments !== undefined,
    archiveDescription: sandbox ? 'a local sandbox (starting)' : values.env !== undefined ? `environment ${values.env}` : values.environments !== undefined ? `the environments of ${values.environments}` : 'noarkq.environments.json here, when there is one',
    log: (line) => io.err(line),
    open: async () => {
      const connection = await connectForRun({ sandbox, env: values.env, environmentsFile: values.environments, timeout: timeout.timeout, quiet: true }, runIo, (entry) => io.err(formatExchange(entry, plainStyle)));
      return 'error' in connection ? { error: connection.error } : { ...connection, redact: (text: string) => redact(text, connection.secrets()) };
    },
  });
}
