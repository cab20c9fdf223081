/** The sandbox modules of this folder: the three logs, and bulk open/close. */
import type { SandboxModule } from '../sandboxServices';
import { accessLogSchema, enableAccessLog, flushAccessLog } from './accessLog';
import { registerBulkEndpoints } from './bulkEndpoints';
import { BulkJobQueue } from './bulkJobs';
import { registerChangeLogEndpoint } from './changeLogEndpoint';
import { registerAccessLogEndpoint, registerDownloadLogEndpoint } from './readLogEndpoints';

export const logModule: SandboxModule = {
  name: 'logs',
  schema: () => accessLogSchema,
  seed: async (services) => enableAccessLog(services.db, services.options?.log),
  routes: (router, services) => {
    registerChangeLogEndpoint(router, services);
    registerAccessLogEndpoint(router, services);
    registerDownloadLogEndpoint(router, services);
  },
  close: (services) => flushAccessLog(services.db),
};

export const bulkModule: SandboxModule = {
  name: 'bulk',
  routes: (router, services) => registerBulkEndpoints(router, services, new BulkJobQueue()),
};
