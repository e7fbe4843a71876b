/**
 * A real server, listening on an ephemeral port, over a fresh embedded store in a temporary
 * directory, with a clock the test controls. One per test file (`beforeAll`); tests isolate
 * themselves by creating their own organization with the factories, never by truncating.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, parseConfig } from '../../src/config';
import { type RunningServer, startServer } from '../../src/server';
import { TestClock } from './test-clock';

export interface TestServer extends RunningServer {
  clock: TestClock;
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

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-test-'));
  const config = parseConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    QUIRE_DATA_DIR: dataDir,
    QUIRE_PUBLIC_URL: 'http://quire.test',
    QUIRE_APP_URL: 'http://app.quire.test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const clock = new TestClock();
  const server = await startServer(config, { clock, logger: false });
  const api = async (path: string, options: ApiRequest = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(server.url + path, { method: options.method ?? 'GET', headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if (text && response.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : parsed };
  };
  return {
    ...server,
    clock,
    config,
    api,
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
