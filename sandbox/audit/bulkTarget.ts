/**
 * The entity a bulk request (`bulk/open`, `bulk/close`, `bulk/delete`) names by `id` and `type`,
 * checked before the request is accepted: the id is numeric (400), some entity has it (404), and
 * that entity is a `type` (400).
 */
import { ServiceError } from '../http/errors';
import type { SandboxServices } from '../sandboxServices';

export interface BulkTarget {
  id: number;
  type: string;
  version: number;
}

/** `type` is the model type to check against; `typeAsSent` the name the request gave it. */
export async function findBulkTarget(services: SandboxServices, idText: string, type: string, typeAsSent: string): Promise<BulkTarget> {
  if (!/^\d{1,18}$/.test(idText)) throw new ServiceError(400, `\`id\` must be the numeric id of the ${typeAsSent}, not ${JSON.stringify(idText)}.`);
  const id = Number(idText);
  const { rows } = await services.db.query<{ type: string; version: number | string }>('SELECT type, version FROM entity WHERE id = $1', [id]);
  const found = rows[0];
  if (!found) throw new ServiceError(404, `No entity has id ${idText}.`);
  if (!services.model.isAssignable(found.type, type)) throw new ServiceError(400, `${idText} is a ${found.type}, not a ${typeAsSent}: send the type of the entity you mean.`);
  return { id, type: found.type, version: Number(found.version) };
}
