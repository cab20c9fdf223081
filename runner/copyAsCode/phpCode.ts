/**
 * A block as PHP with Guzzle (`composer require guzzlehttp/guzzle`): the body is an array sent
 * with the `json` option, an upload streams its file; the answer's status goes to stderr and its
 * body to stdout.
 */
import type { CodeAuth, CodeRequest } from './codeRequest';
import { headerLines, placeholderNames, printStructure, stringExpression, type StructureSyntax } from './codeText';

/** A PHP string literal in single quotes, where only `\\` and `\'` are escapes and nothing is
 * interpolated (`$` and `{` are plain characters); any other byte stands as it is. */
export function phpString(text: string): string {
  return `'${text.replace(/[\\']/g, (ch) => `\\${ch}`)}'`;
}

const ownNames = ['client', 'response', 'body', 'token', 'tokenResponse', 'headers', 'form', 'name', 'value', 'file', 'status'];

export function phpCode(request: CodeRequest): string {
  const names = placeholderNames(request.placeholders, 'camel', ownNames);
  const str = (text: string) => stringExpression(text, phpString, names, ' . ', (name) => `$${name}`);
  const url = (text: string) => stringExpression(text, phpString, names, ' . ', (name) => `$${name}`, (value) => `rawurlencode(${value})`);
  const out: string[] = ['<?php', ...headerLines(request, 'PHP (Guzzle)').map((line) => `// ${line}`), '', "require __DIR__ . '/vendor/autoload.php'; // composer require guzzlehttp/guzzle", '', 'use GuzzleHttp\\Client;', ''];
  if (request.placeholders.length > 0) {
    request.placeholders.forEach((p, i) => out.push(`$${names[i]} = ${phpString(p.example)}; // ${p.source}`));
    out.push('');
  }
  if (request.auth.kind !== 'none') {
    out.push(
      '/** The value of the environment variable $name, which holds a secret. */',
      'function secret(string $name): string',
      '{',
      '    $value = getenv($name);',
      "    if ($value === false || $value === '') {",
      '        fwrite(STDERR, "Set the environment variable $name.\\n");',
      '        exit(1);',
      '    }',
      '    return $value;',
      '}',
      '',
    );
  }
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') out.push(...tokenFunction(request.auth), '');

  // Errors are answers too: the body of a 4xx says why, and is printed like any other.
  out.push("$client = new Client(['http_errors' => false]);");
  const headers: string[] = [];
  if (request.auth.kind === 'token') headers.push(`'Authorization' => 'Bearer ' . secret(${phpString(request.auth.tokenVariable)}),`);
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') headers.push("'Authorization' => 'Bearer ' . accessToken($client),");
  for (const [name, value] of request.headers) headers.push(`${phpString(name)} => ${phpString(value)},`);
  const options: string[] = [];
  if (request.body?.kind === 'json') {
    out.push(`$body = ${printStructure(request.body.value, phpSyntax(str))};`);
    options.push("'json' => $body,");
  } else if (request.body?.kind === 'file') {
    headers.push("'Content-Type' => 'application/octet-stream',", `'Content-Disposition' => ${str(request.body.contentDisposition)},`);
    options.push(`'body' => fopen(${str(request.body.path)}, 'rb'),`);
  }
  if (request.saveTo !== undefined) options.push(`'sink' => ${str(request.saveTo)} . '.part',`);
  out.push(`$response = $client->request(${phpString(request.method)}, ${url(request.url)}, [`, "    'headers' => [", ...headers.map((h) => `        ${h}`), '    ],', ...options.map((o) => `    ${o}`), ']);');
  out.push("$status = $response->getStatusCode();", 'fwrite(STDERR, "HTTP $status\\n");');
  if (request.saveTo !== undefined) {
    // Guzzle writes the answer to the sink whatever its status: only a 2xx becomes the file.
    out.push(
      'if ($status < 400) {',
      `    rename(${str(request.saveTo)} . '.part', ${str(request.saveTo)});`,
      `    echo 'Saved to ' . ${str(request.saveTo)}, "\\n";`,
      '    exit(0);',
      '}',
      `echo file_get_contents(${str(request.saveTo)} . '.part'), "\\n";`,
      `unlink(${str(request.saveTo)} . '.part');`,
    );
  } else {
    out.push('echo $response->getBody(), "\\n";');
  }
  out.push('exit($status < 400 ? 0 : 1);', '');
  return out.join('\n');
}

function tokenFunction(auth: Extract<CodeAuth, { kind: 'client_credentials' | 'password' }>): string[] {
  const form = [`'grant_type' => ${phpString(auth.kind)},`];
  if (auth.kind === 'password') form.push(`'username' => ${phpString(auth.user ?? '')},`, `'password' => secret(${phpString(auth.passwordVariable ?? '')}),`);
  if (auth.scope !== undefined) form.push(`'scope' => ${phpString(auth.scope)},`);
  const options: string[] = [];
  if (auth.clientAuth === 'basic') options.push(`'auth' => [${phpString(auth.clientId)}, secret(${phpString(auth.clientSecretVariable ?? '')})],`);
  else {
    form.push(`'client_id' => ${phpString(auth.clientId)},`);
    if (auth.clientAuth === 'body') form.push(`'client_secret' => secret(${phpString(auth.clientSecretVariable ?? '')}),`);
  }
  return [
    `/** A bearer token from the token endpoint (OAuth 2.0 ${auth.kind === 'password' ? 'password grant' : 'client credentials'}). */`,
    'function accessToken(Client $client): string',
    '{',
    `    $tokenResponse = $client->request('POST', ${phpString(auth.tokenUrl)}, [`,
    "        'headers' => ['Accept' => 'application/json'],",
    ...options.map((o) => `        ${o}`),
    "        'form_params' => [",
    ...form.map((f) => `            ${f}`),
    '        ],',
    '    ]);',
    '    if ($tokenResponse->getStatusCode() !== 200) {',
    '        fwrite(STDERR, \'The token endpoint answered HTTP \' . $tokenResponse->getStatusCode() . \': \' . $tokenResponse->getBody() . "\\n");',
    '        exit(1);',
    '    }',
    "    return json_decode((string) $tokenResponse->getBody(), true)['access_token'];",
    '}',
  ];
}

function phpSyntax(str: (text: string) => string): StructureSyntax {
  return {
    string: str,
    number: (n) => JSON.stringify(n),
    boolean: (b) => String(b),
    null: 'null',
    emptyArray: '[]',
    arrayOpen: '[',
    arrayClose: ']',
    // json_encode writes an empty array, and one keyed 0, 1, …, as a list: such objects are objects.
    emptyObject: 'new \\stdClass()',
    objectOpen: (keys) => (keys.every((k) => /^(0|[1-9][0-9]*)$/.test(k)) ? '(object) [' : '['),
    objectClose: ']',
    entry: (key, value) => `${phpString(key)} => ${value}`,
    indent: '    ',
  };
}
