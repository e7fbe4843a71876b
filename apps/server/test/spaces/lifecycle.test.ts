/**
 * The lifecycle of a space: delete (idempotent, hidden from lists, shown with `deletedAt` to
 * its admins only), restore within 7 days, refused after, and the purge that removes it for
 * good. Who may delete and restore is the permission matrix's
 * (`test/permissions/spaces.matrix.test.ts`); the purge on the server's timer is
 * `purge-job.test.ts`'s.
 */
import { operations, purgeDeletedSpaces } from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSpace, grant } from '../support/content';
import { storedSpace } from '../support/content-tree';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { allPages } from '../support/pages';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

const remove = (spaceId: string, who: TestMember) =>
  quire.callOperation(operations.spaces.remove, who, { spaceId });
const restore = (spaceId: string, who: TestMember) =>
  quire.callOperation(operations.spaces.restore, who, { spaceId });
const listedSpaceIds = async (org: TestOrganization) =>
  (
    await allPages((page) =>
      quire.callOperation(operations.spaces.list, org.admin, {
        organizationId: org.organization.id,
        ...(page ? { page } : {}),
      }),
    )
  ).items.map((space) => space.id);
const NOT_FOUND = { code: 'not_found' };

describe('spaces.remove', () => {
  it('sets deletedAt once, hides the space, and succeeds again and for unknown spaces', async () => {
    const org = await createOrganization(quire);
    const reader = await addMember(quire, org.organization.id, 'read');
    const space = await createSpace(quire, org);
    const deletedAt = quire.clock.now().toISOString();
    await remove(space.id, org.admin);
    quire.clock.advance(60_000);
    await remove(space.id, org.admin);
    expect((await storedSpace(quire, space.id))?.deletedAt).toBe(deletedAt);
    await remove('no-such-space', org.admin);

    expect(await listedSpaceIds(org)).toEqual([]);
    const listed = await quire.callOperation(operations.spaces.list, org.admin, {
      organizationId: org.organization.id,
    });
    expect(listed.count).toBe(0);
    // Its admins still see it, with deletedAt (they may restore it); others do not.
    const asAdmin = await quire.callOperation(operations.spaces.get, org.admin, { spaceId: space.id });
    expect(asAdmin.deletedAt).toBe(deletedAt);
    await expect(
      quire.callOperation(operations.spaces.get, reader, { spaceId: space.id }),
    ).rejects.toMatchObject(NOT_FOUND);
    // A deleted space cannot be changed.
    await expect(
      quire.callOperation(operations.spaces.update, org.admin, { spaceId: space.id, title: 'X' }),
    ).rejects.toMatchObject(NOT_FOUND);
  });
});

describe('spaces.restore', () => {
  it('restores within 7 days, back in lists and at its position', async () => {
    const org = await createOrganization(quire);
    const a = await createSpace(quire, org, { title: 'A' });
    const b = await createSpace(quire, org, { title: 'B' });
    const position = (await storedSpace(quire, a.id))?.position;
    await remove(a.id, org.admin);
    quire.clock.advanceDays(6);
    const restored = await restore(a.id, org.admin);
    expect(restored.object).toBe('space');
    expect(restored.deletedAt).toBeUndefined();
    expect(await listedSpaceIds(org)).toEqual([a.id, b.id]);
    expect((await storedSpace(quire, a.id))?.position).toBe(position);
    // Restoring a space that is not deleted changes nothing and returns it: a minute later,
    // a write would show in updatedAt.
    const stored = await storedSpace(quire, a.id);
    quire.clock.advance(60_000);
    expect((await restore(a.id, org.admin)).updatedAt).toBe(restored.updatedAt);
    expect(await storedSpace(quire, a.id)).toEqual(stored);
  });

  it('after 7 days: refused, then the purge removes the space and its grants', async () => {
    const org = await createOrganization(quire);
    const reader = await addMember(quire, org.organization.id, 'read');
    const space = await createSpace(quire, org);
    const kept = await createSpace(quire, org);
    await grant(quire, org, { kind: 'space', id: space.id }, { role: 'edit', users: [reader.user.id] });
    const grantsOnSpace = () =>
      quire.services.repos.contentGrants.countForTarget({ kind: 'space', id: space.id }, 'user');
    expect(await grantsOnSpace()).toBe(1);
    await remove(space.id, org.admin);
    quire.clock.advanceDays(8);
    await expect(restore(space.id, org.admin)).rejects.toMatchObject({
      code: 'restore_window_passed',
      message: expect.stringContaining('7 days'),
    });
    expect((await storedSpace(quire, space.id))?.deletedAt).toBeDefined();

    const { purged } = await purgeDeletedSpaces(quire.services, quire.clock.now());
    expect(purged).toContain(space.id);
    expect(await storedSpace(quire, space.id)).toBeNull();
    expect(await storedSpace(quire, kept.id)).not.toBeNull();
    expect(await grantsOnSpace()).toBe(0);
    await expect(restore(space.id, org.admin)).rejects.toMatchObject(NOT_FOUND);
    await remove(space.id, org.admin);
  });

  it('the purge leaves spaces deleted less than 7 days ago', async () => {
    const org = await createOrganization(quire);
    const space = await createSpace(quire, org);
    await remove(space.id, org.admin);
    quire.clock.advanceDays(6);
    await purgeDeletedSpaces(quire.services, quire.clock.now());
    expect(await storedSpace(quire, space.id)).not.toBeNull();
    expect((await restore(space.id, org.admin)).deletedAt).toBeUndefined();
  });
});
