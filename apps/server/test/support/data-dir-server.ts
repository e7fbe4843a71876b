/**
 * Servers over a data directory the test chooses, so that one directory can be opened by a
 * server, closed, and opened again (or handed to the `quire` command line in between).
 * `startTestServer` runs over a fresh store each time, which these tests cannot use (the
 * identity, startup and operability tests, and the command line's).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryIndexes } from '@quire/persistence';
import { ensureIndexes } from '@quire/store';
import { type EmbeddedStoreOptions, openEmbeddedStore } from '@quire/store-embedded';
import { parseConfig } from '../../src/config';
import { type RunningServer, startServer } from '../../src/server';
import { startTestServer, type TestServer } from './test-server';

export const PUBLIC_URL = 'http://quire.test';

export const makeDataDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'quire-data-dir-'));

export function envFor(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    QUIRE_DATA_DIR: dataDir,
    QUIRE_PUBLIC_URL: PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...extra,
  };
}

export function startServerOn(dataDir: string, extra: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(parseConfig(envFor(dataDir, extra)), { logger: false });
}

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type ResponseBody = any;

export async function call(
  server: RunningServer,
  path: string,
  token?: string,
): Promise<{ status: number; body: ResponseBody }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(server.url + path, { headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * A test server (`test-server.ts`: ephemeral port, the test's clock) over the embedded store
 * in `dataDir`, on the file system the test chooses: a fault-injecting one
 * (`FaultInjectingFs`), or the real one on a small tmpfs. Starting it again on the same
 * directory is a restart.
 */
export async function startServerOnStore(
  dataDir: string,
  fs?: EmbeddedStoreOptions['fs'],
): Promise<TestServer> {
  const store = await openEmbeddedStore(dataDir, fs === undefined ? {} : { fs });
  await ensureIndexes(store.db, repositoryIndexes);
  return startTestServer({ QUIRE_DATA_DIR: dataDir }, { store: { store, dataDir } });
}
