/**
 * The webhooks' recovery sweep in one process, each crash made by hand: a change written
 * through `runWithWebhookOutbox` whose live dispatch never ran (the process "died" after the
 * change), a delivery finished without the next of its resource being started, a pending
 * delivery whose job was never queued. The sweep stores and starts what is missing, once;
 * an organization without endpoints costs it nothing; an endpoint turned on again does not
 * receive what happened while it was off. (The kill -9 test is `webhook-crash.test.ts`.)
 */
import {
  contentOperations,
  type OperationContext,
  organizationOperations,
  runWithWebhookOutbox,
} from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepWebhookDeliveries } from '../../src/webhooks/recover-webhook-deliveries-task';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(
    { QUIRE_JOBS_IN_SERVER: 'false', QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' },
    { onDisk: true },
  );
});
afterAll(() => server?.close());

const asAdmin = (org: TestOrganization): OperationContext =>
  ({
    ...server.services,
    caller: { userId: org.admin.user.id, tokenId: org.admin.member.userId, isInstanceAdmin: false },
  }) as OperationContext;

async function withEndpoint(events: string[] = ['*']) {
  const org = await createOrganization(server);
  const created = await server.api(`/v1/orgs/${org.organization.id}/webhooks`, {
    method: 'POST',
    token: org.admin.token,
    body: { url: 'http://127.0.0.1:9/hook', events },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { org, endpointId: (created.body as { id: string }).id };
}

/** A change whose process died before its live dispatch: written with its audit event, nothing else. */
async function changeWithoutDispatch(
  org: TestOrganization,
  op: Parameters<typeof runWithWebhookOutbox>[0],
  input: unknown,
) {
  return runWithWebhookOutbox(op, asAdmin(org), input, {});
}

const deliveriesOf = (endpointId: string) =>
  server.services.repos.webhookDeliveries.list(endpointId, { limit: 100 }).then((slice) => slice.items);

describe('the recovery sweep', () => {
  it('makes the event of a change whose deliveries were never stored, with the id the live dispatch would use, once', async () => {
    const { org, endpointId } = await withEndpoint();
    const created = await changeWithoutDispatch(org, contentOperations.spaces.create, {
      organizationId: org.organization.id,
      title: 'Lost in a crash',
    });
    const space = created.output as { id: string };
    expect(created.webhookEventId).toBeDefined();
    expect(await deliveriesOf(endpointId)).toEqual([]);

    const first = await sweepWebhookDeliveries(server.services, 0);
    expect(first.deliveriesStored).toBeGreaterThanOrEqual(1);
    const [delivery, ...others] = await deliveriesOf(endpointId);
    expect(others).toEqual([]);
    expect(delivery?.eventId).toBe(created.webhookEventId);
    const body = JSON.parse(delivery?.payload ?? '{}');
    expect(body).toMatchObject({
      id: created.webhookEventId,
      type: 'space.created',
      organization: { id: org.organization.id },
      data: {
        space: { id: space.id, title: 'Lost in a crash' },
        actor: { id: org.admin.user.id },
        recovered: true,
      },
    });
    // A delivery waits for no other of its resource: started at once.
    expect(delivery?.state).toBe('pending');

    // Again: nothing more (its checkpoint moved, and the deliveries are there).
    const second = await sweepWebhookDeliveries(server.services, 0);
    expect(second.deliveriesStored).toBe(0);
    expect(await deliveriesOf(endpointId)).toHaveLength(1);
  });

  it('leaves a change whose live dispatch ran as it is (one delivery, not recovered)', async () => {
    const { org, endpointId } = await withEndpoint();
    const created = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
      method: 'POST',
      token: org.admin.token,
      body: { title: 'Dispatched live' },
    });
    expect(created.status).toBe(201);
    await sweepWebhookDeliveries(server.services, 0);
    const deliveries = await deliveriesOf(endpointId);
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]?.payload ?? '{}').data.recovered).toBeUndefined();
  });

  it('makes the events of updates, change requests and teams again from the resource as it stands', async () => {
    const { org, endpointId } = await withEndpoint();
    const space = (
      await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
        method: 'POST',
        token: org.admin.token,
        body: { title: 'Before' },
      })
    ).body as { id: string };
    await changeWithoutDispatch(org, contentOperations.spaces.update, { spaceId: space.id, title: 'After' });
    const opened = await changeWithoutDispatch(org, contentOperations.changeRequests.create, {
      spaceId: space.id,
      subject: 'Recovered proposal',
    });
    const team = await changeWithoutDispatch(org, organizationOperations.orgs.teams.create, {
      organizationId: org.organization.id,
      title: 'Recovered team',
    });
    await sweepWebhookDeliveries(server.services, 0);
    const bodies = (await deliveriesOf(endpointId)).map((delivery) => JSON.parse(delivery.payload));
    const ofType = (type: string) => bodies.find((body) => body.type === type);
    expect(ofType('space.updated')?.data).toMatchObject({
      space: { id: space.id, title: 'After' },
      recovered: true,
    });
    expect(ofType('change_request.opened')?.data).toMatchObject({
      space: { id: space.id },
      changeRequest: { id: (opened.output as { id: string }).id, subject: 'Recovered proposal' },
      recovered: true,
    });
    expect(ofType('team.created')?.data).toMatchObject({
      team: { id: (team.output as { id: string }).id, title: 'Recovered team' },
      recovered: true,
    });
  });

  it('starts the next waiting delivery of a resource when none of it runs, and queues a pending one without a job', async () => {
    const { org, endpointId } = await withEndpoint(['space.updated']);
    const space = (
      await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
        method: 'POST',
        token: org.admin.token,
        body: { title: 'Queue' },
      })
    ).body as { id: string };
    for (const title of ['One', 'Two'])
      await server.api(`/v1/spaces/${space.id}`, {
        method: 'PATCH',
        token: org.admin.token,
        body: { title },
      });
    const [second, first] = await deliveriesOf(endpointId);
    expect([first?.state, second?.state]).toEqual(['pending', 'waiting']);
    // The first finished; the process died before starting the second.
    const repos = server.services.repos;
    await repos.webhookDeliveries.changeState(
      first?.id ?? '',
      'pending',
      'succeeded',
      new Date().toISOString(),
    );
    const restarted = await sweepWebhookDeliveries(server.services, 0);
    expect(restarted.queuesRestarted).toBeGreaterThanOrEqual(1);
    expect((await repos.webhookDeliveries.findById(second?.id ?? ''))?.state).toBe('pending');
    expect(await repos.jobs.findById(second?.id ?? '')).not.toBeNull();

    // A delivery marked pending whose job was never queued (killed in between) gets its job.
    await server.api(`/v1/spaces/${space.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { title: 'Three' },
    });
    const [third] = await deliveriesOf(endpointId);
    expect(third?.state).toBe('waiting');
    await repos.webhookDeliveries.changeState(
      second?.id ?? '',
      'pending',
      'succeeded',
      new Date().toISOString(),
    );
    await repos.webhookDeliveries.changeState(third?.id ?? '', 'waiting', 'pending');
    expect(await repos.jobs.findById(third?.id ?? '')).toBeNull();
    await sweepWebhookDeliveries(server.services, 0);
    expect(await repos.jobs.findById(third?.id ?? '')).not.toBeNull();
  });

  it('sends an endpoint turned on again nothing of what happened while it was off', async () => {
    const { org, endpointId } = await withEndpoint();
    const base = `/v1/orgs/${org.organization.id}/webhooks/${endpointId}`;
    await server.api(base, { method: 'PATCH', token: org.admin.token, body: { active: false } });
    await changeWithoutDispatch(org, contentOperations.spaces.create, {
      organizationId: org.organization.id,
      title: 'While off',
    });
    await server.api(base, { method: 'PATCH', token: org.admin.token, body: { active: true } });
    await sweepWebhookDeliveries(server.services, 0);
    expect(await deliveriesOf(endpointId)).toEqual([]);
  });
});
