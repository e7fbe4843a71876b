/**
 * The domain's services over a fresh embedded store in a temporary directory, for the
 * benchmarks that call operations in process (no HTTP).
 */

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DomainServices, systemClock } from '@quire/domain';
import {
  createRepositories,
  DirectoryBlobStore,
  DirectoryJobFiles,
  InProcessEventBus,
  openStore,
  repositoryIndexes,
} from '@quire/persistence';
import { ensureIndexes, type Store } from '@quire/store';
import { NodeSecrets } from '../src/adapters/node-secrets';
import { ScryptPasswords } from '../src/adapters/scrypt-passwords';
import { TimeOrderedIds } from '../src/adapters/time-ordered-ids';
import { parseConfig } from '../src/config';
import { ServerPdfLinks } from '../src/content-exports/server-pdf-links';
import { DEFAULT_INCOMING_FILE_LIMITS, ServerIncomingFiles } from '../src/files/server-incoming-files';
import { ServerGitRepositories } from '../src/git-sync/server-git-repositories';
import { DEFAULT_CONTENT_IMPORT_LIMITS, ServerContentImports } from '../src/imports/server-content-imports';
import { markdownThreadsFor } from '../src/markdown/threaded-untrusted-markdown';
import { ServerOpenApiProcessor } from '../src/openapi/server-openapi-processor';
import { MiniSearchContentSearch } from '../src/search/mini-search-content-search';
import { TemplateCatalog } from '../src/templates/template-catalog';
import { unconfiguredTranslationProvider } from '../src/translations/unconfigured-provider';
import { LimitedPool } from '../src/worker-pools/limited-pool';

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
  const blobs = await DirectoryBlobStore.open(join(dataDir, 'blobs'));
  const services: DomainServices = {
    repos: createRepositories(store.db),
    clock: systemClock,
    ids: new TimeOrderedIds(),
    secrets: new NodeSecrets(new Uint8Array(32), 'bench'),
    passwords: new ScryptPasswords(),
    urls: { api: 'http://bench.test', app: 'http://app.bench.test' },
    incomingFiles: new ServerIncomingFiles(blobs, { ...DEFAULT_INCOMING_FILE_LIMITS, allowHosts: [] }),
    contentImports: new ServerContentImports(blobs, { ...DEFAULT_CONTENT_IMPORT_LIMITS, allowHosts: [] }),
    jobFiles: await DirectoryJobFiles.open(join(dataDir, 'job-files')),
    contentTemplates: new TemplateCatalog(fileURLToPath(new URL('../templates', import.meta.url))),
    pdfLinks: new ServerPdfLinks(new Uint8Array(32), 'http://bench.test', systemClock, 3_600_000),
    events: new InProcessEventBus(() => {}),
    contentSearch: new MiniSearchContentSearch(),
    openApiProcessor: new ServerOpenApiProcessor(new LimitedPool('job-thread', parseConfig({}).jobThreads), {
      timeoutMs: 30_000,
      allowHosts: [],
    }),
    translationProvider: unconfiguredTranslationProvider,
    untrustedMarkdown: markdownThreadsFor(parseConfig({}).markdown),
    gitRepositories: new ServerGitRepositories(
      blobs,
      { maxFileBytes: 10 * 1024 * 1024, maxFiles: 20_000, maxImportBytes: 256 * 1024 * 1024 },
      { allowHosts: [], allowFile: false },
    ),
  };
  return { services, store, dataDir };
}
