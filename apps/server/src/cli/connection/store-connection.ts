/**
 * The command opens the store itself (the same configuration as the server, from the
 * environment), runs its operations through the domain, and closes the store. Results go
 * through JSON as the socket's do, so a command prints the same either way.
 *
 * The server and the domain are loaded here, when a command runs, not when the program is
 * built: `quire --help` then starts in a fraction of the time.
 */
import type { Config } from '../../config';
import type { JobWorker } from '../../jobs/job-worker';
import type { OperationContext } from '../operations/cli-operation';
import type { OpenConnection } from './cli-connection';

/** Opening the store (connecting, repairing after an unclean shutdown) is told on stderr: stdout is the command's. */
const stderrLog = {
  info: (_fields: Record<string, unknown>, message: string) => process.stderr.write(`quire: ${message}\n`),
  warn: (_fields: Record<string, unknown>, message: string) => process.stderr.write(`quire: ${message}\n`),
};

export async function openStoreConnection(config: Config): Promise<OpenConnection> {
  const [{ openConfiguredStore }, { buildServices }, domain, { cliOperations }] = await Promise.all([
    import('../../open-configured-store'),
    import('../../services'),
    import('@quire/domain'),
    import('../operations/cli-operations'),
  ]);
  const store = await openConfiguredStore(config, { log: stderrLog });
  let services: Awaited<ReturnType<typeof buildServices>>;
  try {
    services = await buildServices({ config, store, log: stderrLog });
  } catch (error) {
    await store.close();
    throw error;
  }
  let worker: JobWorker | undefined;
  const context: OperationContext = {
    services,
    config,
    store,
    domain,
    // The import is a job: this process runs a worker while the command waits for it.
    async ensureJobWorker() {
      if (worker) return;
      const [{ startJobWorker }, { serverJobHandlers }] = await Promise.all([
        import('../../jobs/job-worker'),
        import('../../jobs/job-handlers'),
      ]);
      worker = startJobWorker(services, serverJobHandlers(services), {
        concurrency: 1,
        wakeOn: services.events,
      });
    },
  };
  return {
    via: 'store',
    publicUrl: config.publicUrl,
    async call(name, input) {
      const operation = cliOperations[name];
      // biome-ignore lint/suspicious/noExplicitAny: checked by the operation's own schema, as the socket does
      const result = await operation.run(context, operation.input.parse(input) as any);
      return JSON.parse(JSON.stringify(result ?? null));
    },
    async close() {
      try {
        await worker?.stop({ abort: true });
        await services.events.close();
      } finally {
        await store.close();
      }
    },
  };
}
