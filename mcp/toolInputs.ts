/**
 * The input schemas of the tools `noarkq mcp` and VS Code's agent mode share: the MCP server
 * publishes them (as JSON Schema) and validates calls with them, the extension validates its
 * language-model tools' input with them (package.json declares the same properties).
 */
import { z } from 'zod';
import { largestPage } from './resultCaps';

// Each member described, so the JSON Schema is `anyOf` single-type branches rather than a `type`
// array: clients that map tool schemas onto a one-`type` dialect (Gemini's function declarations)
// reject the array form (the MCP Inspector's `--strict` portability check names it).
const text = z.string().describe('text');
const number = z.number().describe('a number');
const truth = z.boolean().describe('true or false');
/** A value an @name or a filter takes. */
export const scalarValue = z.union([text, number, truth]);
export const jsonScalar = z.union([text, number, truth, z.null().describe('null')]);
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
  body: z
    .strictObject({
      type: z.string().describe('The entity type, e.g. Saksmappe.'),
      query: z.string().optional().describe('The query string, with @names for values.'),
      parameters: z.record(z.string(), jsonScalar).optional().describe('"@name" → value.'),
      joins: z.record(z.string(), z.string()).optional().describe('"#alias" → reference path.'),
      sortOrder: z.array(z.object({ field: z.string(), order: z.string().describe('asc or desc') })).optional(),
      limit: z.number().optional(),
      offset: z.number().optional(),
      publicUse: z.boolean().optional(),
    })
    .optional()
    .describe('Instead of `query`: the JSON body of POST query: {type, query, parameters (keys with @), joins, sortOrder, limit, offset, publicUse}.'),
  limit: z.number().int().min(1).max(largestPage).optional().describe("Entities per page; lowered to the server's cap per answer when higher."),
  offset: offsetInput,
};
