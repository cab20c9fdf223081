/** The host side of a results panel without VS Code: messages, pages, copies, exports. */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { firstRows, ResultsSession, type MorePages, type ResultsHost } from '../../client/panel/resultsSession';
import type { HostMessage } from '../../client/webview/resultsMessages';
import { caseFile, queryResult, transactionResult } from './resultFixtures';

class MemoryFile extends Writable {
  text = '';
  writes = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString('utf8');
    this.writes++;
    done();
  }
}

/** RFC 4180 as csv-stringify writes it: quoted fields double their quotes; rows end with \n. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = text.startsWith('\ufeff') ? 1 : 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') field += text[++i];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(field), (field = ''));
    else if (c === '\n') (row.push(field), rows.push(row), (row = []), (field = ''));
    else field += c;
  }
  return rows;
}

function fakeHost() {
  const posted: HostMessage[] = [];
  const copied: string[] = [];
  const reports: string[] = [];
  const files: MemoryFile[] = [];
  let cancelSave = false;
  const host: ResultsHost = {
    post: (m) => posted.push(m),
    copy: async (t) => {
      copied.push(t);
    },
    saveTarget: async (_format, name) => {
      if (cancelSave) return undefined;
      const out = new MemoryFile();
      files.push(out);
      return { out, name };
    },
    report: (severity, message) => reports.push(`${severity}: ${message}`),
  };
  return { host, posted, copied, reports, files, cancelSaves: () => (cancelSave = true) };
}

function pages(sizes: number[]): MorePages & { calls: number } {
  let next = 100;
  const more = {
    calls: 0,
    next: async (_signal: AbortSignal) => {
      const size = sizes[more.calls++] ?? 0;
      const results = Array.from({ length: size }, () => caseFile(next++));
      return { results, hasMore: more.calls < sizes.length };
    },
  };
  return more;
}

describe('ResultsSession', () => {
  test('shows nothing until the webview is ready, then the result; a re-run shows the new one', async () => {
    const { host, posted } = fakeHost();
    const session = new ResultsSession(host);
    session.show('cases', queryResult([caseFile(1)]));
    assert.equal(posted.length, 0);
    await session.receive({ type: 'ready' });
    assert.equal(posted.length, 1);
    assert.ok(posted[0]!.type === 'show' && posted[0]!.generation === 1 && !posted[0]!.canLoadMore);
    session.show('cases', queryResult([caseFile(2)]));
    assert.ok(posted[1]!.type === 'show' && posted[1]!.generation === 2);
  });

  test('a big grid sends its first screens with show and the rest right after', async () => {
    const { host, posted } = fakeHost();
    const session = new ResultsSession(host);
    session.show('cases', queryResult(Array.from({ length: firstRows + 700 }, (_, i) => caseFile(i))));
    await session.receive({ type: 'ready' });
    const [show, rest] = posted;
    assert.ok(show?.type === 'show' && show.view.content.kind === 'grid');
    assert.equal(show.view.content.rowCount, firstRows + 700);
    assert.equal(show.view.content.cells.lengths.length, firstRows * show.view.content.columns.length);
    assert.ok(rest?.type === 'rows' && rest.generation === show.generation);
    assert.equal(rest.cells.lengths.length, 700 * rest.columns.length);
    assert.equal(posted.length, 2);
  });

  test('messages that are not in the union are ignored', async () => {
    const { host, posted, copied } = fakeHost();
    const session = new ResultsSession(host);
    session.show('cases', queryResult([caseFile(1)]));
    for (const bad of [null, 'ready', { type: 'eval', code: 'x' }, { type: 'copyCell', row: -1, column: 0 }, { type: 'copyCell', row: 0.5, column: 0 }, { type: 'export', format: 'xml' }, { type: 'loadMore' }]) {
      await session.receive(bad);
    }
    assert.deepEqual(posted, []);
    assert.deepEqual(copied, []);
  });

  test('Load next page appends one page; Load all walks to the end', async () => {
    const { host, posted } = fakeHost();
    const session = new ResultsSession(host);
    const more = pages([2, 3, 1]);
    session.show('cases', queryResult([caseFile(1)], true), more);
    await session.receive({ type: 'ready' });
    assert.ok(posted[0]!.type === 'show' && posted[0]!.canLoadMore);
    await session.receive({ type: 'loadMore', all: false });
    assert.equal(more.calls, 1);
    const rows = posted.filter((m) => m.type === 'rows');
    assert.equal(rows.length, 1);
    assert.ok(rows[0]!.type === 'rows' && rows[0]!.cells.lengths.length === 2 * rows[0]!.columns.length && rows[0]!.hasMore);
    await session.receive({ type: 'loadMore', all: true });
    assert.equal(more.calls, 3);
    const last = posted.at(-1)!;
    assert.ok(last.type === 'loading' && last.state === 'idle' && last.loaded === 7 && last.note === undefined, JSON.stringify(last));
    // Nothing more to load: the button's message does nothing.
    await session.receive({ type: 'loadMore', all: true });
    assert.equal(more.calls, 3);
  });

  test('cancel aborts the page being fetched and says so', async () => {
    const { host, posted } = fakeHost();
    const session = new ResultsSession(host);
    let asked!: () => void;
    const askedFor = new Promise<void>((r) => (asked = r));
    const more: MorePages = {
      next: (signal) =>
        new Promise((_resolve, reject) => {
          asked();
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    };
    session.show('cases', queryResult([caseFile(1)], true), more);
    await session.receive({ type: 'ready' });
    const loading = session.receive({ type: 'loadMore', all: true });
    await askedFor;
    await session.receive({ type: 'cancelLoad' });
    await loading;
    const last = posted.at(-1)!;
    assert.ok(last.type === 'loading' && last.state === 'idle' && last.note === 'Cancelled.', JSON.stringify(last));
  });

  test('a failed page and an empty page that claims more both stop with a note', async () => {
    const { host, posted } = fakeHost();
    const session = new ResultsSession(host);
    session.show('cases', queryResult([caseFile(1)], true), { next: async () => Promise.reject(new Error('503 from the archive')) });
    await session.receive({ type: 'ready' });
    await session.receive({ type: 'loadMore', all: true });
    const failed = posted.at(-1)!;
    assert.ok(failed.type === 'loading' && failed.note === 'Loading failed: 503 from the archive');
    session.show('cases', queryResult([caseFile(1)], true), { next: async () => ({ results: [], hasMore: true }) });
    await session.receive({ type: 'loadMore', all: true });
    const empty = posted.at(-1)!;
    assert.ok(empty.type === 'loading' && empty.note === 'The archive said there were more results but sent none.');
  });

  test('after a webview reload the grid comes back with every page loaded', async () => {
    const { host, posted } = fakeHost();
    const session = new ResultsSession(host);
    session.show('cases', queryResult([caseFile(1)], true), pages([2]));
    await session.receive({ type: 'ready' });
    await session.receive({ type: 'loadMore', all: false });
    await session.receive({ type: 'ready' });
    const again = posted.at(-1)!;
    assert.ok(again.type === 'show' && again.view.content.kind === 'grid' && again.view.content.rowCount === 3 && !again.canLoadMore);
  });

  test('copy a cell as its text and a row as the entity JSON', async () => {
    const { host, copied } = fakeHost();
    const session = new ResultsSession(host);
    session.show('cases', queryResult([caseFile(1), caseFile(2)]));
    await session.receive({ type: 'copyCell', row: 1, column: 2 });
    await session.receive({ type: 'copyRow', row: 0 });
    await session.receive({ type: 'copyCell', row: 9, column: 0 });
    assert.deepEqual(copied, [caseFile(2).fields.tittel, JSON.stringify(caseFile(1), null, 2)]);
  });

  test('the JSON and raw views get bounded texts', async () => {
    const { host, posted } = fakeHost();
    const session = new ResultsSession(host);
    session.show('cases', queryResult([caseFile(1)]));
    await session.receive({ type: 'ready' });
    await session.receive({ type: 'requestBody' });
    const body = posted.at(-1)!;
    assert.ok(body.type === 'body');
    assert.deepEqual(JSON.parse(body.pretty), { hasMore: false, results: [caseFile(1)] });
    assert.equal(body.raw, JSON.stringify({ hasMore: false, results: [caseFile(1)] }));
    assert.match(body.request ?? '', /^POST http:\/\/localhost:8088\/api\/v1\/query\n\n\{\n {2}"type": "Saksmappe"/);
    assert.equal(body.truncated, false);
  });

  test('exports: CSV of every loaded row, JSON of the rows, transaction ids as CSV; a cancelled dialog writes nothing', async () => {
    const { host, files, reports, cancelSaves } = fakeHost();
    const session = new ResultsSession(host);
    const rows = Array.from({ length: 5000 }, (_, i) => caseFile(i));
    rows[1]!.fields.tittel = 'Klage, "hastesak"\nandre linje';
    session.show('Saker 2024/17', queryResult(rows, true), pages([3]));
    await session.receive({ type: 'loadMore', all: false });
    await session.receive({ type: 'export', format: 'csv' });
    await session.receive({ type: 'export', format: 'json' });
    const [header, ...records] = parseCsv(files[0]!.text);
    assert.deepEqual(header, ['type', 'id', 'tittel', 'saksstatus', 'saksaar', 'sakssekvensnummer', 'opprettetDato']);
    assert.equal(records.length, 5003);
    assert.equal(records[4]![2], caseFile(4).fields.tittel);
    assert.equal(records[1]![2], 'Klage, "hastesak"\nandre linje');
    assert.equal(records[0]![4], '2000');
    assert.ok(files[0]!.writes > 1, 'CSV written in pieces');
    const json = JSON.parse(files[1]!.text) as unknown[];
    assert.equal(json.length, 5003);
    assert.deepEqual(json[0], caseFile(0));
    assert.deepEqual(json[5000], caseFile(100));
    assert.ok(files[1]!.writes > 1, 'JSON written in pieces');
    assert.deepEqual(reports, ['info: Exported 5003 rows to Saker-2024-17.csv.', 'info: Exported 5003 rows to Saker-2024-17.json.']);

    session.show('create', transactionResult({ nySak: { type: 'Saksmappe', id: '81', version: '1', fields: {}, links: {} } }));
    await session.receive({ type: 'export', format: 'csv' });
    assert.equal(files[2]!.text, '\ufefftempId,type,id,version\nnySak,Saksmappe,81,1\n');
    cancelSaves();
    await session.receive({ type: 'export', format: 'csv' });
    assert.equal(files.length, 3);
  });
});
