/**
 * "Upload and Attach…"'s transaction: clean for the checker, and accepted by the sandbox over real
 * HTTP — a file with a non-ASCII name is uploaded, attached as a main document and an attachment,
 * and read back under the journal entry.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { attachedIds, attachTransaction, attachTransactionErrors } from '../../client/archive/attachFiles';
import { noarkModel } from '../../core/schema';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import { seedDemoArchive } from '../../sandbox/seed/demoArchive';
import { useTestSandbox } from '../http/sandboxHarness';
import { SandboxTokenProvider } from '../runner/sandboxTokenProvider';

describe('attach transaction', () => {
  it('makes a Dokument and a Dokumentversjon per file, the first the main document', () => {
    const body = attachTransaction('1075', [
      { uploadId: 'u1', fileName: 'søknad.pdf' },
      { uploadId: 'u2', fileName: 'vedlegg' },
    ], false);
    assert.deepEqual(attachTransactionErrors(noarkModel, body), []);
    const saves = body.actions.filter((a) => a.action === 'save');
    assert.deepEqual(
      saves.map((a) => [a.type, a.fields?.tittel ?? a.fields?.referanseDokumentfil, a.fields?.tilknyttetRegistreringSom ?? null]),
      [
        ['Dokument', 'søknad', 'H'],
        ['Dokumentversjon', 'u1', null],
        ['Dokument', 'vedlegg', 'V'],
        ['Dokumentversjon', 'u2', null],
      ],
    );
    assert.equal(attachTransaction('1', [{ uploadId: 'u', fileName: 'a.pdf' }], true).actions[0]!.fields?.tilknyttetRegistreringSom, 'V');
  });

  describe('against the sandbox', () => {
    const env = useTestSandbox({ seed: (services) => seedDemoArchive(services, { snapshotDir: false }).then(() => undefined) });
    const scratch = mkdtempSync(join(tmpdir(), 'noarkq-attach-'));
    let api: ArchiveClient;
    env.before(() => {
      api = new ArchiveClient({ apiUrl: env.sandbox.sandbox.apiUrl, auth: new SandboxTokenProvider(env.sandbox.sandbox.tokenUrl) });
    });
    after(async () => {
      await api?.close();
      rmSync(scratch, { recursive: true, force: true });
    });

    it('attaches an uploaded file with a non-ASCII name to a journal entry', async () => {
      // Closed case files refuse new documents: an entry in an open one.
      const entry = (await api.query({ type: 'Journalpost', query: 'refMappe.avsluttetDato = @none', parameters: { none: null }, limit: 1 })).body.results[0];
      assert.ok(entry);
      const path = join(scratch, 'Særutskrift – høring.txt');
      writeFileSync(path, 'innhold æøå\n');
      const upload = await api.upload({ path, fileName: 'Særutskrift – høring.txt' });
      const body = attachTransaction(entry.id, [{ uploadId: upload.body.id, fileName: 'Særutskrift – høring.txt' }], true);
      const saved = (await api.transaction(body)).body.saved;
      const versionId = saved[attachedIds(0).version]?.id;
      assert.ok(versionId);
      const version = (await api.query({ type: 'Dokumentversjon', query: 'refDokument.refRegistrering.id = @id && id = @v', parameters: { id: entry.id, v: versionId }, limit: 1 })).body.results[0];
      assert.equal(version?.fields.referanseDokumentfil, upload.body.id);
      assert.equal(version?.fields.filnavn, 'Særutskrift – høring.txt');
    });
  });
});
