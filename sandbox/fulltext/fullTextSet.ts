/**
 * `POST /full-text/set`: `{dokumentversjonId, tekst}` sets the text the `Tekst` collection indexes
 * for a Dokumentversjon's file, in place of the text read from the file (the vendor's endpoint
 * since 3.3.0, for files whose text the archive cannot read itself: scans, encrypted or exotic
 * formats). The text is kept, so later index runs use it too, and the entry is rebuilt at once, so
 * a search right after finds it. 404 for an id that is no entity, 400 for another type; the answer
 * is an empty JSON object. `tekst` left out or null sets the text to null (the vendor's doc: "if not
 * specified, the text will be set to null"): the version then has no text to find, not even its file's.
 */
import { fullTextSetBodySchema as fullTextSetBody } from '../../core/api';
import { z } from 'zod';
import { ServiceError } from '../http/errors';
import { readJsonBody, validateBody } from '../http/requestBody';
import { sendJson } from '../http/responses';
import type { Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import { maxIndexedTextLength } from './fileText';
import type { FullTextIndexer } from './fullTextIndexer';

export const fullTextSetBodySchema = fullTextSetBody.extend({
  dokumentversjonId: z.union([z.string().regex(/^\d{1,18}$/, 'the numeric id of the Dokumentversjon'), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)], {
    error: 'dokumentversjonId is the id of a Dokumentversjon (a string of digits)',
  }),
  tekst: z.string({ error: 'tekst is a string, or null to set no text' }).nullable().optional(),
});

export function fullTextSetSchemaStatements(): string[] {
  return [`CREATE TABLE IF NOT EXISTS fulltext_set_text (dokumentversjon_id bigint PRIMARY KEY, tekst text NOT NULL)`];
}

export function registerFullTextSetEndpoint(router: Router, services: SandboxServices, indexer: FullTextIndexer): void {
  router.api('POST', '/full-text/set', async ({ req, res }) => {
    const { value } = await readJsonBody(req, services.limits.maxBodyBytes);
    const body = validateBody(fullTextSetBodySchema, value, 'full-text set');
    const id = Number(body.dokumentversjonId);
    const { rows } = await services.db.query<{ type: string }>('SELECT type FROM entity WHERE id = $1', [id]);
    if (rows.length === 0) throw new ServiceError(404, `No entity has id ${id}.`);
    if (rows[0].type !== 'Dokumentversjon') throw new ServiceError(400, `${id} is a ${rows[0].type}: full-text/set takes the id of a Dokumentversjon.`);
    // PostgreSQL text cannot hold NUL; the index keeps as much text as it keeps of a file.
    const tekst = (body.tekst ?? '').replace(/\u0000/g, '').slice(0, maxIndexedTextLength);
    await services.db.query(
      'INSERT INTO fulltext_set_text (dokumentversjon_id, tekst) VALUES ($1, $2) ON CONFLICT (dokumentversjon_id) DO UPDATE SET tekst = EXCLUDED.tekst',
      [id, tekst],
    );
    await indexer.rebuildNow([{ doctype: 'Tekst', id }]);
    sendJson(res, 200, {});
  });
}
