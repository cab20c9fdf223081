/**
 * The requirements of the archive API spec that the HTTP suite must cover, as an index: the
 * numbered rules of the query language, transactions, authentication and errors, the upload
 * rules, the rows of the Limits table, every endpoint and the steps of the typical integration
 * flow. Keys follow the spec's numbering (or name the row or clause), so a test names what it
 * covers with a tag such as `[query rule 6, 7]` or `[endpoint POST /upload]`
 * (`test/http/specRequirements.ts`), and `test/http/specCoverage.test.ts` checks that every
 * entry here is named by some test. The summaries are ours; the spec's sections are cited per
 * list. Numbered items where the spec only says that something is "not shown" are no
 * requirements and have no entry (query rule numbers therefore match the spec's).
 */

export const requirementKinds = ['query rule', 'transaction rule', 'auth rule', 'error rule', 'upload rule', 'limit', 'endpoint', 'flow step'] as const;
export type RequirementKind = (typeof requirementKinds)[number];

export interface Requirement {
  kind: RequirementKind;
  key: string;
  /** What the requirement asks, in a line, for failure messages. */
  summary: string;
  /** Query strings the spec gives as examples (query rule 8): a test runs each. */
  examples?: string[];
}

export interface SpecEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under the API root, with `{name}` segments as the spec writes them. */
  path: string;
  /** The status of a successful call: the code the endpoint's section gives, 200 where it
   * gives none (the download's byte stream). */
  successStatus: number;
  summary: string;
}

type Entry = Omit<Requirement, 'kind'>;

/** The spec, § Endpoints / POST /query, "Query language". */
const queryRules: Entry[] = [
  { key: '1', summary: 'no literal values in a query string: every value is an @parameter given in `parameters`' },
  { key: '2', summary: '=, != and %= (like, % as wildcard); strings compare case-sensitively; a reference compares only with a null parameter (is it set?); * stands for any value' },
  { key: '3', summary: 'ranges on dates and numbers: [ ] includes the ends, { } excludes them, and the two may be mixed' },
  { key: '4', summary: 'conditions combine with && and ||, grouped with parentheses' },
  { key: '5', summary: 'dotted reference chains follow links up or down the structure' },
  { key: '6', summary: 'one reference named twice is one path: && of conditions on two different linked entities finds nothing, || finds either' },
  { key: '7', summary: 'joins give each #alias a path of its own, so two conditions may hold on two different linked entities' },
  {
    key: '8',
    summary: 'the example query strings run as written',
    examples: [
      'tittel %= @title && saksaar = @year',
      'saksaar = [@from:@to}',
      'registreringsDato = [@start:@end]',
      'refPrimaerKlasse.id = @c && (refEksternId = @nullParam || refEksternId.eksterntSystem != @sys)',
      'saksstatus = @s && opprettetDato = [@start:@end]',
    ],
  },
];

/** The spec, § Endpoints / POST /transaction, "Rules". */
const transactionRules: Entry[] = [
  { key: '1', summary: 'save creates (temporary id) or updates (numeric id) the entity\'s own fields, never references; an update carries only what changed' },
  { key: '2', summary: 'a new entity is linked into the structure in the same transaction; only Arkiv (which still needs its Arkivskaper) and Klassifikasjonssystem stand alone' },
  { key: '3', summary: 'links run from child to parent; new entities are linked to the existing structure before others are linked to them' },
  { key: '4', summary: 'link also attaches secondary classes and cross references' },
  { key: '5', summary: 'unlink detaches optional links only, never an entity from the parent it cannot live without' },
  { key: '6', summary: 'a move is an unlink and a link of the same reference in one transaction, as far as the account may' },
  { key: '7', summary: 'temporary ids are not numeric' },
];

/** The spec, § Authentication (item 4 states a gap). */
const authRules: Entry[] = [
  { key: '1', summary: 'every endpoint needs an OAuth 2.0 bearer token from the identity provider' },
  { key: '2', summary: 'only the account that uploaded a file may link it to a Dokumentversjon (else 500)' },
  { key: '3', summary: 'delete actions and moves depend on the account\'s permissions' },
];

/** The spec, § Errors (items 5 and 6 state gaps). */
const errorRules: Entry[] = [
  { key: '1', summary: 'with X-Service-Error-Response-Type: application/json errors are JSON, otherwise plain text' },
  { key: '2', summary: 'one failing action rolls back the whole transaction' },
  { key: '3', summary: 'uploading with one account and linking with another gives 500' },
  { key: '4', summary: 'success is 200, 202 for bulk and 204 for deletes; any standard error code may come back' },
];

/** The spec, § Endpoints / POST /upload (the Content-Disposition row and the rules under the
 * table) and GET /download (its response headers). */
