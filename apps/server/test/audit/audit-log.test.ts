/**
 * The audit log through real HTTP: a change on any face writes its event (who, what, which
 * resource, from where, when), a refused one writes none, and an organization's admins read
 * the log with GitBook's operations (filters, keyset pages, one event, the actions), on the
 * three faces alike; members who are not admins are refused (403), others do not see it (404).
 */
import { type AuditEvent, operations, purgeExpiredAuditEvents } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFace, findRoute } from '../support/faces/call-faces';
import { FACES } from '../support/faces/face-call';
import { addMember, createOrganization, createUser, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let org: TestOrganization;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
});
afterAll(() => server.close());

const route = (key: string) => {
  const found = findRoute(key);
  if (!found) throw new Error(`no route ${key}`);
  return found;
};
const CREATE_SPACE = 'POST /v1/orgs/:organizationId/spaces';
const LIST_EVENTS = 'GET /v1/orgs/:organizationId/audit-events';

const eventsOf = async (query = '') => {
  const answer = await server.api(`/v1/orgs/${org.organization.id}/audit-events${query}`, {
    token: org.admin.token,
  });
  expect(answer.status).toBe(200);
  return answer.body as { items: AuditEvent[]; count: number; next?: { page: string } };
};

describe('a change on any face', () => {
  it('writes its event with the change: who, what, which resource, from where, when', async () => {
    const spaceIds: string[] = [];
    for (const face of FACES) {
      const created = await callFace(server, face, {
        route: route(CREATE_SPACE),
        input: { organizationId: org.organization.id, title: `Audited on ${face}` },
        token: org.admin.token,
      });
      expect(created.status, face).toBe(face === 'rest' ? 201 : 200);
      spaceIds.push((created.data as { id: string }).id);
    }
    const updated = await server.api(`/v1/spaces/${spaceIds[0]}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { title: 'Renamed' },
      headers: { 'user-agent': 'audit-test/1.0', 'x-request-id': 'audit-request-1' },
    });
    expect(updated.status).toBe(200);

    const { items, count } = await eventsOf();
    expect(count).toBe(4);
    expect(items.map((event) => event.action)).toEqual([
      'spaces.update',
      'spaces.create',
      'spaces.create',
      'spaces.create',
    ]);
    const [update] = items;
    expect(update).toEqual({
      object: 'audit-event',
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      occurredAt: expect.any(String),
      action: 'spaces.update',
      actor: { type: 'user', id: org.admin.user.id },
      source: 'api',
      target: { type: 'space', id: spaceIds[0] },
      urls: {
        location: `${server.config.publicUrl}/v1/orgs/${org.organization.id}/audit-events/${update!.id}`,
      },
    });
    expect(update!.occurredAt).toBe(server.services.clock.now().toISOString());

    const details = await server.api(`/v1/orgs/${org.organization.id}/audit-events/${update!.id}`, {
      token: org.admin.token,
    });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      ...update,
      correlationId: 'audit-request-1',
      schemaVersion: 1,
      payload: {
        operation: 'spaces.update',
        ids: { spaceId: spaceIds[0] },
        tokenId: expect.any(String),
        address: '127.0.0.1',
        userAgent: 'audit-test/1.0',
      },
    });
  });

  it("names the operation's target whatever order the caller sends its ids in", async () => {
    const other = await createOrganization(server);
    const member = await addMember(server, other.organization.id, 'read');
    // tRPC (and GraphQL) take the caller's object as sent: here the user's id first, the organization's last.
    const changed = await server.api('/trpc/orgs.members.update', {
      method: 'POST',
      token: other.admin.token,
      rawBody: JSON.stringify({
        userId: member.user.id,
        role: 'edit',
        organizationId: other.organization.id,
      }),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const found = await server.api(
      `/v1/orgs/${other.organization.id}/audit-events?target=${member.user.id}`,
      {
        token: other.admin.token,
      },
    );
    expect(found.body.items.map((event: AuditEvent) => [event.action, event.target])).toEqual([
      ['orgs.members.update', { type: 'user', id: member.user.id }],
    ]);
  });

  it('writes no event when refused, nor for a query', async () => {
    const reader = await addMember(server, org.organization.id, 'read');
    const { count: before } = await eventsOf();
    for (const face of FACES) {
      const refused = await callFace(server, face, {
        route: route(CREATE_SPACE),
        input: { organizationId: org.organization.id, title: 'Not allowed' },
        token: reader.token,
      });
      expect(refused.status, face).toBe(403);
      const invalid = await callFace(server, face, {
        route: route(CREATE_SPACE),
        input: { organizationId: org.organization.id, title: 7 },
        token: org.admin.token,
      });
      expect(invalid.status, face).toBe(400);
    }
    await server.api(`/v1/orgs/${org.organization.id}/spaces`, { token: org.admin.token });
    expect((await eventsOf()).count).toBe(before);
  });

  it('keeps secrets out: a token made through the API leaves its id in the event, never its secret', async () => {
    const admin = await createUser(server, { isInstanceAdmin: true });
    const person = await createUser(server);
    const made = await server.api(`/admin/users/${person.user.id}/tokens`, {
      method: 'POST',
      token: admin.token,
      body: { name: 'for audit' },
    });
    expect(made.status).toBe(201);
    const secret = (made.body as { token: string }).token;
    expect(secret.length).toBeGreaterThan(20);
    const stored = await server.store.db
      .collection('auditEvents')
      .find({ action: 'admin.tokens.create', 'actor.id': admin.user.id })
      .toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      target: { type: 'user', id: person.user.id },
      ids: { userId: person.user.id },
    });
    expect(stored[0]!.organizationId).toBeUndefined();
    expect(JSON.stringify(stored)).not.toContain(secret);
  });
});

describe('reading the log', () => {
  it('filters by action, actor, target and time, and pages newest first without repeating', async () => {
    const { items } = await eventsOf();
    const spaceId = items.find((event) => event.action === 'spaces.update')!.target.id;
    expect((await eventsOf('?action=spaces.create')).items.every((e) => e.action === 'spaces.create')).toBe(
      true,
    );
    expect((await eventsOf(`?target=${spaceId}`)).items.map((e) => e.action)).toEqual(['spaces.update']);
    expect((await eventsOf(`?actor=${org.admin.user.id}`)).count).toBe(items.length);
    expect((await eventsOf('?actor=someone-else')).count).toBe(0);
    expect((await eventsOf('?to=2000-01-01T00:00:00Z')).count).toBe(0);
    expect((await eventsOf(`?from=${encodeURIComponent(items.at(-1)!.occurredAt)}`)).count).toBe(
      items.length,
    );

    const seen: string[] = [];
    let page = await eventsOf('?limit=1');
    for (;;) {
      seen.push(...page.items.map((event) => event.id));
      if (!page.next) break;
      page = await eventsOf(`?limit=1&page=${page.next.page}`);
    }
    expect(seen).toEqual(items.map((event) => event.id));
  });

  it('answers alike on the three faces, lists every action, and refuses what it must', async () => {
    const outsider = await createUser(server);
    const editor = await addMember(server, org.organization.id, 'edit');
    const list = route(LIST_EVENTS);
    const input = { organizationId: org.organization.id, limit: 2 };
    const answers = await Promise.all(
      FACES.map((face) => callFace(server, face, { route: list, input, token: org.admin.token })),
    );
    // REST and tRPC answer the page; GraphQL a connection (its totalCount selected).
    const [rest, graphql, trpc] = answers;
    for (const answer of answers) expect(answer.status, answer.face).toBe(200);
    expect(trpc!.data).toEqual(rest!.data);
    expect((graphql!.data as { totalCount: number }).totalCount).toBe(
      (rest!.data as { count: number }).count,
    );
    expect((rest!.data as { items: unknown[] }).items).toHaveLength(2);
    for (const face of FACES) {
      expect((await callFace(server, face, { route: list, input, token: editor.token })).status, face).toBe(
        403,
      );
      expect((await callFace(server, face, { route: list, input, token: outsider.token })).status, face).toBe(
        404,
      );
    }

    const actions = await server.api(`/v1/orgs/${org.organization.id}/audit-event-actions`, {
      token: org.admin.token,
    });
    expect(actions.status).toBe(200);
    const ids = (actions.body.items as Array<{ object: string; id: string; label: string }>).map((a) => a.id);
    expect(ids).toContain('spaces.create');
    expect(ids).not.toContain('orgs.auditEvents.list');
    expect(ids).not.toContain('sites.insights.trackEvents');
    expect(ids.length).toBeGreaterThan(100);

    const missing = await server.api(
      `/v1/orgs/${org.organization.id}/audit-events/01890000-0000-7000-8000-000000000000`,
      { token: org.admin.token },
    );
    expect(missing.status).toBe(404);
    expect(operations.orgs.auditEvents.get.kind).toBe('query');
  });
});

/** `count` events of a fresh organization, stored as the trail stores them, `daysAgo` before the test clock. */
async function storedEvents(organizationId: string, count: number, daysAgo = 0): Promise<void> {
  const at = new Date(server.services.clock.now().getTime() - daysAgo * 86_400_000);
  await server.store.db.collection<{ _id: string; [field: string]: unknown }>('auditEvents').insertMany(
    Array.from({ length: count }, (_, i) => ({
      _id: `0190f3a2-7c41-7d2e-9b5a-${String(daysAgo).padStart(4, '0')}${String(i).padStart(8, '0')}`,
      organizationId,
      occurredAt: new Date(at.getTime() - i * 1000).toISOString(),
      action: 'spaces.update',
      actor: { type: 'user', id: 'someone' },
      source: 'api',
      target: { type: 'space', id: `space-${i}` },
      operation: 'spaces.update',
      ids: { spaceId: `space-${i}` },
    })),
  );
}

describe('the export and the retention', () => {
  it('exports the log as JSON lines, every page of it, newest first, to admins only', async () => {
    const other = await createOrganization(server);
    await storedEvents(other.organization.id, 230);
    const exportOf = (query: string, token: string | null) =>
      fetch(`${server.url}/v1/orgs/${other.organization.id}/audit-events/export${query}`, {
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
      });
    const answer = await exportOf('', other.admin.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = (await answer.text()).split('\n');
    expect(lines.pop()).toBe('');
    const events = lines.map((line) => JSON.parse(line) as AuditEvent);
    expect(events).toHaveLength(230);
    expect(events[0]).toMatchObject({
      object: 'audit-event',
      action: 'spaces.update',
      target: { id: 'space-0' },
    });
    expect(events.map((event) => event.occurredAt)).toEqual(
      events
        .map((event) => event.occurredAt)
        .sort()
        .reverse(),
    );

    const filtered = await exportOf('?target=space-7', other.admin.token);
    expect((await filtered.text()).trim().split('\n')).toHaveLength(1);

    const editor = await addMember(server, other.organization.id, 'edit');
    expect((await exportOf('', editor.token)).status).toBe(403);
    expect((await exportOf('', org.admin.token)).status).toBe(404);
    expect((await exportOf('', null)).status).toBe(401);
    const invalid = await exportOf('?from=yesterday&secret=1', other.admin.token);
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toMatch(/from.*secret|secret.*from/);
  });

  it('counts the log once per export, not once per page (a count reads every event: the cost grew with its square)', async () => {
    const other = await createOrganization(server);
    await storedEvents(other.organization.id, 450, 1);
    const events = server.services.repos.auditEvents;
    const count = events.count;
    let counts = 0;
    events.count = (query) => {
      counts++;
      return count.call(events, query);
    };
    try {
      const answer = await fetch(`${server.url}/v1/orgs/${other.organization.id}/audit-events/export`, {
        headers: { authorization: `Bearer ${other.admin.token}` },
      });
      expect(answer.status).toBe(200);
      expect((await answer.text()).trim().split('\n')).toHaveLength(450);
    } finally {
      events.count = count;
    }
    // Five pages of 100; the first is the list operation (its refusals before any byte), with its count.
    expect(counts).toBe(1);
  });

  it('purges the events older than the retention, and only those', async () => {
    const other = await createOrganization(server);
    await storedEvents(other.organization.id, 3, 400);
    await storedEvents(other.organization.id, 2, 10);
    const result = await purgeExpiredAuditEvents(server.services, server.services.clock.now(), {
      retentionDays: 365,
      batchSize: 2,
    });
    expect(result).toMatchObject({ deleted: 3, complete: true });
    const left = await server.api(`/v1/orgs/${other.organization.id}/audit-events`, {
      token: other.admin.token,
    });
    expect(left.body.count).toBe(2);
  });
});
