/** `quire serve` (and `pnpm start`): start the server and stop it cleanly on SIGINT/SIGTERM. */
import { parseConfig } from '../../config';
import { startServer } from '../../server';
import { setupHintOf } from '../setup-hint';

export async function serve(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = parseConfig(env);
  const server = await startServer(config);
  // The signals are handled before the ready line: whoever waits for it may stop the server
  // at once (a SIGTERM between the two would end the process without closing the store).
  // Under pnpm, Ctrl-C arrives twice (from the terminal, and forwarded by pnpm): the first
  // closes, a later one must not kill the process halfway through closing the store (the
  // next start would find it not closed cleanly).
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down: draining requests, then closing the store');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  server.app.log.info(
    { engine: server.store.engine, listening: server.url },
    `Quire is ready at ${config.publicUrl} (API documentation: ${config.publicUrl}/docs)`,
  );
  if (server.welcomeSiteUrl) {
    server.app.log.info(
      { site: server.welcomeSiteUrl },
      `your first docs site is published at ${server.welcomeSiteUrl}`,
    );
  }
  // A stop already under way closes the store under this read: then there is nothing to hint.
  const hint = await setupHintOf(server.services, config, server.store.engine).catch((error: unknown) => {
    if (!closing) throw error;
    return undefined;
  });
  if (hint && !closing) server.app.log.warn(hint);
}
