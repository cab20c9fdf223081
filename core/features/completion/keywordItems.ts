/** Request keywords (a block's request line) and QUERY clause keywords (a line of a query). */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Span } from '../../diagnostics';
import type { QueryRequest } from '../../query';
import { makeItem, rank } from './completionItems';
import type { CompletionSite } from './completionSite';

interface KeywordDef {
  label: string;
  snippet: string;
  detail: string;
  documentation: string;
  retrigger?: boolean;
}

const requestKeywordDefs: readonly KeywordDef[] = [
  { label: 'QUERY', snippet: 'QUERY ', detail: 'POST query', documentation: 'Finds entities of one type: `QUERY <EntityType>`, then WHERE, JOIN, SORT, LIMIT, OFFSET and PUBLICUSE lines.', retrigger: true },
  {
    label: 'TRANSACTION',
    snippet: 'TRANSACTION\n{\n\t"actions": [\n\t\t$0\n\t]\n}',
    detail: 'POST transaction',
    documentation: 'Saves, links, unlinks and deletes entities in one atomic transaction: a JSON body `{"actions": [...]}` on the following lines.',
  },
  { label: 'UPLOAD', snippet: 'UPLOAD ${1:./path/to/file.pdf}', detail: 'POST upload', documentation: 'Uploads a file (path relative to this file); the response `{"id": ...}` is referenced as `{{block.id}}`. Optional `AS <file name>`.' },
  { label: 'DOWNLOAD', snippet: 'DOWNLOAD ${1:id}', detail: 'GET download', documentation: 'Downloads an electronic file by id or `{{reference}}`. Optional `TO <path>`.' },
  { label: 'GET', snippet: 'GET ${1:code-lists}', detail: 'HTTP GET', documentation: 'Any other endpoint of the archive interface, e.g. `GET code-lists?type=Journalpost` or `GET bsm-registry`.' },
  { label: 'POST', snippet: 'POST ${1:full-text/search}', detail: 'HTTP POST', documentation: 'Any other endpoint with a JSON body on the following lines, e.g. `POST full-text/search` or `POST logs/change-log`.' },
  { label: 'PUT', snippet: 'PUT ${1:bsm-registry/group/}', detail: 'HTTP PUT', documentation: 'Creates or updates a BSM group or field, or a code-list value.' },
  { label: 'DELETE', snippet: 'DELETE ${1:bsm-registry/group/}', detail: 'HTTP DELETE', documentation: 'Removes a BSM group or field, or a code-list value.' },
];

export function requestKeywordItems(site: CompletionSite, replace: Span): CompletionItem[] {
  return requestKeywordDefs.map((k, i) => keywordItem(site, k, i, replace));
}

const expectationKeywordDefs: readonly KeywordDef[] = [
  {
    label: 'EXPECT',
    snippet: 'EXPECT ',
    detail: 'expectation',
    documentation: 'What the response must be: `EXPECT status = 200`, `EXPECT results.length >= 1`, `EXPECT saved.jp.id exists`. A block with expectations is a test.',
    retrigger: true,
  },
  { label: 'RETRY', snippet: 'RETRY ${1:10} EVERY ${2:1s}', detail: 'retry', documentation: 'Sends a reading request again until its expectations hold, at most n more times: `RETRY 20 EVERY 1s`. Never on a write.' },
];

/** `EXPECT` and `RETRY`, after the request; ranked after the request's own keywords. */
export function expectationKeywordItems(site: CompletionSite, replace: Span): CompletionItem[] {
  return expectationKeywordDefs.map((k, i) => keywordItem(site, k, 20 + i, replace));
}

/** A keyword as a snippet item, ranked by its place in its list. */
function keywordItem(site: CompletionSite, k: KeywordDef, index: number, replace: Span): CompletionItem {
  return makeItem(site, {
    label: k.label,
    kind: CompletionItemKind.Keyword,
    replace,
    newText: k.snippet,
    snippet: true,
    detail: k.detail,
    documentation: k.documentation,
    sortText: rank(index, k.label),
    retrigger: k.retrigger,
  });
}

type ClauseName = 'WHERE' | 'JOIN' | 'SORT' | 'LIMIT' | 'OFFSET' | 'PUBLICUSE';

const clauseDefs: readonly (KeywordDef & { label: ClauseName })[] = [
  { label: 'WHERE', snippet: 'WHERE ', detail: 'query', documentation: 'The condition: `field = @param`, `!=`, `%=` (like), ranges `[@from:@to]`, `&&`, `||`, parentheses. Literals go in variables.', retrigger: true },
  { label: 'JOIN', snippet: 'JOIN #${1:alias} = ${2:refPath}', detail: 'joins', documentation: 'Gives a reference path its own alias: `JOIN #k1 = refSekundaerKlasse`, then `#k1.klasseIdent = @k` in WHERE. Two aliases on the same path match two distinct linked entities.' },
  { label: 'SORT', snippet: 'SORT ', detail: 'sortOrder', documentation: 'Sort on sortable fields (not references): `SORT registreringsDato DESC, tittel`.', retrigger: true },
  { label: 'LIMIT', snippet: 'LIMIT ${1:100}', detail: 'limit', documentation: 'Number of results, at most 500.' },
  { label: 'OFFSET', snippet: 'OFFSET ${1:0}', detail: 'offset', documentation: 'Offset of the first result; the next page starts at offset + limit.' },
  { label: 'PUBLICUSE', snippet: 'PUBLICUSE ${1|true,false|}', detail: 'publicUse', documentation: 'Default true: screened entities are not returned. `PUBLICUSE false` also returns screened values.' },
];

/** Clause keywords a query can still take (JOIN any number of times, the rest once). */
export function clauseKeywordItems(site: CompletionSite, query: QueryRequest, replace: Span, currentLine: Span): CompletionItem[] {
  const present: Record<ClauseName, Span | undefined> = {
    WHERE: query.where?.keyword,
    JOIN: undefined,
    SORT: query.sort?.keyword,
    LIMIT: query.limit?.keyword,
    OFFSET: query.offset?.keyword,
    PUBLICUSE: query.publicUse?.keyword,
  };
  const items: CompletionItem[] = [];
  clauseDefs.forEach((k, i) => {
    const at = present[k.label];
    // The clause being typed on this very line is still offered (its keyword may be half written).
    if (at && !(at.start >= currentLine.start && at.start <= currentLine.end)) return;
    items.push(keywordItem(site, k, i, replace));
  });
  return items;
}
