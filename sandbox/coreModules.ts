/** The built-in modules: tokens, the core structure endpoints (query, transaction, files), code
 * lists, the BSM registry, logs, bulk open/close and full-text search. */
import { tokenEndpoint } from './auth/tokenEndpoint';
import { registerDownloadEndpoint } from './endpoints/downloadEndpoint';
import { registerQueryEndpoint } from './endpoints/queryEndpoint';
import { registerTransactionEndpoint } from './endpoints/transactionEndpoint';
import { registerUploadEndpoint } from './endpoints/uploadEndpoint';
import { bulkModule, logModule } from './audit/auditModules';
import { fullTextModule } from './fulltext/fullTextModule';
import { bsmModule, codeListModule } from './registries/registryModules';
import type { SandboxModule } from './sandboxServices';
import { seedCodeLists } from './store/codeListStore';
import { coreSchemaStatements } from './store/schema.sql';

export const authModule: SandboxModule = {
  name: 'oauth2',
  routes: (router, services) => {
    router.open('POST', '/oauth2/token', tokenEndpoint({ accounts: services.accounts, tokens: services.tokens, maxBodyBytes: services.limits.maxBodyBytes }));
  },
};

export const structureModule: SandboxModule = {
  name: 'structure',
  schema: ({ model }) => coreSchemaStatements(model),
  seed: (services) => seedCodeLists(services.db, services.model),
  routes: (router, services) => {
    registerQueryEndpoint(router, services);
    registerTransactionEndpoint(router, services);
    registerUploadEndpoint(router, services);
    registerDownloadEndpoint(router, services);
  },
};

export const builtInModules: readonly SandboxModule[] = [authModule, structureModule, codeListModule, bsmModule, logModule, bulkModule, fullTextModule];
