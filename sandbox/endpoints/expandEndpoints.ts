/**
 * `POST expand/folder` and `POST expand/record`: not in the spec or the vendor's documentation;
 * the vendor's Java client calls them (vendor notes §1.5, "Endpoints in the Java client but not in
 * the doc"; `NoarkClient.expandFolder/expandBasicRecord`, `noarkentities/expand/UtvidTil*.java`).
 *
 *   expand/folder  {id, saksmappe: {mappeIdent, saksaar, sakssekvensnummer, saksansvarlig,
 *                   saksansvarligBrukerIdent, saksdato, administrativEnhet, saksstatus}}
 *                  turns a Mappe into a Saksmappe
 *   expand/record  {id, journalpost: {journalaar, journalsekvensnummer, journalpostnummer,
 *                   journalansvarlig, journalansvarligBrukerIdent, journalposttype, journalstatus},
 *                   korrespondansepart: [{korrespondansepartNavn, korrespondanseparttype}]}
 *                  turns a Basisregistrering into a Journalpost with those parties
 *
 * The entity keeps its id, fields and links; its type changes and the change log records it. The
 * new fields are then saved, and the parties created, by the transaction executor in the same SQL
 * transaction, so the rules of a save (code lists, numbering, closed parents, what a Saksmappe or
 * Journalpost needs) hold as they do for `POST transaction`. The Java client reads no body
 * (`VoidResponseHandler`): the answer is 204. Its mapper leaves out null fields (NON_NULL), so
 * every field is optional here; a key nobody documents is refused naming it.
 */
import { expandFolderBodySchema as folderBody, expandRecordBodySchema as recordBody } from '../../core/api';
import { z } from 'zod';
import type { JsonValue } from '../../core/jsonValue';
import type { Account } from '../auth/accounts';
import { ServiceError } from '../http/errors';
import { readJsonBody, validateBody } from '../http/requestBody';
import { sendEmpty } from '../http/responses';
import type { Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import { writeChangeLog } from '../store/changeLog';
import { formatTimestamp } from '../store/fieldValues';
import { ActionError, TransactionRun, type TxAction } from '../store/transactionExecutor';
import { checkWithCore } from './transactionEndpoint';

const id = z.union([z.string(), z.number().int()], { error: 'id is the id of the entity to expand' }).transform(String);
const whole = z.number().int('must be a whole number').optional();

// core/api's bodies, with the archive's checks on top.
export const expandFolderBodySchema = folderBody.extend({
  id,
  saksmappe: folderBody.shape.saksmappe.unwrap().extend({ saksaar: whole, sakssekvensnummer: whole }).optional(),
});

export const expandRecordBodySchema = recordBody.extend({
  id,
  journalpost: recordBody.shape.journalpost.unwrap().extend({ journalaar: whole, journalsekvensnummer: whole, journalpostnummer: whole }).optional(),
});

interface Expansion {
  endpoint: string;
  from: string;
  to: string;
  fields: Record<string, JsonValue>;
  parties: Record<string, JsonValue>[];
}

async function expand(services: SandboxServices, account: Account, id: string, e: Expansion): Promise<void> {
  if (!/^\d{1,18}$/.test(id)) throw new ServiceError(404, `${e.endpoint}: there is no ${e.from} with id "${id}".`);
  const actions: TxAction[] = [{ action: 'save', type: e.to, id, fields: e.fields }];
  e.parties.forEach((fields, i) => {
    actions.push({ action: 'save', type: 'Korrespondansepart', id: `party${i}`, fields });
    actions.push({ action: 'link', type: 'Korrespondansepart', id: `party${i}`, ref: 'refRegistrering', linkToId: [id] });
  });
  const part = e.to === 'Saksmappe' ? 'saksmappe' : 'journalpost';
  await services.db.transaction(async (tx) => {
    // The same checks a transaction gets first (code lists, field types, BSM), in the words of
    // this endpoint, before anything is changed.
    const bsmRegistry = await checkWithCore(JSON.stringify({ actions }), services, tx, {
      lead: `${e.endpoint}: ${id} was not expanded, nothing was changed`,
      action: (index) => (index === 0 ? part : `korrespondansepart[${Math.floor((index - 1) / 2)}]`),
    });
    const { rows } = await tx.query<{ type: string }>('SELECT type FROM entity WHERE id = $1 FOR UPDATE', [id]);
    const found = rows[0];
    if (!found) throw new ServiceError(404, `${e.endpoint}: there is no ${e.from} with id ${id}.`);
    if (found.type !== e.from) throw new ServiceError(400, `${e.endpoint} turns a ${e.from} into a ${e.to}; ${id} is a ${found.type}.`);
    await tx.query('UPDATE entity SET type = $2 WHERE id = $1', [id, e.to]);
    await tx.query('UPDATE link SET from_type = $2 WHERE from_id = $1', [id, e.to]);
    await writeChangeLog(tx, {
      entityId: Number(id),
      entityType: e.to,
      revisionType: 'UPDATE',
      modifiedDate: formatTimestamp(services.now()),
      modifiedBy: account.login,
      modifiedByUserId: account.userId,
      modifiedField: 'type',
      modifiedFieldType: 'string',
      newValue: { type: e.to },
      oldValue: { type: e.from },
    });
    try {
      await new TransactionRun(tx, { model: services.model, files: services.files, now: services.now, timeZone: services.timeZone, bsmRegistry }, account).run(actions);
    } catch (error) {
      if (error instanceof ActionError) throw new ServiceError(error.status, `${e.endpoint}: ${id} was not expanded, nothing was changed: ${error.message}`);
      throw error;
    }
  });
}

/** The keys the Java client sends that are set (its mapper leaves null out; so does this). */
function setFields(fields: Record<string, JsonValue | undefined> | undefined): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(fields ?? {})) if (v !== undefined) out[k] = v;
  return out;
}

export function registerExpandEndpoints(router: Router, services: SandboxServices): void {
  router.api('POST', '/expand/folder', async ({ req, res, account }) => {
    const { value } = await readJsonBody(req, services.limits.maxBodyBytes);
    const body = validateBody(expandFolderBodySchema, value, 'expand/folder');
    await expand(services, account, body.id, { endpoint: 'expand/folder', from: 'Mappe', to: 'Saksmappe', fields: setFields(body.saksmappe), parties: [] });
    sendEmpty(res, 204);
  });
  router.api('POST', '/expand/record', async ({ req, res, account }) => {
    const { value } = await readJsonBody(req, services.limits.maxBodyBytes);
    const body = validateBody(expandRecordBodySchema, value, 'expand/record');
    await expand(services, account, body.id, {
      endpoint: 'expand/record',
      from: 'Basisregistrering',
      to: 'Journalpost',
      fields: setFields(body.journalpost),
      parties: (body.korrespondansepart ?? []).map(setFields),
    });
    sendEmpty(res, 204);
  });
}
