/**
 * Who sees whose email in the lists of grants: members who may list the organization's
 * members see them; a guest who holds a grant sees names and pictures only, as on
 * `users.get` (the members list is where emails are, and guests may not read it).
 */
import { operations } from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSpace, grant } from '../support/content';
import { addMember, createOrganization } from '../support/factories';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

describe('spaces.permissions.users.list', () => {
  it('shows emails to members and hides them from a guest holding a grant', async () => {
    const org = await createOrganization(quire);
    const reader = await addMember(quire, org.organization.id, 'read');
    const guest = await addMember(quire, org.organization.id, null);
    const space = await createSpace(quire, org);
    await grant(
      quire,
      org,
      { kind: 'space', id: space.id },
      { role: 'comment', users: [guest.user.id, reader.user.id] },
    );
    const listAs = (caller: { token: string }) =>
      quire.callOperation(operations.spaces.permissions.users.list, caller, { spaceId: space.id });

    const asReader = await listAs(reader);
    expect(asReader.items.map((item) => item.user.email).sort()).toEqual(
      [guest.user.email, reader.user.email].sort(),
    );

    const asGuest = await listAs(guest);
    expect(asGuest.items).toHaveLength(2);
    for (const item of asGuest.items) {
      expect(item.user.email).toBeUndefined();
      expect(item.user.displayName).toEqual(expect.any(String));
    }
  });
});
