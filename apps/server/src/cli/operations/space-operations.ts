/**
 * The operation of `quire spaces list`: every organization's spaces that are not deleted.
 *
 * The instance's organizations have no list in the repositories (no route lists them all:
 * a person sees their memberships), so this reads the organizations' ids and titles from
 * the store by pages of ids, then each organization's spaces through its repository
 * (`listActive`, keyset-paged). A space's number of pages is not shown: its pages are a
 * tree of content objects, and counting them reads every tree object of every space.
 */
import type { PageRequest, SpaceRecord } from '@quire/domain';
import { z } from 'zod';
import { defineOperation } from './cli-operation';

const PAGE = 500;

export interface ListedSpace {
  organizationId: string;
  organizationTitle: string;
  id: string;
  title: string;
  visibility: SpaceRecord['visibility'];
  /** The collection holding it; absent at the top level of its organization. */
  collectionId?: string;
  createdAt: string;
}

interface OrganizationTitle {
  _id: string;
  title: string;
}

export const listSpaces = defineOperation({
  input: z.strictObject({ organizationId: z.string().max(256).optional() }),
  async run({ services, store }, input) {
    const organizations = store.db.collection<OrganizationTitle>('organizations');
    const listed: ListedSpace[] = [];
    let after: string | undefined;
    for (;;) {
      const filter = {
        ...(input.organizationId === undefined ? {} : { _id: input.organizationId }),
        ...(after === undefined ? {} : { _id: { $gt: after } }),
      };
      const batch = await organizations
        .find(filter, { sort: { _id: 1 }, limit: PAGE, projection: { title: 1 } })
        .toArray();
      for (const organization of batch) listed.push(...(await spacesOf(services, organization)));
      if (batch.length < PAGE || input.organizationId !== undefined) return listed;
      after = batch.at(-1)?._id;
    }
  },
});

async function spacesOf(
  services: Parameters<typeof listSpaces.run>[0]['services'],
  organization: OrganizationTitle,
): Promise<ListedSpace[]> {
  const spaces: ListedSpace[] = [];
  let page: PageRequest = { limit: PAGE };
  for (;;) {
    const slice = await services.repos.spaces.listActive(organization._id, 'asc', page);
    for (const space of slice.items) {
      spaces.push({
        organizationId: organization._id,
        organizationTitle: organization.title,
        id: space.id,
        title: space.title,
        visibility: space.visibility,
        ...(space.parentId === undefined ? {} : { collectionId: space.parentId }),
        createdAt: space.createdAt,
      });
    }
    if (!slice.next) return spaces;
    page = { limit: PAGE, after: slice.next };
  }
}
