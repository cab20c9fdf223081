/**
 * Notebook outputs as the notebook controller makes them: a `ResultsSession` per output, whose
 * first `show` is the output item's data and whose later messages go out tagged with the output's
 * id. The sessions are the results panel's own (client/panel/resultsSession.ts).
 */
import type { NotebookHostMessage, NotebookResultOutput } from '../../client/webview/notebookMessages';
import { ResultsSession, type MorePages, type ResultsHost } from '../../client/panel/resultsSession';
import type { HostMessage } from '../../client/webview/resultsMessages';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import { archiveErrorResult, caseFile, fullTextResult, queryResult, transactionResult } from './resultFixtures';

export interface NotebookOutput {
  data: NotebookResultOutput;
  session: ResultsSession;
  copied: string[];
}

/**
 * Runs `result` into a session, takes its first `show` as the item's data, and from then on
 * sends what the session posts to `post` as `{ outputId, message }`. The session has been told
 * `ready` once, as the controller does to get `show`; the renderer's own `ready` makes it post
 * `show` and the rest of the rows again, as a panel's reload does.
 */
export async function notebookOutput(outputId: string, title: string, result: BlockRunResult, post: (message: NotebookHostMessage) => void = () => undefined, more?: MorePages): Promise<NotebookOutput> {
  let first: HostMessage | undefined;
  let live = false;
  const copied: string[] = [];
  const host: ResultsHost = {
    post: (message) => {
      if (live) post({ outputId, message });
      else first ??= message;
    },
    copy: async (text) => {
      copied.push(text);
    },
    saveTarget: async () => undefined,
    report: () => undefined,
  };
  const session = new ResultsSession(host);
  session.show(title, result, more);
  await session.receive({ type: 'ready' });
  live = true;
  if (first?.type !== 'show') throw new Error(`the session's first message is ${first?.type}, not show`);
  return { data: { outputId, show: first }, session, copied };
}

/** One result of each kind the view draws, for checks over all of them. */
export function everyKindOfResult(): [string, BlockRunResult][] {
  return [
    ['query', queryResult([caseFile(1), caseFile(2), caseFile(3)], true)],
    ['transaction', transactionResult({ 'ny-sak': caseFile(4) })],
    ['full text', fullTextResult([{ ids: { saksmappe: ['7f3e'] }, highlights: { tittel: ['en |=hlstart=|byggesak|=hlstop=| i gnr 12'] } }])],
    ['archive error', archiveErrorResult(400, 'E-QUERY', 'Unknown field "tittl"', { 'x-request-id': 'r-1' })],
    [
      'expectations',
      {
        ...queryResult([caseFile(5)]),
        ok: false,
        error: { kind: 'expectation', message: 'EXPECT results.length = 2 does not hold' },
        expectations: [
          { line: 5, passed: true, subject: 'status', operator: '=', expected: '200', actual: '200' },
          { line: 6, passed: false, subject: 'results.length', operator: '=', expected: '2', actual: '1' },
        ],
      },
    ],
    ['no grid', { ...queryResult([]), kind: 'http', body: { id: '12' }, bytes: 11 }],
  ];
}
