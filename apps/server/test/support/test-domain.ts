/**
 * Quire without its faces, for tests of domain rules: the real repositories over a store in
 * memory (`memory-store.ts`), the server's own ids and secrets, a clock the test moves, and
 * `callOperation`, which runs an operation for a caller the way every face does (the token
 * authenticated, then `executeOperation`) but without HTTP. An outcome is the operation's
 * output, or its `DomainError` (`rejects.toMatchObject({ code: 'not_found' })`).
 *
 * It lives with the server's tests, not in `@quire/persistence`: its services are the server's
 * (`buildServices`), which persistence may not import.
 */

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticateApiToken, type DomainServices, executeOperation, type Operation } from '@quire/domain';
import type { z } from 'zod';
import { type Config, parseConfig } from '../../src/config';
import { buildServices } from '../../src/services';
import { openMemoryStore } from './memory-store';
import { TestClock } from './test-clock';

/** The public URLs of every test's Quire (the test server's configuration says the same). */
export const TEST_URLS = { api: 'http://quire.test', app: 'http://app.quire.test' } as const;

/** Who calls: anyone holding a token (a `TestUser`), or null for a call without one. */
export type TestCaller = { token: string } | null;

/** Runs `op` for the holder of `caller`'s token, as a face would; rejects with the DomainError. */
export type CallOperation = <Input extends z.ZodType, Output extends z.ZodType>(
  op: Operation<Input, Output>,
  caller: TestCaller,
  input: z.input<Input>,
) => Promise<z.input<Output>>;

/**
 * The Quire under test, as fixtures and domain tests need it: its services, the clock the
 * test moves, and `callOperation`. A test server is one, and so is a test domain.
 */
export interface QuireUnderTest {
  services: DomainServices;
  clock: TestClock;
  callOperation: CallOperation;
}

export function operationCaller(services: DomainServices): CallOperation {
  return async (op, caller, input) => {
    // A token that does not authenticate (revoked, unknown) leaves no caller: a 401, as on a face.
    const authenticated = caller ? await authenticateApiToken(services, caller.token) : null;
    return executeOperation(op, { ...services, caller: authenticated }, input);
  };
}

/**
 * A Quire without faces over a fresh store in memory: one per test file (`beforeAll`). Its
 * services are the server's (`buildServices`), configured as the test server is, with the
 * clock the test moves.
 */
export async function openTestDomain(): Promise<QuireUnderTest> {
  const store = await openMemoryStore();
  const clock = new TestClock();
  const config = testConfig(await mkdtemp(join(tmpdir(), 'quire-test-domain-')));
  const services = await buildServices({ config, store }, { clock });
  return { services, clock, callOperation: operationCaller(services) };
}

/** The configuration of every test's Quire (a test domain's, a test server's): its data directory and public URLs; `env` adds to it. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return parseConfig({
    QUIRE_DATA_DIR: dataDir,
    QUIRE_PUBLIC_URL: TEST_URLS.api,
    QUIRE_APP_URL: TEST_URLS.app,
    ...env,
  });
}
