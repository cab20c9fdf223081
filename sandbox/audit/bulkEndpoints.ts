/**
 * `POST /bulk/open` and `POST /bulk/close`: body `{type, id}`, answer 202 Accepted with no body at
 * once; the work runs afterwards on the job queue (bulkJobs.ts). What can be checked before
 * accepting is checked before: the type is one the spec lists (`DokumentBeskrivelse` is the
 * spec's name for Dokument), the id exists (404) and is of that type, and an entity inside a
 * closed one cannot be opened on its own (its container stays closed; open that instead).
 */
import { bulkBodySchema as bulkBody } from '../../core/api';
import { z } from 'zod';
import { bulkTypes } from '../../core/document/requestBodyShapes';
import { ServiceError } from '../http/errors';
import { readJsonBody, validateBody } from '../http/requestBody';
import { sendEmpty } from '../http/responses';
import type { Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import { formatTimestamp } from '../store/fieldValues';
import { registerBulkDeleteEndpoint } from './bulkDelete';
import { runBulkOrder, type BulkAction, type BulkJobQueue } from './bulkJobs';
import { findBulkTarget } from './bulkTarget';
import { closedEntityMessage, findClosedContainer } from './closedEntities';

const typeAliases: Readonly<Record<string, string>> = { DokumentBeskrivelse: 'Dokument' };

const bulkBodySchema = bulkBody.extend({
  type: z.string().min(1, 'give the type of the entity'),
  id: z.union([z.string(), z.number().int().nonnegative()]).transform((v) => String(v).trim()),
});

/** The model type a bulk `type` stands for, or a 400 naming the accepted ones. */
function bulkType(services: SandboxServices, name: string): string {
  const type = typeAliases[name] ?? name;
  if (services.model.getType(type)?.bulk) return type;
  const abstract = services.model.types.find((t) => t.abstract && t.bulk && t.subtypes.includes(name));
  const hint = abstract ? ` A ${name} is opened and closed as ${abstract.name}.` : '';
  throw new ServiceError(400, `bulk/open and bulk/close take \`type\` ${bulkTypes.join(', ')}, not ${JSON.stringify(name)}.${hint}`);
}

function registerBulkAction(router: Router, services: SandboxServices, queue: BulkJobQueue, action: BulkAction): void {
  router.api('POST', `/bulk/${action}`, async ({ req, res, account }) => {
    const { value } = await readJsonBody(req, services.limits.maxBodyBytes);
    const body = validateBody(bulkBodySchema, value, `bulk/${action}`);
    const type = bulkType(services, body.type);
    const { id, type: foundType } = await findBulkTarget(services, body.id, type, body.type);
    if (action === 'open') {
      const closedAbove = await findClosedContainer(services.db, services.model, id, 1);
      if (closedAbove) throw new ServiceError(400, closedEntityMessage({ id, type: foundType }, closedAbove, services.timeZone));
    }
    const order = { action, rootId: id, account, at: formatTimestamp(services.now()) };
    sendEmpty(res, 202);
    queue.enqueue(() => runBulkOrder(services.db, services.model, order));
  });
}

export function registerBulkEndpoints(router: Router, services: SandboxServices, queue: BulkJobQueue): void {
  registerBulkAction(router, services, queue, 'open');
  registerBulkAction(router, services, queue, 'close');
  registerBulkDeleteEndpoint(router, services, queue);
}