const uploadRules: Entry[] = [
  { key: 'filename', summary: 'Content-Disposition attachment with filename= (an ASCII name)' },
  { key: 'filename*', summary: 'Content-Disposition attachment with filename*= (charset and URL-encoded name)' },
  { key: 'name required', summary: 'an upload without a file name is refused' },
  { key: 'expiry', summary: 'an upload not linked to a Dokumentversjon within the hour is deleted and cannot be referenced' },
  { key: 'another account', summary: 'linking an upload from another account gives 500' },
  { key: 'download headers', summary: 'the download\'s response headers (left open by the spec)' },
];

/** The spec, § Limits: one entry per row of the table (per endpoint where a row names several)
 * and the paging rule under it. */
const limits: Entry[] = [
  { key: 'maximum limit', summary: 'a query returns at most 500 results per call' },
  { key: 'lifetime of an unlinked uploaded file', summary: 'an unlinked upload lives 3600 seconds' },
  { key: 'default limit / offset', summary: 'full-text search defaults to limit 10, offset 0' },
  { key: 'pagination bsm-registry GET', summary: 'reading the BSM registry returns everything at once' },
  { key: 'pagination code-lists GET', summary: 'reading code lists returns everything at once' },
  { key: 'query paging', summary: 'while hasMore, the next page starts at previous offset + previous limit' },
];

/** The spec, § Endpoints: one entry per method and path. The download log's heading names no
 * path; the vendor notes give it as logs/download-log. */
export const specEndpoints: SpecEndpoint[] = [
  { method: 'POST', path: '/query', successStatus: 200, summary: 'find entities of one type (or abstract type)' },
  { method: 'POST', path: '/transaction', successStatus: 200, summary: 'ordered, atomic save/link/unlink/delete actions' },
  { method: 'POST', path: '/upload', successStatus: 200, summary: 'store one file, answer its id' },
  { method: 'GET', path: '/download', successStatus: 200, summary: 'the bytes of an uploaded file' },
  { method: 'GET', path: '/bsm-registry', successStatus: 200, summary: 'BSM groups and their fields' },
  { method: 'PUT', path: '/bsm-registry/group/{groupId}', successStatus: 200, summary: 'create or change a BSM group' },
  { method: 'PUT', path: '/bsm-registry/group/{groupId}/field/{fieldId}', successStatus: 200, summary: 'create or change a BSM field' },
  { method: 'DELETE', path: '/bsm-registry/group/{groupId}', successStatus: 204, summary: 'remove a BSM group' },
  { method: 'DELETE', path: '/bsm-registry/group/{groupId}/field/{fieldId}', successStatus: 204, summary: 'remove a BSM field' },
  { method: 'GET', path: '/code-lists', successStatus: 200, summary: 'code lists by type and/or field' },
  { method: 'PUT', path: '/code-lists/{field}/{code}', successStatus: 200, summary: 'add or change one code' },
  { method: 'DELETE', path: '/code-lists/{field}/{code}', successStatus: 204, summary: 'remove one code' },
  { method: 'POST', path: '/logs/change-log', successStatus: 200, summary: 'the changes of one entity' },
  { method: 'POST', path: '/logs/access-log', successStatus: 200, summary: 'who read which entities' },
  { method: 'POST', path: '/logs/download-log', successStatus: 200, summary: 'who downloaded which document versions' },
  { method: 'POST', path: '/bulk/open', successStatus: 202, summary: 'open an entity and everything below it, in the background' },
  { method: 'POST', path: '/bulk/close', successStatus: 202, summary: 'close an entity and everything below it, in the background' },
  { method: 'POST', path: '/full-text/search', successStatus: 200, summary: 'free-text search over an index collection' },
];

/** The spec, § What the service does / Typical integration flow. */
const flowSteps: Entry[] = [
  { key: '1', summary: 'get an access token' },
  { key: '2', summary: 'find the case file by query (year and sequence number, or external id) and take the first result\'s id' },
  { key: '3', summary: 'one transaction saves the Journalpost and a Korrespondansepart under temporary ids and links them; the real ids come back under saved' },
  { key: '4', summary: 'upload the file and keep its id' },
  { key: '5', summary: 'one transaction saves a Dokument under the entry and a Dokumentversjon pointing at the upload' },
];

const kind = (k: RequirementKind, entries: Entry[]): Requirement[] => entries.map((e) => ({ kind: k, ...e }));

export const specRequirements: Requirement[] = [
  ...kind('query rule', queryRules),
  ...kind('transaction rule', transactionRules),
  ...kind('auth rule', authRules),
  ...kind('error rule', errorRules),
  ...kind('upload rule', uploadRules),
  ...kind('limit', limits),
  ...specEndpoints.map((e): Requirement => ({ kind: 'endpoint', key: `${e.method} ${e.path}`, summary: e.summary })),
  ...kind('flow step', flowSteps),
];
