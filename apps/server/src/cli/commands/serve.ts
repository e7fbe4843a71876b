/** `quire serve` (and `pnpm start`): start the server and stop it cleanly on SIGINT/SIGTERM. */
import { parseConfig } from '../../config';
import { startServer } from '../../server';

export async function serve(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = parseConfig(env);
  const server = await startServer(config);
  server.app.log.info(
    { engine: server.store.engine, url: config.publicUrl, docs: `${config.publicUrl}/docs` },
    'Quire is ready',
  );
  const shutdown = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down: draining requests, then closing the store');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
