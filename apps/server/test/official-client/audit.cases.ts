/**
 * GitBook's 0.202.0 client drives the audit log (its document has the audit-event
 * operations; the 0.130.0 one the other cases use has none): a change made through the API,
 * then the list (with a filter and a page), one event and the actions, each answer checked
 * against the 0.202.0 document (`mismatches0202`).
 */
import { GitBookAPI as GitBookAPI0202 } from '@gitbook/api-0202';
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { mismatches0202 } from './openapi-spec-0202';
import { testServer } from './shared-server';

describe('audit log (0.202.0 client)', () => {
  it('listOrganizationAuditEvents, getOrganizationAuditEvent, listOrganizationAuditEventActions', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const orgId = org.organization.id;
    const client = new GitBookAPI0202({ endpoint: server.url, authToken: org.admin.token });
    await client.orgs.createSpace(orgId, { title: 'Audited' });
    await client.orgs.createSpace(orgId, { title: 'Audited too' });

    const { data: listed } = await client.orgs.listOrganizationAuditEvents(orgId, { limit: 1 });
    expect(mismatches0202('listOrganizationAuditEvents', 200, listed)).toEqual([]);
    expect(listed.items).toHaveLength(1);
    expect(listed.next?.page).toEqual(expect.any(String));
    const { data: second } = await client.orgs.listOrganizationAuditEvents(orgId, {
      limit: 1,
      page: listed.next!.page,
      action: 'spaces.create',
      actor: org.admin.user.id,
    });
    expect(mismatches0202('listOrganizationAuditEvents', 200, second)).toEqual([]);
    expect(second.items.map((event) => event.action)).toEqual(['spaces.create']);

    const { data: one } = await client.orgs.getOrganizationAuditEvent(orgId, listed.items[0]!.id);
    expect(mismatches0202('getOrganizationAuditEvent', 200, one)).toEqual([]);
    expect(one).toMatchObject({
      id: listed.items[0]!.id,
      schemaVersion: 1,
      payload: { operation: 'spaces.create' },
    });

    const { data: actions } = await client.orgs.listOrganizationAuditEventActions(orgId);
    expect(mismatches0202('listOrganizationAuditEventActions', 200, actions)).toEqual([]);
    expect(actions.items.map((action) => action.id)).toContain('spaces.create');
  });
});
