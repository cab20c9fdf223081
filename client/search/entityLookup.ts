/**
 * Finds one entity in the archive by its type and id: a search hit names folders and registry
 * entries by their abstract types, and the access and download logs are keyed by `uuid`, which a
 * tree node or a typed id does not carry. Reading an entity is an access the archive logs, so
 * looking it up shows in its access log too.
 */
import type { ArchiveApi, EntityObject } from '../../runner/archive/archiveApi';
import type { EntityRef } from '../archive/entityRef';

export async function lookUpEntity(client: ArchiveApi, entity: EntityRef, signal?: AbortSignal): Promise<EntityObject | undefined> {
  const response = await client.query({ type: entity.type, query: 'id = @id', parameters: { '@id': entity.id }, limit: 1 }, { signal });
  return response.body.results[0];
}

/** The ref with its concrete type (`Saksmappe` for `AbstraktMappe`), or undefined when the
 * archive has no such entity. */
export async function concreteEntity(client: ArchiveApi, entity: EntityRef, isAbstract: (type: string) => boolean, signal?: AbortSignal): Promise<EntityRef | undefined> {
  if (!isAbstract(entity.type)) return entity;
  const found = await lookUpEntity(client, entity, signal);
  return found && { ...entity, type: found.type };
}
