/**
 * The registry: every operation of Quire, as a tree whose paths are the operations' names.
 * Each area mounts its own tree once, under top-level keys no other area uses (checked
 * here, when the module loads). The REST route table, the tRPC router (whose procedure names
 * are these paths) and the GraphQL schema are all built from it, and a test fails when an
 * operation misses a face.
 */
import { contentOperations } from './content';
import type { OperationTree } from './core/operation';
import { gitSyncOperations } from './git-sync';
import { identityOperations } from './identity';
import { jobsOperations } from './jobs';
import { openApiOperations } from './openapi';
import { organizationOperations } from './organizations';
import { publishingOperations } from './publishing';
import { translationsOperations } from './translations';

const areas: readonly OperationTree[] = [
  identityOperations,
  organizationOperations,
  jobsOperations,
  openApiOperations,
  contentOperations,
  publishingOperations,
  translationsOperations,
  gitSyncOperations,
];

const mounts = areas.flatMap((area) => Object.keys(area));
const twice = mounts.filter((key, index) => mounts.indexOf(key) !== index);
if (twice.length > 0) throw new Error(`registry: more than one area mounts ${twice.join(', ')}`);

export const operations = {
  ...identityOperations,
  ...organizationOperations,
  ...jobsOperations,
  ...openApiOperations,
  ...contentOperations,
  ...publishingOperations,
  ...translationsOperations,
  ...gitSyncOperations,
} satisfies OperationTree;

export type Operations = typeof operations;
