/**
 * The languages a block can be copied as, in the order they are offered: each with its generator,
 * a label for menus, and the file name the code runs from.
 */
import type { CodeRequest } from './codeRequest';
import { csharpCode } from './csharpCode';
import { curlCode } from './curlCode';
import { javaClassName, javaCode } from './javaCode';
import { phpCode } from './phpCode';
import { pythonCode } from './pythonCode';
import { typescriptCode } from './typescriptCode';

export const codeLanguageIds = ['curl', 'typescript', 'csharp', 'java', 'php', 'python'] as const;
export type CodeLanguageId = (typeof codeLanguageIds)[number];

export interface CodeLanguage {
  id: CodeLanguageId;
  /** What menus and messages call it. */
  label: string;
  /** What the library or tool is, for the menu's detail. */
  detail: string;
  /** A file name to save the code as (Java's must match its class). */
  fileName: string;
  generate(request: CodeRequest): string;
}

export const codeLanguages: Readonly<Record<CodeLanguageId, CodeLanguage>> = {
  curl: { id: 'curl', label: 'curl', detail: 'a POSIX shell script', fileName: 'request.sh', generate: curlCode },
  typescript: { id: 'typescript', label: 'TypeScript', detail: 'fetch, Node 20', fileName: 'request.ts', generate: typescriptCode },
  csharp: { id: 'csharp', label: 'C#', detail: 'HttpClient, .NET 6+', fileName: 'Program.cs', generate: csharpCode },
  java: { id: 'java', label: 'Java', detail: 'java.net.http, Java 17', fileName: `${javaClassName}.java`, generate: javaCode },
  php: { id: 'php', label: 'PHP', detail: 'Guzzle 7', fileName: 'request.php', generate: phpCode },
  python: { id: 'python', label: 'Python', detail: 'requests', fileName: 'request.py', generate: pythonCode },
};

/** The language `id` names (as the CLI and the command take it), case-insensitive; `ts`, `cs`, `py` too. */
export function codeLanguage(id: string): CodeLanguage | undefined {
  const aliases: Record<string, CodeLanguageId> = { ts: 'typescript', 'c#': 'csharp', cs: 'csharp', py: 'python', sh: 'curl' };
  const key = id.toLowerCase();
  const known = (codeLanguageIds as readonly string[]).includes(key) ? (key as CodeLanguageId) : aliases[key];
  return known === undefined ? undefined : codeLanguages[known];
}
