/**
 * One test server for every case file of the folder: the cases are registered by a single
 * test file (`official-client.test.ts`), so the server and its imports load once, which
 * keeps the suite fast. Cases isolate themselves with their own organizations.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let current: TestServer | undefined;

/** Starts the server before the file's tests and closes it after them. */
export function useSharedServer(): void {
  beforeAll(async () => {
    // Imports read their sources from a site on 127.0.0.1 (`support/markdown-origin.ts`).
    current = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
}

/** The running server (inside a test). */
export function testServer(): TestServer {
  if (!current)
    throw new Error('the shared test server is not running: call useSharedServer() in the test file');
  return current;
}
