/**
 * Commands other than `serve` open the store themselves (the same configuration as the
 * server, from the environment), do their work through the domain, and close the store.
 *
 * The server and the domain are loaded here, when a command runs, not when the program is
 * built: `quire --help` then starts in a fraction of the time.
 */
import type { Store } from '@quire/store';
import type { Config } from '../config';
import type { Services } from '../services';

export interface CliServices {
  /** The server's services (its event bus included: `quire worker` follows it). */
  services: Services;
  config: Config;
  store: Store;
  /** The domain's functions (createUser, issueApiToken, setupInstance, ...). */
  domain: typeof import('@quire/domain');
}

/** Opening the store (connecting, repairing after an unclean shutdown) is told on stderr: stdout is the command's. */
const stderrLog = {
  info: (_fields: Record<string, unknown>, message: string) => process.stderr.write(`quire: ${message}\n`),
  warn: (_fields: Record<string, unknown>, message: string) => process.stderr.write(`quire: ${message}\n`),
};

export async function withServices<T>(work: (opened: CliServices) => Promise<T>): Promise<T> {
  const [{ parseConfig }, { openConfiguredStore }, { buildServices }, domain] = await Promise.all([
    import('../config'),
    import('../open-configured-store'),
    import('../services'),
    import('@quire/domain'),
  ]);
  const config = parseConfig(process.env);
  const store = await openConfiguredStore(config, { log: stderrLog });
  try {
    const services = await buildServices({ config, store, log: stderrLog });
    try {
      return await work({ services, config, store, domain });
    } finally {
      await services.events.close();
    }
  } finally {
    await store.close();
  }
}
