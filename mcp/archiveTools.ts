/**
 * The tools that read the archive: `query`, `full_text_search`, `change_log`, `code_lists` and
 * `bsm_registry`. Each answer is capped (`resultCaps.ts`) and says whether there is more and the
 * call that gets it; what the archive sent is fenced as data (`toolAnswer.ts`).
 */
import { queryBodySchema, type QueryBody } from '../core/api/queryBodies';
import { checkDocument, parseDocument, ValueResolver } from '../core/document';
import type { JsonValue } from '../core/jsonValue';
import type { NoarkModel } from '../core/schema/types';
import type { ChangeLogBody, FullTextSearchBody } from '../runner/archive/archiveApi';
import { prepareRequest } from '../runner/blocks/preparedRequest';
import { runnableBlocks } from '../runner/blocks/runSession';
import { withArchive, type ArchiveAccess } from './archiveAccess';
import { locateDiagnostics } from './modelTools';
import { capRows, largestPage, type ResultCaps } from './resultCaps';
import { problem, type ToolAnswer } from './toolAnswer';

export interface ArchiveToolContext {
  access: ArchiveAccess;
  model: NoarkModel;
  caps: ResultCaps;
  cwd: string;
}

export interface QueryInput {
  query?: string;
  parameters?: Record<string, JsonValue>;
  body?: Record<string, unknown>;
  limit?: number;
  offset?: number;
}

/** The body a `query` call sends, or what is wrong with the input. */
export function queryBodyOf(input: QueryInput, model: NoarkModel, cwd: string, environmentVariables: Readonly<Record<string, JsonValue>> = {}): { body: QueryBody } | ToolAnswer {
  if ((input.query === undefined) === (input.body === undefined)) {
    return problem('Give either `query` (a QUERY as written in a .noarkq file, with `parameters` for its @names) or `body` (the JSON body of POST query), not both and not neither.');
  }
  if (input.body !== undefined) {
    const parsed = queryBodySchema.safeParse(input.body);
    if (!parsed.success) {
      return problem(`\`body\` is not a POST query body: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'the body'}: ${i.message}`).join('; ')}. Its keys: type, query, parameters (keys with @), joins, sortOrder, limit, offset, publicUse.`);
    }
    return { body: parsed.data };
  }
  // The QUERY goes through the checker as a one-block file whose variables are the parameters,
  // so an agent gets the same diagnostics (did-you-mean, literals, code lists) as in the editor.
  const variables = Object.entries(input.parameters ?? {}).map(([name, value]) => `@${name.replace(/^@/, '')} = ${JSON.stringify(value)}\n`);
  const prefix = variables.join('');
  const text = prefix + input.query!;
  const document = parseDocument(text);
  const blocks = runnableBlocks(document);
  if (blocks.length !== 1 || blocks[0].parsed.request?.kind !== 'query') {
    return problem('`query` must hold one QUERY request: `QUERY <Type>` on the first line, then WHERE, JOIN, SORT, LIMIT, OFFSET or PUBLICUSE lines. Other requests go through `run`.');
  }
  const errors = checkDocument(document, { model, environment: environmentVariables }).filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    const shift = prefix.split('\n').length - 1;
    const located = locateDiagnostics(text, errors).map((d) => ({
      ...d,
      line: d.line - shift,
      endLine: d.endLine - shift,
      fixes: d.fixes?.map((f) => ({ ...f, edits: f.edits.map((e) => ({ ...e, line: e.line - shift, endLine: e.endLine - shift })) })),
    }));
    return problem(
      `The query was not sent: it has ${errors.length === 1 ? 'an error' : `${errors.length} errors`} (lines of \`query\`; a line ≤ 0 is one of \`parameters\`). Values go in \`parameters\` as {"name": value}, used as @name.`,
      located,
    );
  }
  const block = blocks[0];
  const resolver = new ValueResolver(document, block, { environment: environmentVariables });
  const prepared = prepareRequest({ doc: document, block, resolver, baseDir: cwd });
  if (!prepared.ok) {
    return problem('missing' in prepared ? `The query needs a value for ${prepared.missing.map((n) => `@${n}`).join(', ')}: add it to \`parameters\`.` : prepared.error);
  }
  if (prepared.request.kind !== 'query') return problem('`query` must hold a QUERY request.');
  return { body: prepared.request.body };
}

