/**
 * Commands other than `serve` open the store themselves (the same configuration as the
 * server, from the environment), do their work through the domain, and close the store.
 */
import type { DomainServices } from '@quire/domain';
import type { Store } from '@quire/mongo';
import { buildServices } from '../app';
import { type Config, parseConfig } from '../config';
import { openConfiguredStore } from '../server';

export interface CliServices {
  services: DomainServices;
  config: Config;
  store: Store;
}

export async function withServices<T>(work: (opened: CliServices) => Promise<T>): Promise<T> {
  const config = parseConfig(process.env);
  const store = await openConfiguredStore(config);
  try {
    const services = await buildServices({ config, store });
    return await work({ services, config, store });
  } finally {
    await store.close();
  }
}
