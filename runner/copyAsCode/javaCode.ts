/**
 * A block as Java 17 with `java.net.http`, no libraries: one class, `NoarkqRequest`, that `java
 * NoarkqRequest.java` runs as it is. The JDK has no JSON library, so the body is its JSON text;
 * a placeholder inside it is escaped by a small `jsonText` helper. The answer's status goes to
 * stderr and its body to stdout.
 */
import type { CodeAuth, CodeRequest } from './codeRequest';
import { hasEncodedPlaceholder, hasPlaceholder } from './codeRequest';
import { cStyleString, headerLines, jsonLines, placeholderNames, stringExpression } from './codeText';

export const javaClassName = 'NoarkqRequest';

/**
 * A Java string literal. Control characters are octal escapes, never `\uXXXX`: javac turns a
 * `\u000a` into a line break before it reads the literal. A backslash is doubled, so no `\u` in the
 * text can start such an escape either.
 */
export function javaString(text: string): string {
  return cStyleString(text, (code) => {
    if (code < 0x20 || code === 0x7f) return `\\${code.toString(8).padStart(3, '0')}`;
    // Surrogates (one half alone, or both of a pair) and other invisible characters as UTF-16 escapes, which javac reads as the character itself.
    if (code >= 0x80 && (code < 0xa0 || (code >= 0xd800 && code <= 0xdfff) || code === 0x2028 || code === 0x2029 || code === 0xfeff)) return `\\u${code.toString(16).padStart(4, '0')}`;
    return undefined;
  });
}

const ownNames = ['args', 'client', 'request', 'response', 'body', 'token', 'form', 'name', 'value', 'secret', 'accessToken', 'jsonText', 'main', 'matcher', 'builder', 'status', 'out'];

export function javaCode(request: CodeRequest): string {
  const names = placeholderNames(request.placeholders, 'camel', ownNames);
  const str = (text: string) => stringExpression(text, javaString, names, ' + ');
  // URLEncoder encodes for forms: a space is `+` there, `%20` in a URL.
  const url = (text: string) => stringExpression(text, javaString, names, ' + ', undefined, (value) => `URLEncoder.encode(${value}, StandardCharsets.UTF_8).replace("+", "%20")`);
  const out: string[] = headerLines(request, 'Java 17 (java.net.http)').map((line) => `// ${line}`);
  out.push(`// Run it with: java ${javaClassName}.java`);
  const imports = ['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest', 'java.net.http.HttpResponse', 'java.nio.charset.StandardCharsets'];
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') imports.push('java.util.Base64', 'java.util.regex.Matcher', 'java.util.regex.Pattern');
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password' || hasEncodedPlaceholder(request.url)) imports.push('java.net.URLEncoder');
  if (request.body?.kind === 'file' || request.saveTo !== undefined) imports.push('java.nio.file.Files', 'java.nio.file.Path');
  out.push(...imports.sort().map((i) => `import ${i};`), '', `public class ${javaClassName} {`);
  out.push('    public static void main(String[] args) throws Exception {');
  request.placeholders.forEach((p, i) => out.push(`        String ${names[i]} = ${javaString(p.example)}; // ${p.source}`));
  out.push('        HttpClient client = HttpClient.newHttpClient();');
  if (request.body?.kind === 'json') {
    // Placeholders stand inside JSON strings only (a reference's value is spliced into a string).
    const lines = jsonLines(request.body.value).map((line) => stringExpression(line, javaString, names, ' + ', (name) => `jsonText(${name})`));
    out.push(`        String body = ${lines.join('\n            + ')};`);
  }
  out.push(`        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(${url(request.url)}))`);
  if (request.auth.kind === 'token') out.push(`            .header("Authorization", "Bearer " + secret(${javaString(request.auth.tokenVariable)}))`);
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') out.push('            .header("Authorization", "Bearer " + accessToken(client))');
  for (const [name, value] of request.headers) out.push(`            .header(${javaString(name)}, ${javaString(value)})`);
  let publisher = 'HttpRequest.BodyPublishers.noBody()';
  if (request.body?.kind === 'json') {
    out.push('            .header("Content-Type", "application/json")');
    publisher = 'HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)';
  } else if (request.body?.kind === 'file') {
    out.push('            .header("Content-Type", "application/octet-stream")', `            .header("Content-Disposition", ${str(request.body.contentDisposition)})`);
    publisher = `HttpRequest.BodyPublishers.ofFile(Path.of(${str(request.body.path)}))`;
  }
  out.push(`            .method(${javaString(request.method)}, ${publisher});`);
  out.push('        HttpResponse<byte[]> response = client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());', '        int status = response.statusCode();', '        System.err.println("HTTP " + status);');
  if (request.saveTo !== undefined) {
    out.push('        if (status < 400) {', `            Files.write(Path.of(${str(request.saveTo)}), response.body());`, `            System.out.println("Saved to " + ${str(request.saveTo)});`, '            return;', '        }');
  }
  out.push('        System.out.println(new String(response.body(), StandardCharsets.UTF_8));', '        System.exit(status < 400 ? 0 : 1);', '    }');
  if (request.auth.kind !== 'none') {
    out.push(
      '',
      '    /** The value of the environment variable {@code name}, which holds a secret. */',
      '    static String secret(String name) {',
      '        String value = System.getenv(name);',
      '        if (value == null || value.isEmpty()) {',
      '            System.err.println("Set the environment variable " + name + ".");',
      '            System.exit(1);',
      '        }',
      '        return value;',
      '    }',
    );
  }
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') out.push('', ...tokenMethod(request.auth));
  if (request.body?.kind === 'json' && hasPlaceholder(request.body.value)) {
    out.push(
      '',
      '    /** {@code value} escaped for the inside of a JSON string. */',
      '    static String jsonText(String value) {',
      '        StringBuilder out = new StringBuilder();',
      '        for (char c : value.toCharArray()) {',
      '            if (c == \'"\' || c == \'\\\\\') out.append(\'\\\\\').append(c);',
      '            else if (c < 0x20) out.append(String.format("\\\\u%04x", (int) c));',
      '            else out.append(c);',
      '        }',
      '        return out.toString();',
      '    }',
    );
  }
  out.push('}', '');
  return out.join('\n');
}

