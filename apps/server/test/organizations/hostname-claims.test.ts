/**
 * Hostname claims under concurrency, over HTTP: an organization's hostname is claimed by a
 * document of its own before the organization points at it. Concurrent PATCHes of one
 * organization with different hostnames must leave exactly the hostname the organization
 * ends up with claimed, by it, and every other hostname free for anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

/** Trials of concurrent changes; each sends PARALLEL PATCHes with distinct hostnames at once. */
const TRIALS = 40;
const PARALLEL = 4;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const patchHostname = (organizationId: string, token: string, hostname: string) =>
  server.api(`/v1/orgs/${organizationId}`, { method: 'PATCH', token, body: { hostname } });

/** The hostnames the store has claimed for an organization. */
async function claimsOf(organizationId: string): Promise<string[]> {
  const claims = await server.store.db
    .collection<{ _id: string; organizationId: string }>('organizationHostnames')
    .find({ organizationId }, { sort: { _id: 1 } })
    .toArray();
  return claims.map((claim) => claim._id);
}

let unique = 0;
const hostnameFor = (trial: number, request: number) =>
  `r${Date.now().toString(36)}${(++unique).toString(36)}-${trial}-${request}`;

describe('concurrent hostname changes of one organization', () => {
  it(`leave exactly the current hostname claimed (${TRIALS} trials of ${PARALLEL} PATCHes at once)`, async () => {
    const statuses = { ok: 0, conflict: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const { organization, admin } = await createOrganization(server);
      // Half the trials start from a hostname, so a release of the previous one is in play too.
      if (trial % 2 === 1) {
        expect((await patchHostname(organization.id, admin.token, hostnameFor(trial, 9))).status).toBe(200);
      }
      const wanted = Array.from({ length: PARALLEL }, (_, request) => hostnameFor(trial, request));
      const responses = await Promise.all(
        wanted.map((name) => patchHostname(organization.id, admin.token, name)),
      );

      const accepted = new Set<string>();
      responses.forEach((response, index) => {
        expect([200, 409], JSON.stringify(response.body)).toContain(response.status);
        if (response.status === 200) accepted.add(wanted[index]!);
        else expect(response.body.error.code).toBe(409);
      });
      statuses.ok += accepted.size;
      statuses.conflict += PARALLEL - accepted.size;
      expect(accepted.size).toBeGreaterThan(0);

      const current = (await server.api(`/v1/orgs/${organization.id}`, { token: admin.token })).body.hostname;
      expect(accepted).toContain(current);
      expect(await claimsOf(organization.id), `trial ${trial}`).toEqual([current]);

      // Nobody else can take the current hostname; every other one is free at once.
      const other = await createOrganization(server);
      expect((await patchHostname(other.organization.id, other.admin.token, current)).status).toBe(409);
      for (const name of wanted.filter((candidate) => candidate !== current)) {
        const taken = await patchHostname(other.organization.id, other.admin.token, name);
        expect(taken.status, `trial ${trial}: ${name} ${JSON.stringify(taken.body)}`).toBe(200);
      }
    }
    // The figure for docs/reliability.md.
    console.info(`hostname races: ${TRIALS} trials x ${PARALLEL} PATCHes`, statuses);
  }, 120_000);
});
