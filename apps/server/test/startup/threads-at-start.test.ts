/**
 * `QUIRE_THREADS_AT_START`: a server starts its worker threads as it starts by default (the
 * markdown readers, and the job threads when the job worker runs in it), so that the first
 * reading or job does not wait for them; with `false` each pool starts at its first task.
 * Building services alone (what a `quire` command does) starts no thread.
 *
 * The markdown threads are one pool per process and per limits (`markdownThreadsFor`): each
 * case asks for one thread and a least reading time no other test uses, so that it sees a pool
 * of its own, and closes it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadedUntrustedMarkdown } from '../../src/markdown/threaded-untrusted-markdown';
import { buildServices } from '../../src/services';
import { openMemoryStore } from '../support/memory-store';
import { testConfig } from '../support/test-domain';
import { startTestServer, type TestServer } from '../support/test-server';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A pool of markdown threads of its own (see the module's comment). */
let poolsMade = 0;
const ownMarkdownPool = () => ({
  QUIRE_MARKDOWN_THREADS: '1',
  QUIRE_MARKDOWN_MIN_MS: String(4_900 + ++poolsMade),
});

async function started(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({ ...ownMarkdownPool(), ...env });
  closing.push(
    () => server.close(),
    () => markdownOf(server.services).close(),
  );
  return server;
}

function markdownOf(services: { untrustedMarkdown: unknown }): ThreadedUntrustedMarkdown {
  const markdown = services.untrustedMarkdown;
  if (!(markdown instanceof ThreadedUntrustedMarkdown)) throw new Error('not the threaded markdown reader');
  return markdown;
}

describe('worker threads at start', () => {
  it('are started by default', () => {
    expect(testConfig('/tmp/unused').threadsAtStart).toBe(true);
  });

  it('start with the server: the markdown readers and the job threads', async () => {
    const server = await started({ QUIRE_THREADS_AT_START: 'true' });
    expect(markdownOf(server.services).started).toBe(true);
    expect(server.services.jobThreads.started).toBe(true);
  });

  it('leave the job threads alone when the job worker runs elsewhere', async () => {
    const server = await started({
      QUIRE_THREADS_AT_START: 'true',
      QUIRE_JOBS_IN_SERVER: 'false',
    });
    expect(markdownOf(server.services).started).toBe(true);
    expect(server.services.jobThreads.started).toBe(false);
  });

  it('with false, start at their first task', async () => {
    const server = await started({ QUIRE_THREADS_AT_START: 'false' });
    const markdown = markdownOf(server.services);
    expect(markdown.started).toBe(false);
    expect(server.services.jobThreads.started).toBe(false);
    const reading = await markdown.read('# Title\n\nA paragraph.\n');
    expect(reading).toMatchObject({ ok: true });
    expect(markdown.started).toBe(true);
  });

  it('are not started by building services, as a command does', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quire-threads-'));
    closing.push(() => rm(dataDir, { recursive: true, force: true }));
    const store = await openMemoryStore();
    closing.push(() => store.close());
    const services = await buildServices({
      config: testConfig(dataDir, { QUIRE_THREADS_AT_START: 'true', ...ownMarkdownPool() }),
      store,
    });
    closing.push(
      () => services.jobThreads.close(),
      () => markdownOf(services).close(),
    );
    expect(markdownOf(services).started).toBe(false);
    expect(services.jobThreads.started).toBe(false);
  });
});
