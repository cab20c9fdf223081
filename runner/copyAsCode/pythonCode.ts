/**
 * A block as Python 3 with `requests`: the body is a dict sent with `json=`, an upload streams its
 * file; the answer's status goes to stderr and its body to stdout.
 */
import { hasEncodedPlaceholder, type CodeAuth, type CodeRequest } from './codeRequest';
import { cStyleString, headerLines, placeholderNames, printStructure, stringExpression, type StructureSyntax } from './codeText';

/** A Python string literal: double quotes, control characters escaped, everything else as it is
 * (a Python 3 source file is UTF-8). */
export function pythonString(text: string): string {
  return cStyleString(
    text,
    (code) => {
      if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) || code === 0x2028 || code === 0x2029) return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
      // A lone surrogate cannot be written to a UTF-8 file.
      if (code >= 0xd800 && code <= 0xdfff) return `\\u${hex(code, 4)}`;
      return undefined;
    },
    'code point',
  );
}

const ownNames = ['os', 'sys', 'requests', 'secret', 'access_token', 'response', 'body', 'file', 'token_response', 'headers', 'form', 'name', 'value', 'auth'];

export function pythonCode(request: CodeRequest): string {
  const names = placeholderNames(request.placeholders, 'snake', ownNames);
  const str = (text: string) => stringExpression(text, pythonString, names, ' + ');
  const url = (text: string) => stringExpression(text, pythonString, names, ' + ', undefined, (value) => `urllib.parse.quote(${value}, safe="")`);
  const out: string[] = headerLines(request, 'Python (requests)').map((line) => `# ${line}`);
  out.push(...(request.auth.kind === 'none' ? [] : ['import os']), 'import sys', ...(hasEncodedPlaceholder(request.url) ? ['import urllib.parse'] : []), '', 'import requests', '');
  if (request.placeholders.length > 0) {
    request.placeholders.forEach((p, i) => out.push(`${names[i]} = ${pythonString(p.example)}  # ${p.source}`));
    out.push('');
  }
  if (request.auth.kind !== 'none') {
    out.push('', 'def secret(name):', '    """The value of the environment variable `name`, which holds a secret."""', '    value = os.environ.get(name)', '    if not value:', '        sys.exit("Set the environment variable " + name + ".")', '    return value', '', '');
  }
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') out.push(...tokenFunction(request.auth), '', '');

  const headers: string[] = [];
  if (request.auth.kind === 'token') headers.push(`"Authorization": "Bearer " + secret(${pythonString(request.auth.tokenVariable)}),`);
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') headers.push('"Authorization": "Bearer " + access_token(),');
  for (const [name, value] of request.headers) headers.push(`${pythonString(name)}: ${pythonString(value)},`);
  const call = `requests.request(${pythonString(request.method)}, ${url(request.url)}, headers=headers`;
  if (request.body?.kind === 'file') {
    headers.push('"Content-Type": "application/octet-stream",', `"Content-Disposition": ${str(request.body.contentDisposition)},`);
  }
  out.push('headers = {', ...headers.map((h) => `    ${h}`), '}');
  if (request.body?.kind === 'json') {
    out.push(`body = ${printStructure(request.body.value, pythonSyntax(str))}`, `response = ${call}, json=body, timeout=60)`);
  } else if (request.body?.kind === 'file') {
    out.push(`with open(${str(request.body.path)}, "rb") as file:`, `    response = ${call}, data=file, timeout=60)`);
  } else {
    out.push(`response = ${call}, timeout=60)`);
  }
  out.push('print("HTTP " + str(response.status_code), file=sys.stderr)');
  if (request.saveTo !== undefined) {
    out.push('if response.ok:', `    with open(${str(request.saveTo)}, "wb") as file:`, '        file.write(response.content)', `    print("Saved to " + ${str(request.saveTo)})`, 'else:', '    print(response.text)');
  } else {
    out.push('print(response.text)');
  }
  out.push('sys.exit(0 if response.ok else 1)', '');
  return out.join('\n');
}

function tokenFunction(auth: Extract<CodeAuth, { kind: 'client_credentials' | 'password' }>): string[] {
  const lines = ['def access_token():', `    """A bearer token from the token endpoint (OAuth 2.0 ${auth.kind === 'password' ? 'password grant' : 'client credentials'})."""`];
  lines.push(`    form = {"grant_type": ${pythonString(auth.kind)}}`);
  if (auth.kind === 'password') lines.push(`    form["username"] = ${pythonString(auth.user ?? '')}`, `    form["password"] = secret(${pythonString(auth.passwordVariable ?? '')})`);
  if (auth.scope !== undefined) lines.push(`    form["scope"] = ${pythonString(auth.scope)}`);
  let authArgument = '';
  if (auth.clientAuth === 'basic') {
    authArgument = `auth=(${pythonString(auth.clientId)}, secret(${pythonString(auth.clientSecretVariable ?? '')})), `;
  } else {
    lines.push(`    form["client_id"] = ${pythonString(auth.clientId)}`);
    if (auth.clientAuth === 'body') lines.push(`    form["client_secret"] = secret(${pythonString(auth.clientSecretVariable ?? '')})`);
  }
  lines.push(
    `    token_response = requests.post(${pythonString(auth.tokenUrl)}, data=form, ${authArgument}headers={"Accept": "application/json"}, timeout=60)`,
    '    if not token_response.ok:',
    '        sys.exit("The token endpoint answered HTTP " + str(token_response.status_code) + ": " + token_response.text)',
    '    return token_response.json()["access_token"]',
  );
  return lines;
}

function pythonSyntax(str: (text: string) => string): StructureSyntax {
  return {
    string: str,
    number: (n) => JSON.stringify(n),
    boolean: (b) => (b ? 'True' : 'False'),
    null: 'None',
    emptyArray: '[]',
    arrayOpen: '[',
    arrayClose: ']',
    emptyObject: '{}',
    objectOpen: () => '{',
    objectClose: '}',
    entry: (key, value) => `${pythonString(key)}: ${value}`,
    indent: '    ',
  };
}

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, '0');
}
