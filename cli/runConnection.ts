/**
 * The archive `noarkq run` talks to: the environment named by `--env` in
 * `noarkq.environments.json` (or `--environments FILE`) with its secrets from `NOARKQ_*`, or with
 * `--sandbox` a fresh local sandbox started for the run and stopped after it.
 */
import { resolve as resolvePath } from 'node:path';
import { ArchiveClient } from '../runner/archive/archiveClient';
import { timeLimitsOf } from '../runner/archive/timeLimits';
import { AuthenticationError } from '../runner/archive/archiveErrors';
import { readSecretsFromEnvironment, type EnvironmentSecrets } from '../runner/environments/environmentSecrets';
import { EnvironmentFileError, EnvironmentSelectionError, loadEnvironments, selectEnvironment } from '../runner/environments/environmentsFile';
import { environmentsFileName, type Environment } from '../runner/environments/environmentsSchema';
import { sandboxEnvironment } from '../runner/environments/sandboxEnvironment';
import { createTokenProvider } from '../runner/environments/environmentTokenProvider';
import { ExitCode } from './checkCommand';
import type { Connect, ConnectArguments, Connection, RunIo } from './runCommand';
import { startSandboxProcess, type SandboxProcess } from '../runner/sandbox/sandboxProcess';

export const connectForRun: Connect = async (args, io, log) => {
  let sandbox: SandboxProcess | undefined;
  let environment: Environment;
  let secrets: EnvironmentSecrets;
  if (args.sandbox) {
    if (!args.quiet) io.err('Starting the sandbox archive (in memory, demo data)...\n');
    // Ctrl-C or SIGTERM while the sandbox seeds stops it (and its temporary folder goes with it)
    // instead of leaving it to notice on its own that this process is gone.
    const cancel = new AbortController();
    const stopListening = io.onInterrupt(() => cancel.abort());
    try {
      sandbox = await startSandboxProcess({ signal: cancel.signal });
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error), exitCode: cancel.signal.aborted ? ExitCode.problems : ExitCode.usage };
    } finally {
      stopListening();
    }
    ({ environment, secrets } = sandboxEnvironment(sandbox.ready, { id: sandbox.ready.clientId, secret: sandbox.ready.clientSecret }));
  } else {
    const chosen = await chooseEnvironment(args, io);
    if ('error' in chosen) return chosen;
    environment = chosen.environment;
    secrets = readSecretsFromEnvironment(io.env);
  }
  // --timeout and --connect-timeout win over the environment's own limits, for the token URL too.
  environment = { ...environment, timeout: { ...environment.timeout, ...args.timeout } };
  try {
    const auth = createTokenProvider(environment, secrets);
    const client = new ArchiveClient({ apiUrl: environment.baseUrl, auth, timeouts: timeLimitsOf(environment.timeout), onExchange: log });
    const connection: Connection = {
      environment: { name: environment.name, protected: environment.protected, variables: environment.variables },
      client,
      secrets: () => [...(auth?.secrets() ?? []), ...Object.values(secrets).filter((s): s is string => typeof s === 'string')],
      async close() {
        await client.close();
        await sandbox?.stop();
      },
    };
    return connection;
  } catch (error) {
    await sandbox?.stop();
    if (error instanceof AuthenticationError) return { error: error.message, exitCode: ExitCode.usage };
    throw error;
  }
};

/** The environment `--env` (or the only one) names in the environments file `--environments` (or the current folder's). */
export async function chooseEnvironment(args: Pick<ConnectArguments, 'env' | 'environmentsFile'>, io: Pick<RunIo, 'cwd'>): Promise<{ environment: Environment } | { error: string; exitCode: number }> {
  try {
    const file = await loadEnvironments(args.environmentsFile !== undefined ? { file: resolvePath(io.cwd, args.environmentsFile) } : { workspaceRoot: io.cwd });
    if (!file) {
      return {
        error: `no environment to run against: there is no ${environmentsFileName} here (${io.cwd}). Create one (README: "Environments"), name another with --environments FILE, or try the local sandbox with --sandbox.`,
        exitCode: ExitCode.usage,
      };
    }
    return { environment: selectEnvironment(file, args.env) };
  } catch (error) {
    if (error instanceof EnvironmentFileError || error instanceof EnvironmentSelectionError) {
      return { error: `${error.message}${error instanceof EnvironmentSelectionError && args.env === undefined ? ' Use --env NAME.' : ''}`, exitCode: ExitCode.usage };
    }
    throw error;
  }
}

