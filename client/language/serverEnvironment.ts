/**
 * The environment the language server runs in: the extension host's, with the server's code-cache
 * folder, and without NODE_EXTRA_CA_CERTS. The server makes no TLS connections (the extension
 * fetches what it needs and sends it over), and Node 20 reads and parses that certificate file
 * as every process starts, whether or not it connects: tens of milliseconds of each server start
 * on machines that set it, as those behind a TLS-inspecting proxy do.
 *
 * It runs with the server's V8 flags (launch/serverFlags.ts), given through NODE_OPTIONS.
 */
import { serverNodeFlags } from '../../launch/serverFlags';

const serverFlags = serverNodeFlags.join(' ');

export function serverEnvironment(inherited: NodeJS.ProcessEnv, codeCache: string): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _unused, ...env } = inherited;
  const nodeOptions = env.NODE_OPTIONS ? `${env.NODE_OPTIONS} ${serverFlags}` : serverFlags;
  return { ...env, NODE_OPTIONS: nodeOptions, NOARKQ_CODE_CACHE: codeCache };
}
