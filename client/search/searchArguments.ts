/**
 * What `noarkq.fullTextSearch` searches: the archive's collections (`doctype`) as the user picks
 * them, and the arguments a key binding, a task or a test may pass instead, which are untrusted.
 */
import { z } from 'zod';

export const doctypes = [
  { doctype: 'Tekst', description: 'Text of the electronic documents, and the metadata around them' },
  { doctype: 'Korrespondansepart', description: 'Correspondence parties: names, addresses, contacts' },
  { doctype: 'Registrering', description: 'Registry entries: titles, authors, case officers, parties' },
  { doctype: 'Mappe', description: 'Folders and case files: identifiers, titles, descriptions' },
  { doctype: 'Arkivdel', description: 'Series: titles and descriptions' },
] as const;

export type Doctype = (typeof doctypes)[number]['doctype'];

const doctypeNames = doctypes.map((d) => d.doctype) as [Doctype, ...Doctype[]];

/** The longest query taken: free text, not a document. */
export const maxQueryLength = 1000;

export const doctypeArgument = z.enum(doctypeNames, { error: (issue) => `the doctype must be one of ${doctypeNames.join(', ')}, not ${describe(issue.input)}` });

export const queryArgument = z
  .string({ error: (issue) => `the query must be text, not ${describe(issue.input)}` })
  .trim()
  .min(1, 'the query is empty: give the words to search for')
  .max(maxQueryLength, `the query is longer than ${maxQueryLength} characters`);

export interface SearchArguments {
  doctype: Doctype | undefined;
  query: string | undefined;
}

/** The command's `(doctype, query)`: either may be left out (then it is asked for). */
export function parseSearchArguments(doctype: unknown, query: unknown): { ok: true; value: SearchArguments } | { ok: false; error: string } {
  const d = doctype === undefined ? undefined : doctypeArgument.safeParse(doctype);
  if (d && !d.success) return { ok: false, error: `noarkq.fullTextSearch, first argument: ${d.error.issues[0]?.message ?? 'not a doctype'}.` };
  const q = query === undefined ? undefined : queryArgument.safeParse(query);
  if (q && !q.success) return { ok: false, error: `noarkq.fullTextSearch, second argument: ${q.error.issues[0]?.message ?? 'not a query'}.` };
  return { ok: true, value: { doctype: d?.data, query: q?.data } };
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return Array.isArray(value) ? 'a list' : typeof value;
}