export async function queryTool(context: ArchiveToolContext, input: QueryInput): Promise<ToolAnswer> {
  return withArchive(context.access, async (connection) => {
    const built = queryBodyOf(input, context.model, context.cwd, connection.environment.variables);
    if (!('body' in built)) return built;
    const cap = Math.min(context.caps.maxRows, largestPage);
    const asked = input.limit ?? built.body.limit ?? cap;
    const limit = Math.max(1, Math.min(asked, cap));
    const offset = input.offset ?? built.body.offset ?? 0;
    const body: QueryBody = { ...built.body, limit, offset };
    const response = await connection.client.query(body);
    const capped = capRows(response.body.results, context.caps);
    const hasMore = response.body.hasMore || capped.cut > 0;
    const next = offset + capped.rows.length;
    const summary = [
      `${body.type}: ${capped.rows.length} result${capped.rows.length === 1 ? '' : 's'} from offset ${offset} (environment ${connection.environment.name}).`,
      asked > limit ? `The limit ${asked} was lowered to ${limit}, this server's cap per answer.` : '',
      capped.cut > 0 ? `${capped.cut} more of this page were left out to stay within ${context.caps.maxBytes} bytes.` : '',
      hasMore ? `hasMore: true. For the next page call query again with the same query and "offset": ${next}.` : 'hasMore: false: this is the last page.',
    ].filter(Boolean).join(' ');
    return {
      summary,
      archiveData: { environment: connection.environment.name, value: { hasMore, nextOffset: hasMore ? next : null, results: capped.rows } },
    };
  });
}

export interface FullTextInput {
  query: string;
  doctype?: string;
  filters?: FullTextSearchBody['filters'];
  limit?: number;
  offset?: number;
}

export async function fullTextSearchTool(context: ArchiveToolContext, input: FullTextInput): Promise<ToolAnswer> {
  return withArchive(context.access, async (connection) => {
    const limit = Math.min(input.limit ?? context.caps.maxRows, context.caps.maxRows);
    const offset = input.offset ?? 0;
    const body: FullTextSearchBody = { query: input.query, limit, offset, ...(input.doctype ? { doctype: input.doctype } : {}), ...(input.filters ? { filters: input.filters } : {}) };
    const response = await connection.client.fullTextSearch(body);
    return totalPage(context, connection.environment.name, {
      total: response.body.total,
      rows: response.body.results,
      offset,
      tool: 'full_text_search',
      heading: `Full-text search${input.doctype ? ` in ${input.doctype}` : ''}`,
      counted: 'matches',
      note: ' Matches are enclosed in |=hlstart=| and |=hlstop=| in highlights; the index lags new entities.',
    });
  });
}

export interface ChangeLogInput {
  type?: string;
  id: string;
  limit?: number;
  offset?: number;
}

/** The vendor takes 1 to 100 log entries per page. */
const largestLogPage = 100;

export async function changeLogTool(context: ArchiveToolContext, input: ChangeLogInput): Promise<ToolAnswer> {
  return withArchive(context.access, async (connection) => {
    const limit = Math.min(input.limit ?? context.caps.maxRows, context.caps.maxRows, largestLogPage);
    const offset = input.offset ?? 0;
    const body: ChangeLogBody = { id: input.id, limit, offset, ...(input.type ? { type: input.type } : {}) };
    const response = await connection.client.changeLog(body);
    return totalPage(context, connection.environment.name, { total: response.body.total, rows: response.body.results, offset, tool: 'change_log', heading: `Change log of ${input.type ?? 'entity'} ${input.id}`, counted: 'entries' });
  });
}

