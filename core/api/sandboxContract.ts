/**
 * What it takes to start a sandbox archive and reach it, agreed once between the sandbox (which
 * answers) and the runner (which starts it as a child process and logs in): the demo accounts, the
 * command line the child is started with, and the message it sends its parent once it serves
 * requests. Here, and not in `sandbox/`, so
 * that `runner/` (and through it the CLI and the extension) never imports the sandbox itself.
 */
import { z } from 'zod';

export interface SandboxAccount {
  /** The client id, or the user name. */
  id: string;
  secret: string;
}

export interface SandboxAccounts {
  /** client_credentials client with every right, including delete and move. */
  fullClient: SandboxAccount;
  /** client_credentials client with ordinary rights. */
  ordinaryClient: SandboxAccount;
  /** password-grant user; it has every right, since it is the person trying the sandbox out. */
  user: SandboxAccount;
}

/** The accounts of a sandbox started without `--client`, `--client2` or `--user`. Their secrets
 * are public: the sandbox holds demo data on this machine only. */
export const defaultSandboxAccounts: SandboxAccounts = {
  fullClient: { id: 'noarkq-demo', secret: 'noarkq-demo-secret' },
  ordinaryClient: { id: 'noarkq-demo-2', secret: 'noarkq-demo-2-secret' },
  user: { id: 'demo', secret: 'demo' },
};

/**
 * What a sandbox started with an IPC channel sends its parent once it serves requests: where it
 * listens and the full-rights client to log in with. The parent parses it, since it comes from
 * another process (which may be a bundle of another version).
 */
export const sandboxReadyMessage = z.object({
  kind: z.literal('sandbox-ready'),
  /** `http://127.0.0.1:<port>` */
  url: z.string(),
  /** `<url>/rms/api/public/noark5/v1` */
  apiUrl: z.string(),
  /** The token endpoint of the client_credentials grant. */
  tokenUrl: z.string(),
  /** Its revocation endpoint (RFC 7009); absent from a sandbox of an older version. */
  revocationUrl: z.string().optional(),
  clientId: z.string(),
  clientSecret: z.string(),
});
export type SandboxReadyMessage = z.infer<typeof sandboxReadyMessage>;

/** How the runner starts a sandbox child: a persistent archive in a folder, or a throwaway one in
 * memory; a free port unless one is named. */
export interface SandboxChildOptions {
  dataDir?: string;
  port?: number;
}

/** The sandbox command line for `options`, in the flags the sandbox's own parser reads. */
export function sandboxChildArguments(options: SandboxChildOptions): string[] {
  const storage = options.dataDir !== undefined ? ['--data', options.dataDir] : ['--memory'];
  return [...storage, '--port', String(options.port ?? 0)];
}
