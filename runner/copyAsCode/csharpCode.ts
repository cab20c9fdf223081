/**
 * A block as C# with `HttpClient` (.NET 6 or later, no packages): a `Program` class with an async
 * `Main`, written in the C# that every compiler since C# 7.1 reads, so that older tool chains can
 * check it too. The body is its JSON text; a placeholder inside it goes through
 * `JsonSerializer`. The answer's status goes to stderr and its body to stdout.
 */
import type { CodeAuth, CodeRequest } from './codeRequest';
import { hasPlaceholder } from './codeRequest';
import { cStyleString, headerLines, jsonLines, placeholderNames, stringExpression } from './codeText';

/** A C# string literal (not verbatim, not interpolated: `{` and `$` are plain characters). */
export function csharpString(text: string): string {
  return cStyleString(text, (code) =>
    code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) || (code >= 0xd800 && code <= 0xdfff) || code === 0x2028 || code === 0x2029 || code === 0x85 || code === 0xfeff ? `\\u${code.toString(16).padStart(4, '0')}` : undefined,
  );
}

const ownNames = ['args', 'client', 'request', 'response', 'body', 'token', 'form', 'name', 'value', 'secret', 'text', 'status', 'content', 'file'];

export function csharpCode(request: CodeRequest): string {
  const names = placeholderNames(request.placeholders, 'camel', ownNames);
  const str = (text: string) => stringExpression(text, csharpString, names, ' + ');
  const url = (text: string) => stringExpression(text, csharpString, names, ' + ', undefined, (value) => `Uri.EscapeDataString(${value})`);
  const out: string[] = headerLines(request, 'C# (.NET 6+, HttpClient)').map((line) => `// ${line}`);
  out.push(
    '',
    'using System;',
    'using System.Collections.Generic;',
    'using System.IO;',
    'using System.Net.Http;',
    'using System.Net.Http.Headers;',
    'using System.Text;',
    'using System.Text.Json;',
    'using System.Threading.Tasks;',
    '',
    'public static class Program',
    '{',
    '    public static async Task<int> Main()',
    '    {',
  );
  request.placeholders.forEach((p, i) => out.push(`        string ${names[i]} = ${csharpString(p.example)}; // ${p.source}`));
  out.push('        using (var client = new HttpClient())', `        using (var request = new HttpRequestMessage(new HttpMethod(${csharpString(request.method)}), ${url(request.url)}))`, '        {');
  const body: string[] = [];
  if (request.auth.kind === 'token') body.push(`request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", Secret(${csharpString(request.auth.tokenVariable)}));`);
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') body.push('request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", await AccessToken(client));');
  for (const [name, value] of request.headers) body.push(`request.Headers.TryAddWithoutValidation(${csharpString(name)}, ${csharpString(value)});`);
  if (request.body?.kind === 'json') {
    // Placeholders stand inside JSON strings only (a reference's value is spliced into a string).
    const lines = jsonLines(request.body.value).map((line) => stringExpression(line, csharpString, names, ' + ', (name) => `JsonText(${name})`));
    body.push(`var content = ${lines.join('\n                + ')};`);
    body.push('request.Content = new StringContent(content, Encoding.UTF8);', 'request.Content.Headers.ContentType = new MediaTypeHeaderValue("application/json");');
  } else if (request.body?.kind === 'file') {
    body.push(
      `request.Content = new StreamContent(File.OpenRead(${str(request.body.path)}));`,
      'request.Content.Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");',
      `request.Content.Headers.TryAddWithoutValidation("Content-Disposition", ${str(request.body.contentDisposition)});`,
    );
  }
  body.push('using (var response = await client.SendAsync(request))', '{', '    var status = (int)response.StatusCode;', '    Console.Error.WriteLine("HTTP " + status);');
  if (request.saveTo !== undefined) {
    body.push(
      '    if (status < 400)',
      '    {',
      `        File.WriteAllBytes(${str(request.saveTo)}, await response.Content.ReadAsByteArrayAsync());`,
      `        Console.WriteLine("Saved to " + ${str(request.saveTo)});`,
      '        return 0;',
      '    }',
    );
  }
  body.push('    Console.WriteLine(await response.Content.ReadAsStringAsync());', '    return status < 400 ? 0 : 1;', '}');
  out.push(...body.map((line) => `            ${line}`), '        }', '    }');
  if (request.auth.kind !== 'none') {
    out.push(
      '',
      '    /// <summary>The value of the environment variable <paramref name="name"/>, which holds a secret.</summary>',
      '    static string Secret(string name)',
      '    {',
      '        var value = Environment.GetEnvironmentVariable(name);',
      '        if (string.IsNullOrEmpty(value)) throw new InvalidOperationException("Set the environment variable " + name + ".");',
      '        return value;',
      '    }',
    );
  }
  if (request.auth.kind === 'client_credentials' || request.auth.kind === 'password') out.push('', ...tokenMethod(request.auth));
  if (request.body?.kind === 'json' && hasPlaceholder(request.body.value)) {
    out.push('', '    /// <summary><paramref name="value"/> escaped for the inside of a JSON string.</summary>', '    static string JsonText(string value)', '    {', '        var quoted = JsonSerializer.Serialize(value);', '        return quoted.Substring(1, quoted.Length - 2);', '    }');
  }
  out.push('}', '');
  return out.join('\n');
}

function tokenMethod(auth: Extract<CodeAuth, { kind: 'client_credentials' | 'password' }>): string[] {
  const form = [`{ "grant_type", ${csharpString(auth.kind)} },`];
  if (auth.kind === 'password') form.push(`{ "username", ${csharpString(auth.user ?? '')} },`, `{ "password", Secret(${csharpString(auth.passwordVariable ?? '')}) },`);
  if (auth.scope !== undefined) form.push(`{ "scope", ${csharpString(auth.scope)} },`);
  const lines: string[] = [];
  if (auth.clientAuth === 'basic') {
    lines.push(`            var basic = Convert.ToBase64String(Encoding.UTF8.GetBytes(${csharpString(`${auth.clientId}:`)} + Secret(${csharpString(auth.clientSecretVariable ?? '')})));`, '            request.Headers.Authorization = new AuthenticationHeaderValue("Basic", basic);');
  } else {
    form.push(`{ "client_id", ${csharpString(auth.clientId)} },`);
    if (auth.clientAuth === 'body') form.push(`{ "client_secret", Secret(${csharpString(auth.clientSecretVariable ?? '')}) },`);
  }
  return [
    `    /// <summary>A bearer token from the token endpoint (OAuth 2.0 ${auth.kind === 'password' ? 'password grant' : 'client credentials'}).</summary>`,
    '    static async Task<string> AccessToken(HttpClient client)',
    '    {',
    `        using (var request = new HttpRequestMessage(HttpMethod.Post, ${csharpString(auth.tokenUrl)}))`,
    '        {',
    ...lines,
    '            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));',
    '            request.Content = new FormUrlEncodedContent(new Dictionary<string, string>',
    '            {',
    ...form.map((f) => `                ${f}`),
    '            });',
    '            using (var response = await client.SendAsync(request))',
    '            {',
    '                var text = await response.Content.ReadAsStringAsync();',
    '                if (!response.IsSuccessStatusCode) throw new InvalidOperationException("The token endpoint answered HTTP " + (int)response.StatusCode + ": " + text);',
    '                using (var json = JsonDocument.Parse(text))',
    '                {',
    '                    return json.RootElement.GetProperty("access_token").GetString();',
    '                }',
    '            }',
    '        }',
    '    }',
  ];
}