/** A page of a result that says its total, capped: what it shows, and how to ask for the next. */
function totalPage(context: ArchiveToolContext, environment: string, page: { total: number; rows: readonly unknown[]; offset: number; tool: string; heading: string; counted: string; note?: string }): ToolAnswer {
  const capped = capRows(page.rows, context.caps);
  const next = page.offset + capped.rows.length;
  const hasMore = next < page.total;
  return {
    summary:
      `${page.heading}: ${page.total} ${page.counted}, ${capped.rows.length} shown from offset ${page.offset} (environment ${environment}).` +
      (capped.cut > 0 ? ` ${capped.cut} more of this page were left out to stay within ${context.caps.maxBytes} bytes.` : '') +
      (hasMore ? ` hasMore: true. For the next page call ${page.tool} again with "offset": ${next}.` : ' hasMore: false.') +
      (page.note ?? ''),
    archiveData: { environment, value: { total: page.total, hasMore, nextOffset: hasMore ? next : null, results: capped.rows } },
  };
}

export interface RegistryInput {
  offset?: number;
}

/** Pages of a list the archive returns whole (code lists, the BSM registry: the spec, § Limits). */
function pageOf<T>(rows: readonly T[], offset: number, caps: ResultCaps, what: string, tool: string, narrow: string): { rows: T[]; summary: string; hasMore: boolean; nextOffset: number | null } {
  const capped = capRows(rows.slice(offset), caps);
  const next = offset + capped.rows.length;
  const hasMore = next < rows.length;
  return {
    rows: capped.rows,
    hasMore,
    nextOffset: hasMore ? next : null,
    summary: `${rows.length} ${what}, ${capped.rows.length} shown from offset ${offset}.${hasMore ? ` hasMore: true. For the rest call ${tool} again with "offset": ${next}, or narrow it with ${narrow}.` : ' hasMore: false.'}`,
  };
}

export async function codeListsTool(context: ArchiveToolContext, input: RegistryInput & { type?: string; field?: string }): Promise<ToolAnswer> {
  const offset = input.offset ?? 0;
  const connection = await context.access.connection();
  if ('error' in connection) {
    // Without an archive the model's defaults still say which codes a field takes by default.
    const lists = [...context.model.codeLists.values()].filter((l) => input.field === undefined || l.name === input.field);
    const typeFields = input.type === undefined ? undefined : new Set(context.model.getType(input.type)?.fields.flatMap((f) => (f.codeList ? [f.codeList] : [])) ?? []);
    const chosen = lists.filter((l) => typeFields === undefined || typeFields.has(l.name));
    const page = pageOf(chosen, offset, context.caps, 'code lists', 'code_lists', '`type` or `field`');
    return {
      summary: `No archive is connected (${connection.error}): these are the Noark model's default code lists, which an archive may extend. ${page.summary}`,
      json: { source: 'model defaults', hasMore: page.hasMore, nextOffset: page.nextOffset, results: page.rows },
    };
  }
  return withArchive(context.access, async () => {
    const filter = { ...(input.type ? { type: input.type } : {}), ...(input.field ? { field: input.field } : {}) };
    const response = await connection.client.codeLists(filter);
    const page = pageOf(response.body.results, offset, context.caps, 'code lists', 'code_lists', '`type` or `field`');
    return {
      summary: `Code lists of ${connection.environment.name} (live). ${page.summary}`,
      archiveData: { environment: connection.environment.name, value: { hasMore: page.hasMore, nextOffset: page.nextOffset, results: page.rows } },
    };
  });
}

export async function bsmRegistryTool(context: ArchiveToolContext, input: RegistryInput & { groupId?: string; fieldId?: string }): Promise<ToolAnswer> {
  return withArchive(context.access, async (connection) => {
    const filter = { ...(input.groupId ? { groupId: input.groupId } : {}), ...(input.fieldId ? { fieldId: input.fieldId } : {}) };
    const response = await connection.client.bsmRegistry(filter);
    const page = pageOf(response.body.results, input.offset ?? 0, context.caps, 'BSM groups', 'bsm_registry', '`groupId`');
    return {
      summary: `The business-specific metadata (BSM) registry of ${connection.environment.name} (live): the groups and fields an entity's virksomhetsspesifikkeMetadata may hold. ${page.summary}`,
      archiveData: { environment: connection.environment.name, value: { hasMore: page.hasMore, nextOffset: page.nextOffset, results: page.rows } },
    };
  });
}
