/**
 * A block as a POSIX shell script around curl: the token request first (its answer read with
 * sed, so that nothing beyond curl is needed), then the request. Everything the block wrote goes
 * in single quotes, where the shell changes nothing (`$`, `\`, `{`, line breaks stay as they are);
 * `--globoff` keeps curl from reading `{}` and `[]` in the URL as patterns. The answer's status
 * goes to stderr and its body to stdout; curl exits with 22 on an error status.
 */
import { hasEncodedPlaceholder, type CodeAuth, type CodeRequest } from './codeRequest';
import { headerLines, placeholderNames, stringExpression } from './codeText';

/** A shell word in single quotes: a `'` closes the quotes, is escaped, and opens them again. */
export function shellString(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const ownNames = ['TOKEN', 'TOKEN_RESPONSE', 'HOME', 'PATH', 'IFS', 'PWD'];

export function curlCode(request: CodeRequest): string {
  const names = placeholderNames(request.placeholders, 'upper', ownNames);
  // A placeholder's value goes in as it is: inside a JSON string it must not hold `"` or `\`.
  const word = (text: string) => stringExpression(text, shellString, names, '', (name) => `"$${name}"`);
  const url = (text: string) => stringExpression(text, shellString, names, '', (name) => `"$${name}"`, (value) => `"$(urlencode ${value})"`);
  const out: string[] = ['#!/bin/sh', ...headerLines(request, 'a curl script').map((line) => `# ${line}`), 'set -eu', ''];
  if (request.placeholders.length > 0) {
    request.placeholders.forEach((p, i) => out.push(`${names[i]}=${shellString(p.example)}  # ${p.source}`));
    out.push('');
  }
  const args: string[] = ['--silent', '--show-error', '--globoff', '--fail-with-body', `--request ${request.method}`];
  if (hasEncodedPlaceholder(request.url)) {
    // Every byte as %XX (what curl itself offers for this is for form data only).
    out.push('# $1 percent-encoded for a URL.', 'urlencode() {', "  printf '%s' \"$1\" | od -An -tx1 -v | tr -d ' \\n' | sed 's/../%&/g'", '}', '');
  }
  if (request.auth.kind === 'token') args.push(`--header "Authorization: Bearer \${${request.auth.tokenVariable}:?set ${request.auth.tokenVariable}}"`);
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') {
    out.push(...tokenRequest(request.auth), '');
    args.push('--header "Authorization: Bearer $TOKEN"');
  }
  for (const [name, value] of request.headers) args.push(`--header ${shellString(`${name}: ${value}`)}`);
  if (request.body?.kind === 'json') {
    args.push("--header 'Content-Type: application/json'");
    args.push(`--data-raw ${word(JSON.stringify(request.body.value, null, 2))}`);
  } else if (request.body?.kind === 'file') {
    // --upload-file streams the file as it is (no @-reading into memory, no form encoding).
    args.push("--header 'Content-Type: application/octet-stream'", `--header ${word(`Content-Disposition: ${request.body.contentDisposition}`)}`, `--upload-file ${word(request.body.path)}`);
  }
  // An error's body is no file: curl removes what it wrote, and says why on stderr.
  if (request.saveTo !== undefined) args.push(`--output ${word(request.saveTo)}`, '--remove-on-error');
  args.push("--write-out '%{stderr}HTTP %{http_code}\\n'");
  out.push(`curl ${args.join(' \\\n  ')} \\\n  ${url(request.url)}`, '');
  return out.join('\n');
}

function tokenRequest(auth: Extract<CodeAuth, { kind: 'client_credentials' | 'password' }>): string[] {
  const secret = (variable: string | undefined) => `"\${${variable ?? ''}:?set ${variable ?? ''}}"`;
  const args = ['--silent', '--show-error', '--fail-with-body', "--header 'Accept: application/json'", `--data-urlencode ${shellString(`grant_type=${auth.kind}`)}`];
  if (auth.kind === 'password') args.push(`--data-urlencode ${shellString(`username=${auth.user ?? ''}`)}`, `--data-urlencode password=${secret(auth.passwordVariable)}`);
  if (auth.scope !== undefined) args.push(`--data-urlencode ${shellString(`scope=${auth.scope}`)}`);
  if (auth.clientAuth === 'basic') args.push(`--user ${shellString(`${auth.clientId}:`)}${secret(auth.clientSecretVariable)}`);
  else {
    args.push(`--data-urlencode ${shellString(`client_id=${auth.clientId}`)}`);
    if (auth.clientAuth === 'body') args.push(`--data-urlencode client_secret=${secret(auth.clientSecretVariable)}`);
  }
  return [
    `# A bearer token from the token endpoint (OAuth 2.0 ${auth.kind === 'password' ? 'password grant' : 'client credentials'}).`,
    `TOKEN_RESPONSE=$(curl ${args.join(' \\\n  ')} \\\n  ${shellString(auth.tokenUrl)})`,
    `TOKEN=$(printf '%s' "$TOKEN_RESPONSE" | sed -n 's/.*"access_token"[[:space:]]*:[[:space:]]*"\\([^"]*\\)".*/\\1/p')`,
  ];
}
