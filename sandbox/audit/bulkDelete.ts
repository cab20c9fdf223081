/**
 * `POST /bulk/delete`: deletes an entity and everything inside it, recursively and asynchronously.
 * The spec does not show it; the vendor documents it since 3.7.0 (vendor notes §1.5 "bulk";
 * noark5-web-services `version1/04 - Web services.md` §Bulk operations) and its Java client sends
 * it (`client/bulk/delete/DeleteRequest.java`): body `{type, id, version?,
 * deleteObjectsLinkedToPrecedents?}`, answer 202 Accepted, or 409 Conflict when `version` is given
 * and the entity is newer.
 *
 * What is checked before accepting is checked before, as for open/close: the type is one the
 * vendor lists, the id exists (404) and is of that type (400), the account may delete (403; a
 * transaction's `delete` needs the same permission), and the version (409). The job then runs in
 * one SQL transaction. `deleteObjectsLinkedToPrecedents` false (the default) IGNORES an entity
 * linked to a Presedens: it is not deleted, and neither is what it holds nor what holds it (a
 * folder cannot go while an entry it holds stays). Every deleted entity gets a DELETE in the
 * change log with its last fields, as a transaction's delete writes; a Dokumentversjon's file
 * becomes unlinked and expires like any unlinked upload.
 */
import { bulkDeleteBodySchema as bulkDeleteBody } from '../../core/api';
import { z } from 'zod';
import { bulkDeleteTypes } from '../../core/document/requestBodyShapes';
import type { JsonValue } from '../../core/jsonValue';
import type { NoarkModel } from '../../core/schema';
import type { Account } from '../auth/accounts';
import type { FileStore } from '../files/fileStore';
import { ServiceError } from '../http/errors';
import { readJsonBody, validateBody } from '../http/requestBody';
import { sendEmpty } from '../http/responses';
import type { Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import { writeChangeLog } from '../store/changeLog';
import type { Database } from '../store/database';
import { formatTimestamp } from '../store/fieldValues';
import type { BulkJobQueue } from './bulkJobs';
import { findBulkTarget } from './bulkTarget';
import { ancestorsCte, containmentKeys, loadSubtree } from './containment';

const idText = z.union([z.string(), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]).transform((v) => String(v).trim());

export const bulkDeleteBodySchema = bulkDeleteBody.extend({
  type: z.string().min(1, 'give the type of the entity'),
  id: idText,
  /** The vendor's doc says integer, its Java client sends a string: either. */
  version: idText.optional(),
  deleteObjectsLinkedToPrecedents: z.boolean({ error: 'deleteObjectsLinkedToPrecedents is true or false' }).optional(),
});

export interface BulkDeleteOrder {
  rootId: number;
  deleteObjectsLinkedToPrecedents: boolean;
  account: Account;
  at: string;
}

/** Applies one order; returns the ids deleted. */
export async function runBulkDelete(db: Database, model: NoarkModel, files: FileStore, order: BulkDeleteOrder): Promise<number[]> {
  return db.transaction(async (tx) => {
    const subtree = await loadSubtree(tx, model, order.rootId);
    const ids = subtree.map((e) => e.id);
    const kept = new Set<number>();
    if (!order.deleteObjectsLinkedToPrecedents) {
      const { rows } = await tx.query<{ id: number | string }>(
        `SELECT l.from_id AS id FROM link l JOIN entity p ON p.id = l.to_id WHERE l.from_id = ANY($1::bigint[]) AND p.type = 'Presedens'
         UNION SELECT l.to_id FROM link l WHERE l.to_id = ANY($1::bigint[]) AND l.from_type = 'Presedens'`,
        [ids],
      );
      const inSubtree = new Set(ids);
      for (const linked of rows.map((r) => Number(r.id))) {
        for (const e of await loadSubtree(tx, model, linked)) kept.add(e.id);
        const up = await tx.query<{ id: number | string }>(`${ancestorsCte('$1', '$2')} SELECT id FROM up`, [containmentKeys(model), linked]);
        for (const r of up.rows) if (inSubtree.has(Number(r.id))) kept.add(Number(r.id));
      }
    }
    const doomed = subtree.filter((e) => !kept.has(e.id));
    if (doomed.length === 0) return [];
    const doomedIds = doomed.map((e) => e.id);
    for (const e of doomed) {
      const ref = (e.fields as Record<string, JsonValue>).referanseDokumentfil;
      if (e.type === 'Dokumentversjon' && typeof ref === 'string' && /^\d{1,18}$/.test(ref)) await files.markLinked(tx, Number(ref), null);
    }
    await tx.query('DELETE FROM link WHERE from_id = ANY($1::bigint[]) OR to_id = ANY($1::bigint[])', [doomedIds]);
    await tx.query('DELETE FROM entity WHERE id = ANY($1::bigint[])', [doomedIds]);
    // Innermost first, as one would delete them by hand.
    for (const e of [...doomed].reverse()) {
      await writeChangeLog(tx, {
        entityId: e.id,
        entityType: e.type,
        revisionType: 'DELETE',
        modifiedDate: order.at,
        modifiedBy: order.account.displayName,
        modifiedByUserId: order.account.userId,
        oldValue: e.fields as Record<string, JsonValue>,
      });
    }
    return doomedIds;
    // Alone: a whole subtree goes, which row locks on a server would not cover.
  }, { exclusive: true });
}

export function registerBulkDeleteEndpoint(router: Router, services: SandboxServices, queue: BulkJobQueue): void {
  router.api('POST', '/bulk/delete', async ({ req, res, account }) => {
    const { value } = await readJsonBody(req, services.limits.maxBodyBytes);
    const body = validateBody(bulkDeleteBodySchema, value, 'bulk/delete');
    const { model, db } = services;
    if (!bulkDeleteTypes.includes(body.type) || !model.getType(body.type)) {
      throw new ServiceError(400, `bulk/delete takes \`type\` ${bulkDeleteTypes.join(', ')}, not ${JSON.stringify(body.type)}.`);
    }
    if (!/^\d{1,18}$/.test(body.id)) throw new ServiceError(400, `\`id\` must be the numeric id of the ${body.type}, not ${JSON.stringify(body.id)}.`);
    if (body.version !== undefined && !/^\d{1,9}$/.test(body.version)) throw new ServiceError(400, `\`version\` must be the version number you read, not ${JSON.stringify(body.version)}.`);
    if (!account.canDelete) throw new ServiceError(403, `bulk/delete needs the special permission to delete, which account ${account.login} does not have.`);
    const found = await findBulkTarget(services, body.id, body.type, body.type);
    const id = found.id;
    if (body.version !== undefined && Number(body.version) !== found.version) {
      throw new ServiceError(409, `${found.type} ${body.id} is at version ${found.version}, not ${body.version}: someone changed it; read it again and retry.`);
    }
    const order: BulkDeleteOrder = { rootId: id, deleteObjectsLinkedToPrecedents: body.deleteObjectsLinkedToPrecedents ?? false, account, at: formatTimestamp(services.now()) };
    sendEmpty(res, 202);
    queue.enqueue(() => runBulkDelete(db, model, services.files, order));
  });
}
