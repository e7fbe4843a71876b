/**
 * The registry: every operation of Quire, as a tree whose paths are the operations' names,
 * mounted from the areas' declarations (`areas.ts`). Areas may share a branch (`spaces`), but
 * an operation's path is mounted once (checked here, when the module loads). The REST route
 * table, the tRPC router (whose procedure names are these paths) and the GraphQL schema are
 * all built from it, and a test fails when an operation misses a face.
 */
import { domainAreas } from './areas';
import { mountAreas } from './core/area-declaration';
import type { OperationTree } from './core/operation';
import type { JobHandlers } from './jobs';

export const operations = mountAreas(domainAreas) satisfies OperationTree;

export type Operations = typeof operations;

/** The handler of every job kind the domain's areas run, by kind (a kind handled twice throws here). */
export const domainJobHandlers: JobHandlers = {};
for (const area of domainAreas) {
  if (!('jobHandlers' in area)) continue;
  for (const [kind, handler] of Object.entries(area.jobHandlers)) {
    if (kind in domainJobHandlers) throw new Error(`registry: job kind ${kind} is handled twice`);
    domainJobHandlers[kind] = handler;
  }
}
