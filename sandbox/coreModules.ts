/** The built-in modules: tokens, the core structure endpoints (query, transaction, files), code
 * lists, the BSM registry, logs, bulk open/close and full-text search. */
import { revokeEndpoint, tokenEndpoint } from './auth/tokenEndpoint';
import { registerDownloadEndpoint } from './endpoints/downloadEndpoint';
import { registerExpandEndpoints } from './endpoints/expandEndpoints';
import { registerInfoEndpoint } from './endpoints/infoEndpoint';
import { registerQueryEndpoint } from './endpoints/queryEndpoint';
import { registerTransactionEndpoint } from './endpoints/transactionEndpoint';
import { registerUploadEndpoint } from './endpoints/uploadEndpoint';
import { bulkModule, logModule } from './audit/auditModules';
import { fullTextModule } from './fulltext/fullTextModule';
import { bsmModule, codeListModule } from './registries/registryModules';
import { registryVersionSchemaStatements } from './registries/registryCache';
import type { SandboxModule } from './sandboxServices';
import { seedCodeLists } from './store/codeListStore';
import { coreSchemaStatements } from './store/schema.sql';

/** The token endpoint's paths; the first is the real tenants' form, which the sandbox advertises. */
export const tokenPaths = ['/idp/oauth2/token', '/oauth2/token'] as const;
/** Sign-out (RFC 7009 token revocation), beside the token endpoint. */
export const revokePaths = ['/idp/oauth2/revoke', '/oauth2/revoke'] as const;

export const authModule: SandboxModule = {
  name: 'oauth2',
  routes: (router, services) => {
    const deps = { accounts: services.accounts, tokens: services.tokens, maxBodyBytes: services.limits.maxBodyBytes };
    const endpoint = tokenEndpoint(deps);
    // Real tenants serve the identity provider under /idp (vendor notes §1.3), so configurations
    // written for them work unchanged; the short path stays for what was written for the sandbox.
    for (const path of tokenPaths) router.open('POST', path, endpoint);
    const revoke = revokeEndpoint(deps);
    for (const path of revokePaths) router.open('POST', path, revoke);
  },
};

export const structureModule: SandboxModule = {
  name: 'structure',
  // The registries' version rows: the code lists' changes raise theirs, as the BSM registry's do.
  schema: ({ model, options }) => [...coreSchemaStatements(model, options?.databaseUrl !== undefined), ...registryVersionSchemaStatements()],
  seed: (services) => seedCodeLists(services.db, services.model),
  routes: (router, services) => {
    registerQueryEndpoint(router, services);
    registerTransactionEndpoint(router, services);
    registerUploadEndpoint(router, services);
    registerDownloadEndpoint(router, services);
    registerInfoEndpoint(router);
    registerExpandEndpoints(router, services);
  },
};

export const builtInModules: readonly SandboxModule[] = [authModule, structureModule, codeListModule, bsmModule, logModule, bulkModule, fullTextModule];
