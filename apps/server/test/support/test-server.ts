/**
 * A real server, listening on an ephemeral port, over a fresh store held in memory
 * (`memory-store.ts`; `onDisk` for the embedded store in a temporary directory), with a clock
 * the test controls. One per test file (`beforeAll`); tests isolate themselves by creating
 * their own organization with the factories, never by truncating.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '@quire/store';
import type { FastifyServerOptions } from 'fastify';
import { ScryptPasswords } from '../../src/adapters/scrypt-passwords';
import type { Config } from '../../src/config';
import { type RunningServer, startServer } from '../../src/server';
import { openMemoryStore } from './memory-store';
import { TestClock } from './test-clock';
import { operationCaller, type QuireUnderTest, testConfig } from './test-domain';

export interface TestServer extends RunningServer, Omit<QuireUnderTest, 'services'> {
  config: Config;
  /** fetch against the server: `api('/v1/orgs', { token })`. */
  api(path: string, options?: ApiRequest): Promise<ApiResponse>;
}

export interface ApiRequest {
  method?: string;
  token?: string | null;
  /** A JSON body (serialized), or a raw string sent as is with Content-Type application/json. */
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
  body: any;
}

export interface TestServerOptions {
  /** Fastify's logger options (default: silent); a test that awaits a log line passes a stream. */
  logger?: FastifyServerOptions['logger'];
  /** A store the test opened (on a faulty file system, say), in `dataDir`, which the test then owns. */
  store?: { store: Store; dataDir: string };
  /**
   * The embedded store in the temporary data directory, opened as the server opens it
   * (indexes, session, repairs), instead of one in memory: for tests of what the disk does.
   */
  onDisk?: boolean;
}

/** `fetch` against a base URL, JSON in and out: `api('/v1/orgs', { token })`. */
export function apiClient(baseUrl: string): TestServer['api'] {
  return async (path, options = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(baseUrl + path, { method: options.method ?? 'GET', headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if (text && response.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : parsed };
  };
}

/**
 * Password hashes at a 32nd of the server's cost (N=2^10 instead of 2^15): the same scrypt,
 * format and checks (`test/adapters/scrypt-passwords.test.ts` tests the real cost), at about
 * 3 ms of a core per sign-in instead of 110, which the suite's hundreds of sign-ins, failed
 * ones and refused ones all pay.
 */
const TEST_PASSWORDS = new ScryptPasswords({ N: 2 ** 10, r: 8, p: 1 });

export async function startTestServer(
  env: Record<string, string> = {},
  serverOptions: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = serverOptions.store?.dataDir ?? (await mkdtemp(join(tmpdir(), 'quire-test-')));
  const config = testConfig(dataDir, {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    // Tests send thousands of calls with one token from one address: limits are tested on
    // their own (test/hardening/rate-limits.test.ts), with their defaults or small budgets.
    QUIRE_RATE_LIMIT: '1000000',
    QUIRE_AUTH_FAILURE_LIMIT: '1000000',
    // Likewise the questions sent to the AI provider (test/ask/ask.test.ts tests their budgets).
    QUIRE_AI_QUESTIONS_PER_ASKER: '0',
    QUIRE_AI_QUESTIONS_PER_ORGANIZATION: '0',
    // Threads start at their first task, not as the server starts: a thread loading its code
    // costs about 2 s of a core, and most test files run nothing in one (warmed at each start,
    // the job threads cost the suite's ~300 server starts that every time; the markdown threads
    // are one pool per process). `test/startup/threads-at-start.test.ts` tests the default.
    QUIRE_THREADS_AT_START: 'false',
    ...env,
  });
  const clock = new TestClock();
  const store = serverOptions.store?.store ?? (serverOptions.onDisk ? undefined : await openMemoryStore());
  const server = await startServer(config, {
    clock,
    logger: serverOptions.logger ?? false,
    ...(store ? { store } : {}),
    serviceOverrides: { passwords: TEST_PASSWORDS },
  });
  return {
    ...server,
    clock,
    config,
    callOperation: operationCaller(server.services),
    api: apiClient(server.url),
    close: async () => {
      await server.close();
      if (!serverOptions.store) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
