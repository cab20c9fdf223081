import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { noarkModel } from '../../core/schema';
import type { ArchiveApi, ArchiveResponse, GenericBody } from '../archive/archiveApi';
import { runFileTests } from './fileTestRun';

/** An archive that answers every plain request with `body`, counting them, and calls `afterAnswer`
 * once each answer is out (the only methods a file of GET blocks uses). */
function answering(body: GenericBody, afterAnswer: (sent: number) => void = () => undefined): { archive: ArchiveApi; sent: () => number } {
  let sent = 0;
  const archive: Pick<ArchiveApi, 'request'> = {
    async request(request): Promise<ArchiveResponse<GenericBody>> {
      sent++;
      const answer: ArchiveResponse<GenericBody> = { request: { method: request.method, path: request.path, url: `https://archive.example/${request.path}` }, status: 200, headers: {}, body, bytes: 2, durationMs: 1 };
      afterAnswer(sent);
      return answer;
    },
  };
  return { archive: archive as ArchiveApi, sent: () => sent };
}

const environment = { name: 'test', protected: false, variables: {} };

describe('runFileTests', () => {
  it('a RETRY block stopped while it waits is reported as not run (cancelled after its tries), not as failed', async () => {
    const abort = new AbortController();
    const { archive, sent } = answering({ userId: 'someone' }, (n) => n === 2 && abort.abort());
    const text = '### me\nGET info/me\nRETRY 50 EVERY 10ms\nEXPECT userId = "nobody"\n\n### after\nGET info/me\n';
    const result = await runFileTests({ text, absolutePath: '/tmp/cancel.noarkq', display: 'cancel.noarkq' }, { client: archive, environment, model: noarkModel, downloadDir: '/tmp', signal: abort.signal });
    assert.equal(sent(), 2);
    assert.deepEqual(
      result.blocks.map((b) => [b.name, b.status, b.skipReason]),
      [
        ['me', 'skipped', 'Block `me`: cancelled after 2 tries, before its expectations held.'],
        ['after', 'skipped', 'the run was cancelled'],
      ],
    );
    assert.equal(result.blocks[0]!.tries, 2);
    assert.equal(result.status, 'passed', 'nothing failed');
  });

  it('without --continue, the blocks after a failed one are skipped naming it; with it, only those that read from it', async () => {
    const text = '### first\nGET info/me\nEXPECT userId = "nobody"\n\n### reader\n@id = {{first.userId}}\nGET info/me?x={{id}}\n\n### other\nGET info/me\n';
    const stop = answering({ userId: 'someone' });
    const stopped = await runFileTests({ text, absolutePath: '/tmp/a.noarkq', display: 'a.noarkq' }, { client: stop.archive, environment, model: noarkModel, downloadDir: '/tmp' });
    assert.deepEqual(stopped.blocks.map((b) => [b.name, b.status, b.skipReason]), [['first', 'failed', undefined], ['reader', 'skipped', 'first failed above'], ['other', 'skipped', 'first failed above']]);
    assert.equal(stopped.blocks[0]!.failureLine, 3, 'the failing EXPECT line');
    assert.equal(stop.sent(), 1);

    const go = answering({ userId: 'someone' });
    const continued = await runFileTests({ text, absolutePath: '/tmp/a.noarkq', display: 'a.noarkq' }, { client: go.archive, environment, model: noarkModel, downloadDir: '/tmp', continueAfterFailure: true });
    assert.deepEqual(continued.blocks.map((b) => [b.name, b.status, b.skipReason]), [['first', 'failed', undefined], ['reader', 'skipped', 'it reads first, which failed'], ['other', 'passed', undefined]]);
    assert.equal(go.sent(), 2, 'the failed block is not sent again for the one that reads it');
  });

  it('an answer that echoes the token shows it redacted in the expectation\'s actual value', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.secret-token-value';
    const { archive } = answering({ userId: `Bearer ${token}` });
    const withSecrets = Object.assign(Object.create(archive) as ArchiveApi, { secrets: () => [token] });
    const text = '### me\nGET info/me\nEXPECT userId = "nothing"\n';
    const result = await runFileTests({ text, absolutePath: '/tmp/echo.noarkq', display: 'echo.noarkq' }, { client: withSecrets, environment, model: noarkModel, downloadDir: '/tmp' });
    const outcome = result.blocks[0]!.expectations!.find((e) => !e.passed)!;
    assert.doesNotMatch(JSON.stringify(result.blocks[0]!.expectations), /secret-token-value/);
    assert.match(String(outcome.actual), /Bearer \*\*\*/);
  });
});
