/**
 * Finds one entity in the archive by its type and id: the access and download logs are keyed by
 * `uuid`, which a tree node or a typed id does not carry. Reading an entity is an access the archive logs, so
 * looking it up shows in its access log too.
 */
import type { ArchiveApi, EntityObject } from '../../runner/archive/archiveApi';
import type { EntityRef } from '../archive/entityRef';

export async function lookUpEntity(client: ArchiveApi, entity: EntityRef, signal?: AbortSignal): Promise<EntityObject | undefined> {
  const response = await client.query({ type: entity.type, query: 'id = @id', parameters: { '@id': entity.id }, limit: 1 }, { signal });
  return response.body.results[0];
}
