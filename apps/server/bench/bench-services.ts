/**
 * The domain's services over a fresh embedded store in a temporary directory, for the
 * benchmarks that call operations in process (no HTTP): the server's own (`buildServices`).
 */

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DomainServices } from '@quire/domain';
import { openStore, repositoryIndexes } from '@quire/persistence';
import { ensureIndexes, type Store } from '@quire/store';
import { parseConfig } from '../src/config';
import { buildServices } from '../src/services';

export interface BenchServices {
  services: DomainServices;
  store: Store;
  dataDir: string;
}

/** Services over a new store, or over the store in `existingDataDir` (a fresh process's view of it). */
export async function openBenchServices(name: string, existingDataDir?: string): Promise<BenchServices> {
  const dataDir = existingDataDir ?? (await mkdtemp(join(tmpdir(), `quire-bench-${name}-`)));
  const store = await openStore({ dataDir });
  await ensureIndexes(store.db, repositoryIndexes);
  const config = parseConfig({
    QUIRE_DATA_DIR: dataDir,
    QUIRE_PUBLIC_URL: 'http://bench.test',
    QUIRE_APP_URL: 'http://app.bench.test',
  });
  const services = await buildServices({ config, store });
  return { services, store, dataDir };
}
