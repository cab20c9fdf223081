/**
 * The documents an agent reads once instead of guessing: the `.noarkq` format and the query
 * language's rules, served from docs/ (beside dist/ when bundled, beside mcp/ in the sources).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface McpDocument {
  name: string;
  uri: string;
  title: string;
  description: string;
  file: string;
}

export const mcpDocuments: readonly McpDocument[] = [
  {
    name: 'noarkq-format',
    uri: 'noarkq://docs/format',
    title: 'The .noarkq file format',
    description: 'Blocks, variables, {{references}}, the requests (QUERY, TRANSACTION, UPLOAD, DOWNLOAD, HTTP), EXPECT and RETRY: how to write a .noarkq file.',
    file: 'noarkq-format.md',
  },
  {
    name: 'query-language',
    uri: 'noarkq://docs/query-language',
    title: "The query language's rules",
    description: 'What a QUERY may say: parameters instead of literals, comparisons, ranges, reference paths, joins, paging, and what is accepted beyond the spec.',
    file: 'query-language.md',
  },
];

/** The document's Markdown. Both layouts (dist/cliCommands.js, mcp/*.ts) sit one folder below the package root. */
export function readMcpDocument(document: McpDocument): string {
  return readFileSync(join(__dirname, '..', 'docs', document.file), 'utf8');
}
