/**
 * The code-list and BSM-registry endpoints as sandbox modules. The BSM module also makes
 * `services.bsmRegistry` answer with the live registry, so that transactions check BSM values
 * against it and store them with their types.
 */
import type { SandboxModule, SandboxServices } from '../sandboxServices';
import type { Database } from '../store/database';
import { registerBsmRegistryEndpoints } from './bsmRegistryEndpoints';
import { BsmRegistryStore, bsmRegistrySchemaStatements } from './bsmRegistryStore';
import { registerCodeListEndpoints } from './codeListEndpoints';

/** Code lists are seeded by the structure module; this one only adds their endpoints. */
export const codeListModule: SandboxModule = {
  name: 'code-lists',
  routes: (router, services) => registerCodeListEndpoints(router, services),
};

// One store (and so one cache) per archive, shared by the seed and routes hooks.
const stores = new WeakMap<Database, BsmRegistryStore>();
function storeFor(services: SandboxServices): BsmRegistryStore {
  let store = stores.get(services.db);
  // On a server other sandbox processes may change the registry too.
  if (!store) stores.set(services.db, (store = new BsmRegistryStore(services.db, { shared: services.options?.databaseUrl !== undefined })));
  return store;
}

export const bsmModule: SandboxModule = {
  name: 'bsm-registry',
  schema: () => bsmRegistrySchemaStatements(),
  seed: async (services) => {
    const store = storeFor(services);
    services.bsmRegistry = (session) => store.registry(session);
  },
  routes: (router, services) => registerBsmRegistryEndpoints(router, services, storeFor(services)),
};
