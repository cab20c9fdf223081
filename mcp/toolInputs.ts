/**
 * The input schemas of the tools `noarkq mcp` and VS Code's agent mode share: the MCP server
 * publishes them (as JSON Schema) and validates calls with them, the extension validates its
 * language-model tools' input with them (package.json declares the same properties).
 */
import { z } from 'zod';
import { largestPage } from './resultCaps';

export const jsonScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const offsetInput = z.number().int().min(0).optional().describe('Where the page starts (0 first); an answer with hasMore says the offset of the next page.');

export const checkInput = {
  text: z.string().optional().describe('The .noarkq text itself. Give this or `path`.'),
  path: z.string().optional().describe("A .noarkq file, absolute or relative to the working folder. Give this or `text`."),
};

export const describeTypeInput = {
  type: z.string().min(1).describe('The entity type, case-sensitive: e.g. Saksmappe, Journalpost, Dokument, Korrespondansepart. list_types lists them.'),
};

export const codeListsInput = {
  type: z.string().optional().describe('Only the lists of this entity type, e.g. Journalpost.'),
  field: z.string().optional().describe('Only the list of this field, e.g. journalposttype.'),
  offset: offsetInput,
};

export const queryInput = {
  query: z.string().optional().describe('A QUERY request as in a .noarkq file: `QUERY <Type>` then WHERE, JOIN #alias = <ref path>, SORT, LIMIT, OFFSET, PUBLICUSE lines.'),
  parameters: z.record(z.string(), jsonScalar).optional().describe('Values of the @names the WHERE uses, by name without @: {"year": 2024}. A date is a string "2024-01-31".'),
  body: z.record(z.string(), z.unknown()).optional().describe('Instead of `query`: the JSON body of POST query: {type, query, parameters (keys with @), joins, sortOrder, limit, offset, publicUse}.'),
  limit: z.number().int().min(1).max(largestPage).optional().describe("Entities per page; lowered to the server's cap per answer when higher."),
  offset: offsetInput,
};
