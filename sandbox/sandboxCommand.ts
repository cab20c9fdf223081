/**
 * The `sandbox` command: starts the local archive and prints how to reach it; Ctrl-C stops it
 * cleanly. Shared by `npm run sandbox` (main.ts) and `noarkq sandbox` (the CLI).
 */
import type { SandboxReadyMessage } from '../core/api/sandboxContract';
import { defaultSandboxAccounts } from '../core/api/sandboxContract';
import { parseSandboxArguments, sandboxUsage, type SandboxOptions } from './sandboxOptions';
import { prepareSeeding } from './seed/seedSelection';
import { startSandbox, type RunningSandbox } from './startSandbox';
import { redactPassword } from './store/postgresDatabase';

export async function runSandboxCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseSandboxArguments(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(sandboxUsage);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`noarkq sandbox: ${parsed.message}\n\n${sandboxUsage}`);
    return 2;
  }
  const options: SandboxOptions = prepareSeeding({ ...parsed.options, log: (line) => process.stderr.write(`${line}\n`) });
  // Listening from the start: Ctrl-C, SIGTERM or the parent going away (its IPC channel closes)
  // must also end a sandbox that is still seeding, which cannot be closed half-way; it exits at
  // once, and its throwaway folder and data-folder lock go with it (exitCleanup.ts).
  let sandbox: RunningSandbox | undefined;
  let stopRunning: (() => void) | undefined;
  const stop = (why: NodeJS.Signals | 'disconnect') => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    process.off('disconnect', onDisconnect);
    if (!sandbox) {
      process.stderr.write(`noarkq sandbox: start-up cancelled (${why === 'disconnect' ? 'the process that started it is gone' : why}).\n`);
      process.exit(why === 'SIGINT' ? 130 : why === 'SIGTERM' ? 143 : 1);
    }
    stopRunning?.();
  };
  const onDisconnect = () => stop('disconnect');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (process.send) process.on('disconnect', onDisconnect);
  process.stdout.write('Starting the noarkq sandbox archive...\n');
  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    process.stderr.write(`noarkq sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const running = sandbox;
  const accounts = { ...defaultSandboxAccounts, ...options.accounts };
  // An entry for noarkq.environments.json: the secret is not part of it (secrets never go in that file).
  const environment = {
    name: 'sandbox',
    baseUrl: sandbox.apiUrl,
    auth: { kind: 'client_credentials', tokenUrl: sandbox.tokenUrl, revocationUrl: sandbox.revocationUrl, clientId: accounts.fullClient.id },
  };
  // Started by `noarkq run --sandbox` (or the extension) with an IPC channel: tell the parent
  // where the archive is and which client to use, instead of making it parse the banner.
  if (process.send) {
    const ready: SandboxReadyMessage = {
      kind: 'sandbox-ready',
      url: sandbox.url,
      apiUrl: sandbox.apiUrl,
      tokenUrl: sandbox.tokenUrl,
      revocationUrl: sandbox.revocationUrl,
      clientId: accounts.fullClient.id,
      clientSecret: accounts.fullClient.secret,
    };
    if (process.connected) process.send(ready);
  }
  process.stdout.write(
    [
      `Sandbox archive running at ${sandbox.url}`,
      `  API root:    ${sandbox.apiUrl}`,
      `  Token URL:   ${sandbox.tokenUrl}`,
      `  Sign-out:    ${sandbox.revocationUrl} (RFC 7009 token revocation)`,
      `  Data:        ${sandbox.dataDir ?? 'in memory (gone when the sandbox stops)'}`,
      ...(options.databaseUrl ? [`  Database:    ${redactPassword(options.databaseUrl)}`] : []),
      `  Time zone:   ${sandbox.services.timeZone} (timestamps answered, dates read; --time-zone)`,
      '',
      'Accounts:',
      `  client_credentials  ${accounts.fullClient.id} / ${accounts.fullClient.secret}   (full rights: delete and move)`,
      `  client_credentials  ${accounts.ordinaryClient.id} / ${accounts.ordinaryClient.secret}   (ordinary rights)`,
      `  password            ${accounts.user.id} / ${accounts.user.secret}`,
      '',
      'Environment entry for noarkq.environments.json (then: NOARKQ_CLIENT_SECRET=' + accounts.fullClient.secret + ' noarkq run FILE --env sandbox):',
      JSON.stringify(environment, null, 2),
      '',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    stopRunning = () => {
      process.stdout.write('\nStopping the sandbox...\n');
      void running.close().then(resolve, resolve);
    };
    // The parent left while the banner was written.
    if (process.send && !process.connected) stop('disconnect');
  });
  return 0;
}

