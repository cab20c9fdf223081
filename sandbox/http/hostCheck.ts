/**
 * The `Host` a request names must be the sandbox's own address. A web page can point a name it
 * controls at 127.0.0.1 (DNS rebinding); the browser then sends that name as `Host`, and without
 * this check the page could take a token with the published demo secret and read or write the
 * local archive. Loopback names and the `--host` address are accepted; a sandbox bound to every
 * interface (`0.0.0.0`, `::`) accepts any name, since whoever binds it there means to reach it by
 * the machine's name or address from elsewhere.
 */

export interface HostRule {
  /** Undefined: any name (the sandbox listens on every interface). */
  names?: ReadonlySet<string>;
  port: number;
}

const loopbackNames = ['127.0.0.1', 'localhost', '[::1]'];
const everyInterface = new Set(['0.0.0.0', '::', '[::]']);

/** A host name or address as it appears in a `Host` header: lower case, IPv6 in brackets. */
function hostName(address: string): string {
  const name = address.toLowerCase();
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

export function hostRule(listenHost: string, port: number): HostRule {
  const name = hostName(listenHost);
  if (everyInterface.has(name)) return { port };
  return { names: new Set([...loopbackNames, name]), port };
}

/** The accepted `Host` values, for the message of a refused request. */
export function describeHostRule(rule: HostRule): string {
  if (!rule.names) return 'any';
  return [...rule.names].map((name) => `${name}[:${rule.port}]`).join(', ');
}

/** Why a request with this `Host` header is refused, or undefined when it is accepted. A request
 * without one (HTTP/1.0) is accepted: a browser always sends one. */
export function hostProblem(header: string | undefined, rule: HostRule): string | undefined {
  if (header === undefined || !rule.names) return undefined;
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(header.trim());
  const name = match ? hostName(match[1]).replace(/\.$/, '') : undefined;
  const port = match?.[2];
  const nameOk = name !== undefined && rule.names.has(name);
  const portOk = port === undefined || port === '' || Number(port) === rule.port;
  if (nameOk && portOk) return undefined;
  return (
    `The request's Host ${JSON.stringify(header)} is not this sandbox's address; it answers to ${describeHostRule(rule)}. ` +
    `Use http://127.0.0.1:${rule.port}, or start the sandbox with --host 0.0.0.0 to serve other names and machines.`
  );
}