function tokenMethod(auth: Extract<CodeAuth, { kind: 'client_credentials' | 'password' }>): string[] {
  const form: string[] = [`"grant_type=" + URLEncoder.encode(${javaString(auth.kind)}, StandardCharsets.UTF_8)`];
  if (auth.kind === 'password') {
    form.push(`"&username=" + URLEncoder.encode(${javaString(auth.user ?? '')}, StandardCharsets.UTF_8)`, `"&password=" + URLEncoder.encode(secret(${javaString(auth.passwordVariable ?? '')}), StandardCharsets.UTF_8)`);
  }
  if (auth.scope !== undefined) form.push(`"&scope=" + URLEncoder.encode(${javaString(auth.scope)}, StandardCharsets.UTF_8)`);
  const headers: string[] = [];
  if (auth.clientAuth === 'basic') {
    headers.push(`            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((${javaString(`${auth.clientId}:`)} + secret(${javaString(auth.clientSecretVariable ?? '')})).getBytes(StandardCharsets.UTF_8)))`);
  } else {
    form.push(`"&client_id=" + URLEncoder.encode(${javaString(auth.clientId)}, StandardCharsets.UTF_8)`);
    if (auth.clientAuth === 'body') form.push(`"&client_secret=" + URLEncoder.encode(secret(${javaString(auth.clientSecretVariable ?? '')}), StandardCharsets.UTF_8)`);
  }
  return [
    `    /** A bearer token from the token endpoint (OAuth 2.0 ${auth.kind === 'password' ? 'password grant' : 'client credentials'}). */`,
    '    static String accessToken(HttpClient client) throws Exception {',
    `        String form = ${form.join('\n            + ')};`,
    `        HttpRequest request = HttpRequest.newBuilder(URI.create(${javaString(auth.tokenUrl)}))`,
    ...headers,
    '            .header("Content-Type", "application/x-www-form-urlencoded")',
    '            .header("Accept", "application/json")',
    '            .POST(HttpRequest.BodyPublishers.ofString(form))',
    '            .build();',
    '        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());',
    '        if (response.statusCode() != 200) {',
    '            System.err.println("The token endpoint answered HTTP " + response.statusCode() + ": " + response.body());',
    '            System.exit(1);',
    '        }',
    '        // The JDK reads no JSON: the token is the one string value of "access_token".',
    '        Matcher matcher = Pattern.compile("\\"access_token\\"\\\\s*:\\\\s*\\"([^\\"]+)\\"").matcher(response.body());',
    '        if (!matcher.find()) throw new IllegalStateException("The token endpoint answered without an access_token.");',
    '        return matcher.group(1);',
    '    }',
  ];
}
