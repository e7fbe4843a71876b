/**
 * Quire without its faces, for tests of domain rules: the real repositories over a store in
 * memory (`memory-store.ts`), the server's own ids and secrets, a clock the test moves, and
 * `callOperation`, which runs an operation for a caller the way every face does (the token
 * authenticated, then `executeOperation`) but without HTTP. An outcome is the operation's
 * output, or its `DomainError` (`rejects.toMatchObject({ code: 'not_found' })`).
 *
 * It lives with the server's tests, not in `@quire/persistence`: the ids and secrets are the
 * server's adapters (`src/adapters`), which persistence may not import.
 */

import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authenticateApiToken, type DomainServices, executeOperation, type Operation } from '@quire/domain';
import {
  createRepositories,
  DirectoryBlobStore,
  DirectoryJobFiles,
  InProcessEventBus,
} from '@quire/persistence';
import type { z } from 'zod';
import { NodeSecrets } from '../../src/adapters/node-secrets';
import { ScryptPasswords } from '../../src/adapters/scrypt-passwords';
import { TimeOrderedIds } from '../../src/adapters/time-ordered-ids';
import { parseConfig } from '../../src/config';
import { ServerPdfLinks } from '../../src/content-exports/server-pdf-links';
import { DEFAULT_INCOMING_FILE_LIMITS, ServerIncomingFiles } from '../../src/files/server-incoming-files';
import { ServerGitRepositories } from '../../src/git-sync/server-git-repositories';
import {
  DEFAULT_CONTENT_IMPORT_LIMITS,
  ServerContentImports,
} from '../../src/imports/server-content-imports';
import { markdownThreadsFor } from '../../src/markdown/threaded-untrusted-markdown';
import { ServerOpenApiProcessor } from '../../src/openapi/server-openapi-processor';
import { MiniSearchContentSearch } from '../../src/search/mini-search-content-search';
import { TemplateCatalog } from '../../src/templates/template-catalog';
import { unconfiguredTranslationProvider } from '../../src/translations/unconfigured-provider';
import { LimitedPool } from '../../src/worker-pools/limited-pool';
import { openMemoryStore } from './memory-store';
import { TestClock } from './test-clock';

/** The public URLs of every test's Quire (the test server's configuration says the same). */
export const TEST_URLS = { api: 'http://quire.test', app: 'http://app.quire.test' } as const;

/** Who calls: anyone holding a token (a `TestUser`), or null for a call without one. */
export type TestCaller = { token: string } | null;

/** Runs `op` for the holder of `caller`'s token, as a face would; rejects with the DomainError. */
export type CallOperation = <Input extends z.ZodType, Output extends z.ZodType>(
  op: Operation<Input, Output>,
  caller: TestCaller,
  input: z.input<Input>,
) => Promise<z.input<Output>>;

/**
 * The Quire under test, as fixtures and domain tests need it: its services, the clock the
 * test moves, and `callOperation`. A test server is one, and so is a test domain.
 */
export interface QuireUnderTest {
  services: DomainServices;
  clock: TestClock;
  callOperation: CallOperation;
}

export function operationCaller(services: DomainServices): CallOperation {
  return async (op, caller, input) => {
    // A token that does not authenticate (revoked, unknown) leaves no caller: a 401, as on a face.
    const authenticated = caller ? await authenticateApiToken(services, caller.token) : null;
    return executeOperation(op, { ...services, caller: authenticated }, input);
  };
}

/** A Quire without faces over a fresh store in memory: one per test file (`beforeAll`). */
export async function openTestDomain(): Promise<QuireUnderTest> {
  const store = await openMemoryStore();
  const clock = new TestClock();
  const blobs = await DirectoryBlobStore.open(await mkdtemp(join(tmpdir(), 'quire-test-blobs-')));
  const services: DomainServices = {
    repos: createRepositories(store.db),
    clock,
    ids: new TimeOrderedIds(),
    secrets: new NodeSecrets(randomBytes(32), TEST_URLS.api),
    passwords: new ScryptPasswords(),
    urls: TEST_URLS,
    incomingFiles: new ServerIncomingFiles(blobs, { ...DEFAULT_INCOMING_FILE_LIMITS, allowHosts: [] }),
    contentImports: new ServerContentImports(blobs, { ...DEFAULT_CONTENT_IMPORT_LIMITS, allowHosts: [] }),
    jobFiles: await DirectoryJobFiles.open(await mkdtemp(join(tmpdir(), 'quire-test-job-files-'))),
    contentTemplates: new TemplateCatalog(fileURLToPath(new URL('../../templates', import.meta.url))),
    pdfLinks: new ServerPdfLinks(randomBytes(32), TEST_URLS.api, clock, 3_600_000),
    events: new InProcessEventBus(() => {}),
    contentSearch: new MiniSearchContentSearch(),
    openApiProcessor: new ServerOpenApiProcessor(new LimitedPool('job-thread', parseConfig({}).jobThreads), {
      timeoutMs: 10_000,
      allowHosts: ['127.0.0.1'],
    }),
    translationProvider: unconfiguredTranslationProvider,
    untrustedMarkdown: markdownThreadsFor(parseConfig({}).markdown),
    gitRepositories: new ServerGitRepositories(
      blobs,
      { maxFileBytes: 10 * 1024 * 1024, maxFiles: 20_000, maxImportBytes: 256 * 1024 * 1024 },
      { allowHosts: ['127.0.0.1'], allowFile: true },
    ),
  };
  return { services, clock, callOperation: operationCaller(services) };
}
