/**
 * Content for tests, made with the domain's own operations as the organization's admin (or
 * `as`), so fixtures follow the rules instead of copying records: collections and spaces at
 * exact places with exact default levels, and grants on them. The one fixture of each kind,
 * for domain and face tests alike; a test of a face makes its own request to that face.
 */
import { type DefaultLevel, operations, type Role } from '@quire/domain';
import type { z } from 'zod';
import type { TestOrganization, TestUser } from './factories';
import type { QuireUnderTest } from './test-domain';

type Quire = Pick<QuireUnderTest, 'callOperation'>;

export type ContentRef = { kind: 'space' | 'collection'; id: string };

export interface ContentOptions {
  /** The collection it goes in; absent: the top level. */
  parent?: string;
  title?: string;
  /** Set after the create (which always starts from 'inherit'). */
  defaultLevel?: DefaultLevel;
  /** Who creates it (default: the organization's admin). */
  as?: TestUser;
}

export async function createCollection(quire: Quire, org: TestOrganization, options: ContentOptions = {}) {
  const as = options.as ?? org.admin;
  const created = await quire.callOperation(operations.collections.create, as, {
    organizationId: org.organization.id,
    title: options.title ?? 'Collection',
    ...(options.parent ? { parent: options.parent } : {}),
  });
  if (options.defaultLevel === undefined || options.defaultLevel === 'inherit') return created;
  return quire.callOperation(operations.collections.update, org.admin, {
    collectionId: created.id,
    defaultLevel: options.defaultLevel,
  });
}

/** The settings a space may be created with besides its place and title. */
type SpaceSettings = Pick<z.input<typeof operations.spaces.create.input>, 'emoji' | 'editMode'>;

export async function createSpace(
  quire: Quire,
  org: TestOrganization,
  options: ContentOptions & SpaceSettings = {},
) {
  const { as = org.admin, parent, title = 'Space', defaultLevel, ...settings } = options;
  const created = await quire.callOperation(operations.spaces.create, as, {
    organizationId: org.organization.id,
    title,
    ...(parent ? { parent } : {}),
    ...settings,
  });
  if (defaultLevel === undefined || defaultLevel === 'inherit') return created;
  return quire.callOperation(operations.spaces.update, org.admin, { spaceId: created.id, defaultLevel });
}

/** A chain of `depth` nested collections (outermost first) and a space in the innermost. */
export async function createNestedSpace(quire: Quire, org: TestOrganization, depth: number) {
  const collections: Array<{ id: string }> = [];
  for (let i = 0; i < depth; i++) {
    const parent = collections[i - 1]?.id;
    collections.push(await createCollection(quire, org, parent ? { parent } : {}));
  }
  const parent = collections[depth - 1]?.id;
  const space = await createSpace(quire, org, parent ? { parent } : {});
  return { collections, space };
}

/** Grants a role (null: removes it) to users and teams on a space or a collection, as the organization's admin. */
export async function grant(
  quire: Quire,
  org: TestOrganization,
  target: ContentRef,
  body: { role: Role | null; users?: string[]; teams?: string[] },
): Promise<void> {
  if (target.kind === 'space') {
    await quire.callOperation(operations.spaces.permissions.invite, org.admin, {
      spaceId: target.id,
      ...body,
    });
  } else {
    await quire.callOperation(operations.collections.permissions.invite, org.admin, {
      collectionId: target.id,
      ...body,
    });
  }
}
