/**
 * Finds a MongoDB server for the contract suite: `MONGODB_URI` if set, otherwise one started
 * by mongodb-memory-server, which needs a cached binary or network access to download one.
 * Never throws: when there is no server, it says why, so the suite can report the skip.
 */
import { MongoMemoryServer } from 'mongodb-memory-server-core';

export type MongoTarget =
  | { available: true; uri: string; source: string; stop(): Promise<void> }
  | { available: false; reason: string };

export async function findMongoTarget(startTimeoutMs: number): Promise<MongoTarget> {
  const uri = process.env.MONGODB_URI;
  if (uri) return { available: true, uri, source: 'MONGODB_URI', stop: async () => {} };
  try {
    const server = await startMemoryServer(startTimeoutMs);
    return {
      available: true,
      uri: server.getUri(),
      source: 'mongodb-memory-server',
      stop: async () => {
        await server.stop();
      },
    };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      available: false,
      reason: `MONGODB_URI is unset and mongodb-memory-server could not start a server: ${oneLine(detail)}`,
    };
  }
}

async function startMemoryServer(timeoutMs: number): Promise<MongoMemoryServer> {
  // Without a binary, the download's retries (with backoff) would cost seconds for nothing
  // when the network is unreachable; an explicit setting still wins.
  process.env.MONGOMS_MAX_RETRIES ??= '1';
  const starting = withQuietFailureLogs(() => MongoMemoryServer.create());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no server within ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([starting, timeout]);
  } catch (error) {
    // A server that starts after the deadline must not outlive the suite.
    starting.then((late) => late.stop()).catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * mongodb-memory-server logs its download failure on the console in full before rejecting;
 * the rejection's message is reported instead, in one line.
 */
async function withQuietFailureLogs<T>(run: () => Promise<T>): Promise<T> {
  const { warn, error } = console;
  const isStartupNoise = (first: unknown) =>
    typeof first === 'string' &&
    (first.startsWith('Could NOT download') ||
      first.startsWith('Starting the MongoMemoryServer Instance failed'));
  console.warn = (...args: unknown[]) => (isStartupNoise(args[0]) ? undefined : warn(...args));
  console.error = (...args: unknown[]) => (isStartupNoise(args[0]) ? undefined : error(...args));
  try {
    return await run();
  } finally {
    console.warn = warn;
    console.error = error;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
