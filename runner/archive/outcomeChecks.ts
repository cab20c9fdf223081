/**
 * What to do when a write's answer is lost: say how to find out whether the archive carried it out,
 * as a query the user (or the block runner) can send, rather than repeating the write blindly.
 */
import type { JsonValue } from '../../core/jsonValue';
import { noarkModel } from '../../core/schema';
import type { TransactionBody, TransactionAction } from './archiveApi';
import type { CheckQuery } from './archiveErrors';

export interface OutcomeCheck {
  text: string;
  query?: CheckQuery;
}

/** Fields that tell one entity from its siblings, best first; any other queryable text field follows. */
const distinctiveFields = ['eksternID', 'registreringsIdent', 'mappeIdent', 'klasseIdent', 'arkivskaperIdent', 'tittel', 'korrespondansepartNavn', 'sakspartNavn', 'navn', 'verdi', 'tekst', 'referanseDokumentfil', 'filnavn'];

const isNumericId = (id: string) => /^\d+$/.test(id);

function queryableText(type: string, fields: Record<string, JsonValue> | undefined): { field: string; value: string } | undefined {
  if (!fields) return undefined;
  const def = noarkModel.getType(type);
  const usable = (name: string) => {
    const value = fields[name];
    if (typeof value !== 'string' || value === '') return false;
    const field = def?.fields.find((f) => f.name === name);
    // A type the model does not know is given the benefit of the doubt.
    return def === undefined || (field !== undefined && field.queryable && field.type === 'string');
  };
  const name = distinctiveFields.find(usable) ?? Object.keys(fields).find(usable);
  return name === undefined ? undefined : { field: name, value: fields[name] as string };
}

function firstIds(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describe(query: CheckQuery): string {
  return `POST query ${JSON.stringify(query)}`;
}

function forNewEntity(save: TransactionAction, actions: readonly TransactionAction[]): OutcomeCheck {
  const text = queryableText(save.type, save.fields);
  const parentLink = actions.find((a) => a.action === 'link' && a.id === save.id && a.ref !== undefined && isNumericId(firstIds(a.linkToId) ?? ''));
  const parts: string[] = [];
  const parameters: CheckQuery['parameters'] = {};
  if (text) {
    parts.push(`${text.field} = @value`);
    parameters['@value'] = text.value;
  }
  if (parentLink?.ref) {
    parts.push(`${parentLink.ref}.id = @parent`);
    parameters['@parent'] = firstIds(parentLink.linkToId) ?? null;
  }
  if (parts.length === 0) {
    return { text: `look for the new ${save.type} (temporary id "${save.id}") in the archive before sending the transaction again: it has no text field or existing parent to query it by.` };
  }
  const query: CheckQuery = { type: save.type, query: parts.join(' && '), parameters, limit: 10 };
  return {
    text: `to find out, send ${describe(query)}: if it finds the new ${save.type} (temporary id "${save.id}"), the transaction was carried out (a transaction is all or nothing), so do not send it again.`,
    query,
  };
}

/** How to tell whether a transaction whose answer was lost was carried out. */
export function transactionOutcomeCheck(body: TransactionBody): OutcomeCheck {
  const actions = body.actions ?? [];
  const created = actions.find((a) => a.action === 'save' && !isNumericId(a.id));
  if (created) return forNewEntity(created, actions);
  const updated = actions.find((a) => a.action === 'save');
  if (updated) {
    const query: CheckQuery = { type: updated.type, query: 'id = @id', parameters: { '@id': updated.id }, limit: 1 };
    return {
      text: `to find out, send ${describe(query)} and compare its fields${updated.version ? ` and version (sent: ${updated.version})` : ''} with what the transaction saved; a transaction is all or nothing.`,
      query,
    };
  }
  const linked = actions.find((a) => (a.action === 'link' || a.action === 'unlink') && a.ref);
  if (linked?.ref) {
    const target = firstIds(linked.action === 'link' ? linked.linkToId : linked.unlinkFromId);
    const query: CheckQuery = { type: linked.type, query: `id = @id && ${linked.ref}.id = @target`, parameters: { '@id': linked.id, '@target': target ?? null }, limit: 1 };
    return {
      text: `to find out, send ${describe(query)}: it finds the ${linked.type} ${linked.id} only while the ${linked.action === 'link' ? 'link exists (so the transaction was carried out)' : 'link still exists (so the transaction was not carried out)'}.`,
      query,
    };
  }
  const deleted = actions.find((a) => a.action === 'delete');
  if (deleted) {
    const query: CheckQuery = { type: deleted.type, query: 'id = @id', parameters: { '@id': deleted.id }, limit: 1 };
    return { text: `to find out, send ${describe(query)}: no result means the delete was carried out.`, query };
  }
  return { text: 'the transaction has no action to look for; sending it again is harmless.' };
}

export function uploadOutcomeCheck(fileName: string): OutcomeCheck {
  return {
    text: `the file id of "${fileName}" is unknown, so the upload cannot be looked up; upload the file again. A file that no Dokumentversjon links within 3600 seconds is deleted by the archive, so an upload that did happen leaves nothing behind.`,
  };
}

export function registryOutcomeCheck(what: string, readBack: string): OutcomeCheck {
  return { text: `to find out whether ${what} happened, send ${readBack}; the change is idempotent, so sending it again is harmless.` };
}

export function bulkOutcomeCheck(action: 'open' | 'close', type: string, id: string): OutcomeCheck {
  return {
    text: `bulk/${action} of ${type} ${id} runs in the background, so nothing can confirm it at once; sending it again is harmless (it ${action}s what is already ${action === 'open' ? 'open' : 'closed'} without change).`,
  };
}

export function expandOutcomeCheck(id: string, expandedType: 'Saksmappe' | 'Journalpost'): OutcomeCheck {
  return { text: `to find out whether it happened, query ${expandedType} with \`id = @id\` (@id = "${id}"): it is found once the entity has become a ${expandedType}.` };
}

export function genericOutcomeCheck(): OutcomeCheck {
  return { text: 'look at the archive before sending it again.' };
}
