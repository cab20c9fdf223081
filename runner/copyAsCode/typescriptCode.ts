/**
 * A block as TypeScript for Node 20: the global `fetch`, no packages. The body is an object
 * literal sent with `JSON.stringify`; the answer's status goes to stderr and its body to stdout.
 */
import type { CodeAuth, CodeRequest } from './codeRequest';
import { headerLines, placeholderNames, printStructure, stringExpression, type StructureSyntax } from './codeText';

/** A TypeScript string literal: JSON's string syntax is JavaScript's (U+2028 included, since ES2019). */
export function typescriptString(text: string): string {
  return JSON.stringify(text);
}

const ownNames = ['main', 'accessToken', 'secret', 'response', 'body', 'text', 'form', 'fetch', 'process', 'Buffer', 'readFile', 'writeFile', 'console', 'JSON', 'error', 'token', 'headers'];

export function typescriptCode(request: CodeRequest): string {
  const names = placeholderNames(request.placeholders, 'camel', ownNames);
  const str = (text: string) => stringExpression(text, typescriptString, names, ' + ');
  const url = (text: string) => stringExpression(text, typescriptString, names, ' + ', undefined, (value) => `encodeURIComponent(${value})`);
  const out: string[] = headerLines(request, 'TypeScript (Node 20, fetch)').map((line) => `// ${line}`);
  const fileBody = request.body?.kind === 'file';
  const imports = [fileBody ? 'readFile' : undefined, request.saveTo !== undefined ? 'writeFile' : undefined].filter((name) => name !== undefined);
  if (imports.length > 0) out.push(`import { ${imports.join(', ')} } from "node:fs/promises";`);
  out.push('');
  if (request.placeholders.length > 0) {
    request.placeholders.forEach((p, i) => out.push(`const ${names[i]}: string = ${typescriptString(p.example)}; // ${p.source}`));
    out.push('');
  }
  if (request.auth.kind !== 'none') {
    out.push(
      '/** The value of the environment variable `name`, which holds a secret. */',
      'function secret(name: string): string {',
      '  const value = process.env[name];',
      '  if (!value) throw new Error(`Set the environment variable ${name}.`);',
      '  return value;',
      '}',
      '',
    );
  }
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') out.push(...tokenFunction(request.auth), '');

  out.push('async function main(): Promise<void> {');
  const headers: string[] = [];
  if (request.auth.kind === 'token') headers.push(`Authorization: "Bearer " + secret(${typescriptString(request.auth.tokenVariable)}),`);
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') headers.push('Authorization: "Bearer " + (await accessToken()),');
  for (const [name, value] of request.headers) headers.push(`${propertyName(name)}: ${typescriptString(value)},`);
  let bodyLine: string | undefined;
  if (request.body?.kind === 'json') {
    out.push(`  const body = ${printStructure(request.body.value, typescriptSyntax(str), '  ')};`);
    headers.push('"Content-Type": "application/json",');
    bodyLine = 'body: JSON.stringify(body),';
  } else if (request.body?.kind === 'file') {
    headers.push('"Content-Type": "application/octet-stream",', `"Content-Disposition": ${str(request.body.contentDisposition)},`);
    bodyLine = `body: await readFile(${str(request.body.path)}),`;
  }
  out.push(`  const response = await fetch(${url(request.url)}, {`, `    method: ${typescriptString(request.method)},`, '    headers: {', ...headers.map((h) => `      ${h}`), '    },');
  if (bodyLine) out.push(`    ${bodyLine}`);
  out.push('  });', '  console.error(`HTTP ${response.status}`);');
  if (request.saveTo !== undefined) {
    out.push(
      '  if (response.ok) {',
      `    await writeFile(${str(request.saveTo)}, Buffer.from(await response.arrayBuffer()));`,
      `    console.log(${typescriptString('Saved to ')} + ${str(request.saveTo)});`,
      '    return;',
      '  }',
    );
  }
  out.push('  console.log(await response.text());', '  if (!response.ok) process.exitCode = 1;', '}', '', 'main().catch((error: unknown) => {', '  console.error(error);', '  process.exitCode = 1;', '});', '');
  return out.join('\n');
}

function tokenFunction(auth: Extract<CodeAuth, { kind: 'client_credentials' | 'password' }>): string[] {
  const lines = ['/** A bearer token from the token endpoint (OAuth 2.0 ' + (auth.kind === 'password' ? 'password grant' : 'client credentials') + '). */', 'async function accessToken(): Promise<string> {'];
  lines.push(`  const form = new URLSearchParams({ grant_type: ${typescriptString(auth.kind)} });`);
  if (auth.kind === 'password') {
    lines.push(`  form.set("username", ${typescriptString(auth.user ?? '')});`, `  form.set("password", secret(${typescriptString(auth.passwordVariable ?? '')}));`);
  }
  if (auth.scope !== undefined) lines.push(`  form.set("scope", ${typescriptString(auth.scope)});`);
  const headers: string[] = [];
  if (auth.clientAuth === 'basic') {
    headers.push(`Authorization: "Basic " + Buffer.from(${typescriptString(`${auth.clientId}:`)} + secret(${typescriptString(auth.clientSecretVariable ?? '')})).toString("base64"),`);
  } else {
    lines.push(`  form.set("client_id", ${typescriptString(auth.clientId)});`);
    if (auth.clientAuth === 'body') lines.push(`  form.set("client_secret", secret(${typescriptString(auth.clientSecretVariable ?? '')}));`);
  }
  lines.push(
    `  const response = await fetch(${typescriptString(auth.tokenUrl)}, {`,
    '    method: "POST",',
    '    headers: {',
    ...headers.map((h) => `      ${h}`),
    '      Accept: "application/json",',
    '    },',
    '    body: form,',
    '  });',
    '  const text = await response.text();',
    '  if (!response.ok) throw new Error(`The token endpoint answered HTTP ${response.status}: ${text}`);',
    '  return (JSON.parse(text) as { access_token: string }).access_token;',
    '}',
  );
  return lines;
}

function typescriptSyntax(str: (text: string) => string): StructureSyntax {
  return {
    string: str,
    number: (n) => JSON.stringify(n),
    boolean: (b) => String(b),
    null: 'null',
    emptyArray: '[]',
    arrayOpen: '[',
    arrayClose: ']',
    emptyObject: '{}',
    objectOpen: () => '{',
    objectClose: '}',
    // A computed key, so that `__proto__` is a key like any other and not the prototype.
    entry: (key, value) => `${key === '__proto__' ? `[${typescriptString(key)}]` : propertyName(key)}: ${value}`,
    indent: '  ',
  };
}

/** A property name: bare when it is an identifier, quoted otherwise. */
function propertyName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : typescriptString(name);
}
