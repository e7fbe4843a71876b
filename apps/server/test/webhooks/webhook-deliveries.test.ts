/**
 * Webhook deliveries through real HTTP to a real receiver on loopback (`webhook-receiver.ts`):
 * the signature (checked as docs/webhooks.md tells receivers to), the envelope and headers,
 * the delivery log; ordering per resource (a later delivery waits while an earlier one of the
 * same space is held, another space's goes out meanwhile); retries after a 500 and after a
 * timeout (the job runner's backoff on the test's clock: the test moves it, nothing sleeps);
 * an endpoint disabled after 15 failures in a row, its admins mailed; the outbound rules
 * (plain http and private addresses refused unless the host is allowed, checked when the
 * endpoint is saved and on the address connected to). The server's worker is off: the test
 * runs one, with 4 slots, so ordering is not an accident of a single slot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverJobHandlers } from '../../src/jobs/job-handlers';
import { type JobWorker, startJobWorker } from '../../src/jobs/job-worker';
import { type WorkerEvents, workerEvents } from '../jobs/worker-events';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { gate, startWebhookReceiver, verifiesSignature, type WebhookReceiver } from './webhook-receiver';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies.
type Json = any;

let server: TestServer;
let receiver: WebhookReceiver;
let worker: JobWorker;
let jobEvents: WorkerEvents;

beforeAll(async () => {
  server = await startTestServer({
    QUIRE_JOBS_IN_SERVER: 'false',
    QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
    QUIRE_WEBHOOK_TIMEOUT_SECONDS: '0.3',
  });
  receiver = await startWebhookReceiver();
  jobEvents = workerEvents();
  worker = startJobWorker(server.services, serverJobHandlers(server.services), {
    onEvent: jobEvents.onEvent,
    wakeOn: server.services.events,
    concurrency: 4,
  });
});

afterAll(async () => {
  await worker?.stop({ abort: true });
  await receiver?.close();
  await server?.close();
});

const call = (token: string, method: string, path: string, body?: unknown) =>
  server.api(path, body === undefined ? { method, token } : { method, token, body });

async function newOrganization(): Promise<TestOrganization & { base: string }> {
  const org = await createOrganization(server);
  return { ...org, base: `/v1/orgs/${org.organization.id}` };
}

async function newEndpoint(org: { base: string; admin: { token: string } }, body: Json) {
  const created = await call(org.admin.token, 'POST', `${org.base}/webhooks`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Json;
}

async function newSpace(org: { base: string; admin: { token: string } }, title: string): Promise<string> {
  const created = await call(org.admin.token, 'POST', `${org.base}/spaces`, { title });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

const deliveriesOf = async (org: { base: string; admin: { token: string } }, endpointId: string) =>
  (await call(org.admin.token, 'GET', `${org.base}/webhooks/${endpointId}/deliveries`)).body.items as Json[];

describe('a delivery', () => {
  it('is signed with the secret shown once, carries the event, and is logged', async () => {
    const org = await newOrganization();
    const endpoint = await newEndpoint(org, { url: receiver.url('/signed'), events: ['space.created'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const shown = await call(org.admin.token, 'GET', `${org.base}/webhooks/${endpoint.id}`);
    expect(shown.body.secret).toBeUndefined();

    const spaceId = await newSpace(org, 'Signed handbook');
    const [request] = await receiver.waitFor('/signed', 1);
    expect(verifiesSignature(request!.headers['quire-signature'], request!.body, endpoint.secret)).toBe(true);
    expect(verifiesSignature(request!.headers['quire-signature'], `${request!.body} `, endpoint.secret)).toBe(
      false,
    );
    expect(verifiesSignature(request!.headers['quire-signature'], request!.body, 'whsec_other')).toBe(false);
    expect(request!.headers['quire-event']).toBe('space.created');
    expect(request!.headers['content-type']).toBe('application/json');
    const payload = JSON.parse(request!.body);
    expect(payload).toEqual({
      id: expect.any(String),
      type: 'space.created',
      version: 1,
      createdAt: expect.any(String),
      organization: { id: org.organization.id },
      data: { space: { id: spaceId, title: 'Signed handbook' }, actor: { id: org.admin.user.id } },
    });
    const timestamp = Number(/t=(\d+)/.exec(String(request!.headers['quire-signature']))![1]);
    expect(timestamp).toBe(Math.floor(server.clock.now().getTime() / 1000));

    await jobEvents.waitFor(
      (event) => event.type === 'done' && event.job.id === request!.headers['quire-delivery'],
    );
    const [delivery] = await deliveriesOf(org, endpoint.id);
    expect(delivery).toMatchObject({
      id: request!.headers['quire-delivery'],
      event: { id: payload.id, type: 'space.created' },
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
      log: [{ responseStatus: 200, responseExcerpt: 'answered 200' }],
    });

    // Rotating the secret: the next delivery verifies with the new one only.
    const rotated = await call(org.admin.token, 'POST', `${org.base}/webhooks/${endpoint.id}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    await newSpace(org, 'Second handbook');
    const [, second] = await receiver.waitFor('/signed', 2);
    expect(verifiesSignature(second!.headers['quire-signature'], second!.body, rotated.body.secret)).toBe(
      true,
    );
    expect(verifiesSignature(second!.headers['quire-signature'], second!.body, endpoint.secret)).toBe(false);
  });

  it('goes only to endpoints subscribed to its type, of its organization', async () => {
    const org = await newOrganization();
    const other = await newOrganization();
    await newEndpoint(org, { url: receiver.url('/only-updates'), events: ['space.updated'] });
    await newEndpoint(other, { url: receiver.url('/other-org'), events: ['*'] });
    const spaceId = await newSpace(org, 'Quiet');
    expect((await call(org.admin.token, 'PATCH', `/v1/spaces/${spaceId}`, { title: 'Renamed' })).status).toBe(
      200,
    );
    const [request] = await receiver.waitFor('/only-updates', 1);
    expect(JSON.parse(request!.body)).toMatchObject({
      type: 'space.updated',
      data: { space: { id: spaceId } },
    });
    expect(receiver.received.filter((r) => r.path === '/other-org')).toEqual([]);
    expect(receiver.received.filter((r) => r.path === '/only-updates')).toHaveLength(1);
  });
});

describe('the events', () => {
  it('are made by spaces, content, change requests, comments, sites, members (joining too) and teams', async () => {
    const org = await newOrganization();
    await newEndpoint(org, { url: receiver.url('/events'), events: ['*'] });
    const member = await addMember(server, org.organization.id, 'read');
    const token = org.admin.token;
    const spaceId = await newSpace(org, 'Evented');
    const edited = await call(token, 'POST', `/v1/spaces/${spaceId}/content`, {
      changes: [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello.' } }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const changeRequest = await call(token, 'POST', `/v1/spaces/${spaceId}/change-requests`, {
      subject: 'Proposal',
    });
    expect(changeRequest.status).toBe(201);
    const comment = await call(token, 'POST', `/v1/spaces/${spaceId}/comments`, {
      body: { markdown: 'A remark.' },
    });
    expect(comment.status, JSON.stringify(comment.body)).toBe(200);
    expect(
      (await call(token, 'PATCH', `${org.base}/members/${member.user.id}`, { role: 'edit' })).status,
    ).toBe(200);
    const team = await call(token, 'PUT', `${org.base}/teams`, { title: 'Writers' });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const site = await call(token, 'POST', `${org.base}/sites`, { title: 'Docs' });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    expect((await call(token, 'POST', `${org.base}/sites/${site.body.id}/publish`)).status).toBe(200);

    const requests = await receiver.waitFor('/events', 8);
    const events = requests.map((request) => JSON.parse(request.body));
    const byType = Object.fromEntries(events.map((event) => [event.type, event.data]));
    expect(Object.keys(byType).sort()).toEqual([
      'change_request.opened',
      'comment.created',
      'member.added',
      'member.role_changed',
      'site.published',
      'space.content_updated',
      'space.created',
      'team.created',
    ]);
    expect(byType['space.content_updated']).toEqual({
      space: { id: spaceId },
      revision: { id: edited.body.revision },
      actor: { id: org.admin.user.id },
    });
    expect(byType['change_request.opened']).toMatchObject({
      space: { id: spaceId },
      changeRequest: { id: changeRequest.body.id, number: changeRequest.body.number, subject: 'Proposal' },
    });
    expect(byType['comment.created']).toMatchObject({
      space: { id: spaceId },
      comment: { id: comment.body.id },
    });
    expect(byType['member.added']).toEqual({ member: { userId: member.user.id, role: 'read' }, actor: null });
    expect(byType['member.role_changed']).toMatchObject({ member: { userId: member.user.id, role: 'edit' } });
    expect(byType['team.created']).toMatchObject({ team: { id: team.body.id, title: 'Writers' } });
    expect(byType['site.published']).toMatchObject({ site: { id: site.body.id, title: 'Docs' } });
    for (const event of events) expect(event.organization).toEqual({ id: org.organization.id });
  });
});

describe('ordering', () => {
  it('sends the events of one resource in order, each waiting for the one before', async () => {
    const org = await newOrganization();
    const endpoint = await newEndpoint(org, { url: receiver.url('/ordered'), events: ['space.updated'] });
    const spaceA = await newSpace(org, 'A');
    const spaceB = await newSpace(org, 'B');
    const held = gate();
    receiver.answer('/ordered', { hold: held.promise, status: 200 });
    for (const title of ['A1', 'A2', 'A3'])
      expect((await call(org.admin.token, 'PATCH', `/v1/spaces/${spaceA}`, { title })).status).toBe(200);
    // The first is held by the receiver; the other two wait in the store, without a job.
    await receiver.waitFor('/ordered', 1);
    const waiting = await deliveriesOf(org, endpoint.id);
    expect(waiting.map((delivery) => delivery.status)).toEqual(['waiting', 'waiting', 'pending']);
    // Another space's event is not held up by them.
    expect((await call(org.admin.token, 'PATCH', `/v1/spaces/${spaceB}`, { title: 'B1' })).status).toBe(200);
    const [, other] = await receiver.waitFor('/ordered', 2);
    expect(JSON.parse(other!.body).data.space).toEqual({ id: spaceB, title: 'B1' });

    held.open();
    const requests = await receiver.waitFor('/ordered', 4);
    const titlesOfA = requests
      .map((request) => JSON.parse(request.body).data.space)
      .filter((space) => space.id === spaceA)
      .map((space) => space.title);
    expect(titlesOfA).toEqual(['A1', 'A2', 'A3']);
  });
});

describe('retries', () => {
  it('retries after a 500, with the backoff, the same delivery id and a new signature', async () => {
    const org = await newOrganization();
    const endpoint = await newEndpoint(org, { url: receiver.url('/flaky'), events: ['space.created'] });
    receiver.answer('/flaky', { status: 500, body: 'database down' });
    await newSpace(org, 'Flaky');
    const [first] = await receiver.waitFor('/flaky', 1);
    const deliveryId = String(first!.headers['quire-delivery']);
    const retrying = await jobEvents.waitFor(
      (event) => event.type === 'retrying' && event.job.id === deliveryId,
    );
    expect(retrying.type === 'retrying' && Date.parse(retrying.retryAt) - server.clock.now().getTime()).toBe(
      1000,
    );
    server.clock.advance(1000);
    worker.wake();
    const [, second] = await receiver.waitFor('/flaky', 2);
    expect(second!.headers['quire-delivery']).toBe(deliveryId);
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['quire-signature']).not.toBe(first!.headers['quire-signature']);
    expect(verifiesSignature(second!.headers['quire-signature'], second!.body, endpoint.secret)).toBe(true);
    await jobEvents.waitFor((event) => event.type === 'done' && event.job.id === deliveryId);
    const [delivery] = await deliveriesOf(org, endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200 });
    expect(delivery.log[0]).toMatchObject({ responseStatus: 500, responseExcerpt: 'database down' });
    const after = await call(org.admin.token, 'GET', `${org.base}/webhooks/${endpoint.id}`);
    expect(after.body.consecutiveFailures).toBe(0);
  });

  it('retries after a timeout', async () => {
    const org = await newOrganization();
    const endpoint = await newEndpoint(org, { url: receiver.url('/slow'), events: ['space.created'] });
    receiver.answer('/slow', 'never');
    await newSpace(org, 'Slow');
    const [first] = await receiver.waitFor('/slow', 1);
    const deliveryId = String(first!.headers['quire-delivery']);
    await jobEvents.waitFor((event) => event.type === 'retrying' && event.job.id === deliveryId);
    server.clock.advance(1000);
    worker.wake();
    await jobEvents.waitFor((event) => event.type === 'done' && event.job.id === deliveryId);
    const [delivery] = await deliveriesOf(org, endpoint.id);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.log[0]).toMatchObject({ error: 'The endpoint did not answer within 300 ms' });
    expect(delivery.log[0].responseStatus).toBeUndefined();
  });

  it('redelivers a delivery: the same body and event, a new delivery id', async () => {
    const org = await newOrganization();
    const endpoint = await newEndpoint(org, { url: receiver.url('/again'), events: ['space.created'] });
    await newSpace(org, 'Again');
    const [first] = await receiver.waitFor('/again', 1);
    const redelivered = await call(
      org.admin.token,
      'POST',
      `${org.base}/webhooks/${endpoint.id}/deliveries/${first!.headers['quire-delivery']}/redeliver`,
    );
    expect(redelivered.status).toBe(201);
    expect(redelivered.body.redeliveryOf).toBe(first!.headers['quire-delivery']);
    const [, second] = await receiver.waitFor('/again', 2);
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['quire-delivery']).toBe(redelivered.body.id);
  });
});

describe('an endpoint that keeps failing', () => {
  it('is disabled after 15 failed attempts in a row, and its admins are mailed', async () => {
    const org = await newOrganization();
    const endpoint = await newEndpoint(org, { url: receiver.url('/down'), events: ['*'] });
    receiver.answer('/down', ...Array.from({ length: 20 }, () => ({ status: 503 })));
    for (let n = 0; n < 15; n++) await newSpace(org, `Space ${n}`);
    await receiver.waitFor('/down', 15);
    const disabledEndpoint = async () => {
      for (;;) {
        const shown = await call(org.admin.token, 'GET', `${org.base}/webhooks/${endpoint.id}`);
        if (!shown.body.active) return shown.body;
        await jobEvents.waitFor((event) => event.type === 'retrying' || event.type === 'failed');
      }
    };
    const shown = await disabledEndpoint();
    expect(shown).toMatchObject({ active: false, disabledReason: 'failures' });
    expect(shown.consecutiveFailures).toBeGreaterThanOrEqual(15);
    // The admin's mail (no SMTP server here: written to the log, as without one in production).
    const mail = await jobEvents.waitFor(
      (event) =>
        event.type === 'done' &&
        event.job.kind === 'mail.send' &&
        event.job.organizationId === org.organization.id,
    );
    expect(mail.type === 'done' && mail.job.createdBy).toBe(org.admin.user.id);
    // No more events go to it.
    await newSpace(org, 'After');
    const deliveries = await deliveriesOf(org, endpoint.id);
    expect(deliveries).toHaveLength(15);

    // Turned on again: its failures are cleared.
    const enabled = await call(org.admin.token, 'PATCH', `${org.base}/webhooks/${endpoint.id}`, {
      active: true,
    });
    expect(enabled.body).toMatchObject({ active: true, consecutiveFailures: 0 });
    expect(enabled.body.disabledReason).toBeUndefined();
  });
});

describe('the outbound rules', () => {
  it('refuses plain http to a host not allowed, and private addresses, with 400 naming url', async () => {
    const org = await newOrganization();
    for (const url of [
      'http://hooks.example.com/q',
      'https://10.0.0.1/q',
      'https://[::1]/q',
      'https://169.254.169.254/',
    ]) {
      const refused = await call(org.admin.token, 'POST', `${org.base}/webhooks`, { url });
      expect(refused.status, url).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('url');
    }
    expect((await call(org.admin.token, 'GET', `${org.base}/webhooks`)).body.count).toBe(0);
  });

  it('refuses a name that resolves to a private address when the delivery connects', async () => {
    const org = await newOrganization();
    const port = new URL(receiver.url('/')).port;
    const endpoint = await newEndpoint(org, {
      url: `https://localhost:${port}/private`,
      events: ['space.created'],
    });
    await newSpace(org, 'Private');
    const retrying = await jobEvents.waitFor(
      (event) => event.type === 'retrying' && event.job.organizationId === org.organization.id,
    );
    expect(retrying.type === 'retrying' && retrying.error.message).toBe(
      'The URL points to a private, local or reserved address',
    );
    const [delivery] = await deliveriesOf(org, endpoint.id);
    expect(delivery.log[0].error).toBe('The URL points to a private, local or reserved address');
    expect(receiver.received.filter((request) => request.path === '/private')).toEqual([]);
  });
});
