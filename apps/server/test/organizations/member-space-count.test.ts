/** A Member's `spaces`: the number of spaces of the organization granted to the person. */
import { operations } from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createSpace, grant } from '../support/content';
import { addMember, createOrganization } from '../support/factories';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

describe('Member.spaces', () => {
  it('counts the spaces granted to the member, not collections nor other organizations', async () => {
    const org = await createOrganization(quire);
    const other = await createOrganization(quire);
    const reader = await addMember(quire, org.organization.id, 'read');
    await addMember(quire, other.organization.id, 'read', { email: `again-${reader.user.email}` });
    const [first, second] = [await createSpace(quire, org), await createSpace(quire, org)];
    const collection = await createCollection(quire, org);
    for (const target of [
      { kind: 'space' as const, id: first.id },
      { kind: 'space' as const, id: second.id },
      { kind: 'collection' as const, id: collection.id },
    ]) {
      await grant(quire, org, target, { role: 'edit', users: [reader.user.id] });
    }
    // A grant in another organization, to the same person.
    const elsewhere = await createSpace(quire, other);
    await quire.services.repos.contentGrants.put({
      organizationId: other.organization.id,
      target: { kind: 'space', id: elsewhere.id },
      principal: { kind: 'user', id: reader.user.id },
      role: 'read',
      createdAt: quire.clock.now().toISOString(),
    });

    const organizationId = org.organization.id;
    const one = await quire.callOperation(operations.orgs.members.get, org.admin, {
      organizationId,
      userId: reader.user.id,
    });
    expect(one.spaces).toBe(2);
    const list = await quire.callOperation(operations.orgs.members.list, org.admin, {
      organizationId,
      limit: 100,
    });
    const byId = new Map(list.items.map((member) => [member.id, member.spaces]));
    expect(byId.get(reader.user.id)).toBe(2);
    expect(byId.get(org.admin.user.id)).toBe(0);
  });
});
