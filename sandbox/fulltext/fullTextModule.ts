/**
 * The full-text search module: its tables, `POST /full-text/search`, `POST /full-text/set`, and the indexer that runs on
 * an interval (`fullTextIndexIntervalSeconds`, 5 s by default; 0 turns the interval off, leaving
 * `fullTextIndexer(services).runOnce()` to tests and tools).
 */
import type { SandboxModule, SandboxServices } from '../sandboxServices';
import { FullTextIndexer, fullTextSchemaStatements } from './fullTextIndexer';
import { registerFullTextSearchEndpoint } from './fullTextSearch';
import { fullTextSetSchemaStatements, registerFullTextSetEndpoint } from './fullTextSet';

export const defaultFullTextIndexIntervalSeconds = 5;

const indexers = new WeakMap<SandboxServices, FullTextIndexer>();

/** The indexer of a sandbox that runs the full-text module, or undefined. */
export function fullTextIndexer(services: SandboxServices): FullTextIndexer | undefined {
  return indexers.get(services);
}

export const fullTextModule: SandboxModule = {
  name: 'full-text',
  schema: () => [...fullTextSchemaStatements(), ...fullTextSetSchemaStatements()],
  routes: (router, services) => {
    registerFullTextSearchEndpoint(router, services);
    const indexer = new FullTextIndexer(services, { log: services.options?.log });
    indexers.set(services, indexer);
    registerFullTextSetEndpoint(router, services, indexer);
    indexer.start(services.options?.fullTextIndexIntervalSeconds ?? defaultFullTextIndexIntervalSeconds);
  },
  close: async (services) => {
    await indexers.get(services)?.stop();
  },
};
