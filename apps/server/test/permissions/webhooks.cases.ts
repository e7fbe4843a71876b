/**
 * The matrix of webhook endpoints and their deliveries: organization admins only (the rule
 * table `policies/webhook-policy.ts`): non-members 404, members below admin 403, nothing
 * written on refusal. Endpoints point at a public https host: nothing here waits for a
 * delivery (the deliveries themselves: `test/webhooks/`).
 */
import { operations } from '@quire/domain';
import { byOrganizationRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const countOf = async (list: Promise<unknown>) => (await (list as Promise<{ count: number }>)).count;
const URL = 'https://hooks.example.com/quire';
const freshEndpoint = async (fixture: MatrixFixture): Promise<string> =>
  (
    (await fixture.run(operations.orgs.webhooks.create, {
      organizationId: fixture.organization.id,
      url: URL,
      events: ['space.created'],
      active: false,
    })) as { id: string }
  ).id;
/** One endpoint per fixture for the cases that change it without removing it (an organization has at most 100). */
const shared = new WeakMap<MatrixFixture, Promise<string>>();
const sharedEndpoint = (fixture: MatrixFixture): Promise<string> => {
  let endpoint = shared.get(fixture);
  if (endpoint === undefined) {
    endpoint = freshEndpoint(fixture);
    shared.set(fixture, endpoint);
  }
  return endpoint;
};
const endpointAsAdmin = (fixture: MatrixFixture, webhookId: string) =>
  fixture.read(operations.orgs.webhooks.get, { organizationId: fixture.organization.id, webhookId });
const deliveriesAsAdmin = (fixture: MatrixFixture, webhookId: string) =>
  countOf(
    fixture.run(operations.orgs.webhooks.deliveries.list, {
      organizationId: fixture.organization.id,
      webhookId,
    }),
  );
/** An endpoint with one delivery (a ping): `[webhookId, deliveryId]`. */
const endpointWithDelivery = async (fixture: MatrixFixture): Promise<[string, string]> => {
  const webhookId = await sharedEndpoint(fixture);
  const delivery = (await fixture.run(operations.orgs.webhooks.test, {
    organizationId: fixture.organization.id,
    webhookId,
  })) as { id: string };
  return [webhookId, delivery.id];
};

export const webhookCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/webhooks',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/webhooks',
    input: (f) => ({ organizationId: f.organization.id, url: URL, events: ['*'], active: false }),
    observe: (f) => countOf(f.run(operations.orgs.webhooks.list, { organizationId: f.organization.id })),
    expected: byOrganizationRole(['admin'], 201),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/webhooks/:webhookId',
    prepare: freshEndpoint,
    input: (f, webhookId: string) => ({ organizationId: f.organization.id, webhookId }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'PATCH /v1/orgs/:organizationId/webhooks/:webhookId',
    prepare: sharedEndpoint,
    input: (f, webhookId: string) => ({
      organizationId: f.organization.id,
      webhookId,
      description: f.unique('Renamed'),
    }),
    observe: endpointAsAdmin,
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'DELETE /v1/orgs/:organizationId/webhooks/:webhookId',
    prepare: freshEndpoint,
    input: (f, webhookId: string) => ({ organizationId: f.organization.id, webhookId }),
    observe: endpointAsAdmin,
    expected: byOrganizationRole(['admin'], 204),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/webhooks/:webhookId/secret',
    prepare: sharedEndpoint,
    input: (f, webhookId: string) => ({ organizationId: f.organization.id, webhookId }),
    observe: endpointAsAdmin,
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/webhooks/:webhookId/test',
    prepare: sharedEndpoint,
    input: (f, webhookId: string) => ({ organizationId: f.organization.id, webhookId }),
    observe: deliveriesAsAdmin,
    expected: byOrganizationRole(['admin'], 201),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/webhooks/:webhookId/deliveries',
    prepare: freshEndpoint,
    input: (f, webhookId: string) => ({ organizationId: f.organization.id, webhookId }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    prepare: endpointWithDelivery,
    input: (f, [webhookId, deliveryId]: [string, string]) => ({
      organizationId: f.organization.id,
      webhookId,
      deliveryId,
    }),
    observe: (f, [webhookId]: [string, string]) => deliveriesAsAdmin(f, webhookId),
    expected: byOrganizationRole(['admin'], 201),
  }),
];
