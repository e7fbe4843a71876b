/**
 * The domain's services over a fresh embedded store in a temporary directory, for the
 * benchmarks that call operations in process (no HTTP).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DomainServices, systemClock } from '@quire/domain';
import { createRepositories, DirectoryBlobStore, openStore, repositoryIndexes } from '@quire/persistence';
import { ensureIndexes, type Store } from '@quire/store';
import { NodeSecrets } from '../src/adapters/node-secrets';
import { TimeOrderedIds } from '../src/adapters/time-ordered-ids';
import { DEFAULT_INCOMING_FILE_LIMITS, ServerIncomingFiles } from '../src/files/server-incoming-files';

export interface BenchServices {
  services: DomainServices;
  store: Store;
  dataDir: string;
}

export async function openBenchServices(name: string): Promise<BenchServices> {
  const dataDir = await mkdtemp(join(tmpdir(), `quire-bench-${name}-`));
  const store = await openStore({ dataDir });
  await ensureIndexes(store.db, repositoryIndexes);
  const services: DomainServices = {
    repos: createRepositories(store.db),
    clock: systemClock,
    ids: new TimeOrderedIds(),
    secrets: new NodeSecrets(new Uint8Array(32), 'bench'),
    urls: { api: 'http://bench.test', app: 'http://app.bench.test' },
    incomingFiles: new ServerIncomingFiles(await DirectoryBlobStore.open(join(dataDir, 'blobs')), {
      ...DEFAULT_INCOMING_FILE_LIMITS,
      allowHosts: [],
    }),
  };
  return { services, store, dataDir };
}
