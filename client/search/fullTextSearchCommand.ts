/**
 * `noarkq.fullTextSearch`: asks for a collection and the words (remembering the last ones), or
 * takes them as arguments, searches the active archive with a cancellable progress notification,
 * and shows the hits in the search results panel, where "Load next page" fetches more and
 * "Reveal" shows a hit's entity in the archive tree.
 */
import * as vscode from 'vscode';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import type { ActiveArchive } from '../environments/activeArchive';
import type { ResultsPanels } from '../panel/resultsPanel';
import { searchFullText } from './fullTextResults';
import { doctypes, parseSearchArguments, queryArgument, type Doctype } from './searchArguments';

/** One panel for searches, reused by the next one. */
export const searchPanelKey = 'noarkq.search';

const lastDoctypeKey = 'noarkq.search.lastDoctype';
const lastQueryKey = 'noarkq.search.lastQuery';

export function searchTitle(doctype: string, query: string): string {
  const shown = query.length > 60 ? `${query.slice(0, 60)}…` : query;
  return `Search "${shown}" in ${doctype}`;
}

export class FullTextSearchCommand {
  constructor(
    private readonly archive: ActiveArchive,
    private readonly panels: Pick<ResultsPanels, 'show'>,
    /** Where the last doctype and query are kept between sessions. */
    private readonly memory: vscode.Memento,
  ) {}

  /** Runs the command; the result shown, or undefined when nothing was searched. */
  async run(doctypeArg?: unknown, queryArg?: unknown): Promise<BlockRunResult | undefined> {
    const parsed = parseSearchArguments(doctypeArg, queryArg);
    if (!parsed.ok) {
      void vscode.window.showErrorMessage(parsed.error);
      return undefined;
    }
    const doctype = parsed.value.doctype ?? (await this.pickDoctype());
    if (!doctype) return undefined;
    const query = parsed.value.query ?? (await this.askQuery(doctype));
    if (!query) return undefined;
    await this.memory.update(lastDoctypeKey, doctype);
    await this.memory.update(lastQueryKey, query);

    const connection = await this.archive.connectionOrReport();
    if (!connection) return undefined;
    const { client, redact, environment } = connection;
    const content = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `noarkq: searching ${doctype} for "${query}" on ${environment.name}`, cancellable: true },
      async (_progress, token) => {
        const abort = new AbortController();
        const subscription = token.onCancellationRequested(() => abort.abort());
        try {
          return await searchFullText(client, { doctype, query }, abort.signal, redact);
        } finally {
          subscription.dispose();
        }
      },
    );
    this.panels.show(searchPanelKey, searchTitle(doctype, query), content.result, content.more);
    const error = content.result.error;
    if (error && error.kind !== 'cancelled') void vscode.window.showErrorMessage(`noarkq: the search failed: ${error.message}`);
    return content.result;
  }

  private async pickDoctype(): Promise<Doctype | undefined> {
    const last = this.memory.get<string>(lastDoctypeKey);
    const items = doctypes.map((d) => ({ label: d.doctype, description: d.description, doctype: d.doctype }));
    // The last one used comes first, so Enter searches the same collection again.
    items.sort((a, b) => Number(b.doctype === last) - Number(a.doctype === last));
    const picked = await vscode.window.showQuickPick(items, { title: 'noarkq: full-text search', placeHolder: 'Search which collection of the archive?' });
    return picked?.doctype;
  }

  private async askQuery(doctype: Doctype): Promise<string | undefined> {
    const last = this.memory.get<string>(lastQueryKey) ?? '';
    const answer = await vscode.window.showInputBox({
      title: `noarkq: full-text search in ${doctype}`,
      prompt: 'Words to search for: "a phrase", OR, -word to exclude',
      value: last,
      valueSelection: [0, last.length],
      validateInput: (text) => {
        const checked = queryArgument.safeParse(text);
        return checked.success ? undefined : checked.error.issues[0]?.message;
      },
    });
    const checked = queryArgument.safeParse(answer);
    return checked.success ? checked.data : undefined;
  }
}
