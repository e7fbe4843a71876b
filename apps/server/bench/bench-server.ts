/**
 * Quire over HTTP for the benchmarks that measure through the network: a server on a fresh
 * embedded store (rate limits on, with budgets no run can spend: their cost is part of every
 * request) and an organization whose owner and members each hold an API token; or the same
 * Quire built in process without listening (`buildBenchApp`), for benches that add routes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addOrganizationMember, createOrganizationWithOwner, createUser, issueApiToken } from '@quire/domain';
import { buildApp } from '../src/app';
import { type Config, parseConfig } from '../src/config';
import { openConfiguredStore, silentLog } from '../src/open-configured-store';
import { startServer } from '../src/server';

/** The benches' configuration: silent, rate limits on with budgets no run can spend. */
function benchConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return parseConfig({
    QUIRE_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    QUIRE_RATE_LIMIT: '1000000000',
    QUIRE_AUTH_FAILURE_LIMIT: '1000000000',
    ...env,
  });
}

/** Quire built as `startBenchServer` starts it, not listening: routes may still be added. */
export async function buildBenchApp(name: string) {
  const dataDir = await mkdtemp(join(tmpdir(), `quire-bench-${name}-`));
  const config = benchConfig(dataDir);
  const store = await openConfiguredStore(config, { log: silentLog });
  const { app, services } = await buildApp({ config, store, logger: false });
  return { dataDir, config, store, app, services };
}

export async function startBenchServer(name: string, env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), `quire-bench-${name}-`));
  const config = benchConfig(dataDir, { PORT: '0', HOST: '127.0.0.1', ...env });
  const server = await startServer(config, { logger: false });
  return {
    ...server,
    dataDir,
    /** Closes the server and removes its data. */
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/** An organization with its owner and `members` readers; every one of them holds a token. */
export async function seedOrganization(quire: BenchServer, options: { members: number; memberName: string }) {
  const { services } = quire;
  const owner = await createUser(services, {
    displayName: 'Bench Owner',
    email: 'owner@bench.test',
    isInstanceAdmin: false,
  });
  const { token } = await issueApiToken(services, { userId: owner.id, name: 'bench' });
  const organization = await createOrganizationWithOwner(services, { title: 'Bench Org', owner });
  const memberTokens: string[] = [];
  for (let i = 0; i < options.members; i++) {
    const user = await createUser(services, {
      displayName: `${options.memberName} ${i}`,
      email: `${options.memberName.toLowerCase()}-${i}@bench.test`,
      isInstanceAdmin: false,
    });
    await addOrganizationMember(services, { organizationId: organization.id, user, role: 'read' });
    memberTokens.push((await issueApiToken(services, { userId: user.id, name: 'bench' })).token);
  }
  return { owner, token, organization, memberTokens };
}
