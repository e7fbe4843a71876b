/** The OpenAPI specification rules (`openApiSpecPermissionsOf`), as a table of cases. */
import { describe, expect, it } from 'vitest';
import type { RoleOrGuest } from '../src/core/schemas';
import { type OpenApiSpecPermissions, openApiSpecPermissionsOf } from '../src/policies/openapi-policy';

const site = (organizationId: string, named: string[], spec: { organizationId: string; slug: string }) => ({
  grant: { organizationId, siteId: 's1', siteSpaceId: 'ss1', spaceId: 'sp1', spaceIds: ['sp1'], claims: {} },
  publishedNames: new Set(named),
  spec,
});
const member = (role: RoleOrGuest, disabled = false) => ({ role, disabled });
const NOTHING: OpenApiSpecPermissions = { view: false, edit: false, delete: false };
const READ: OpenApiSpecPermissions = { view: true, edit: false, delete: false };
const ALL: OpenApiSpecPermissions = { view: true, edit: true, delete: true };

const cases: Array<
  [title: string, subject: Parameters<typeof openApiSpecPermissionsOf>[0], OpenApiSpecPermissions]
> = [
  ['1. an admin: everything', { member: member('admin'), visibility: 'private' }, ALL],
  ['1. a creator: everything', { member: member('create'), visibility: 'private' }, ALL],
  ['1. an editor: read only', { member: member('edit'), visibility: 'private' }, READ],
  ['1. a reader: read only', { member: member('read'), visibility: 'private' }, READ],
  [
    '1. a reader of a public spec: read only, no more',
    { member: member('read'), visibility: 'public' },
    READ,
  ],
  ['1. a creator of a public spec: everything', { member: member('create'), visibility: 'public' }, ALL],
  ['2. a guest, public spec: read only', { member: member(null), visibility: 'public' }, READ],
  [
    '2. a disabled admin, public spec: read only',
    { member: member('admin', true), visibility: 'public' },
    READ,
  ],
  ['2. not a member, public spec: read only', { member: null, visibility: 'public' }, READ],
  ['3. a guest, private spec: nothing', { member: member(null), visibility: 'private' }, NOTHING],
  [
    '3. a disabled admin, private spec: nothing',
    { member: member('admin', true), visibility: 'private' },
    NOTHING,
  ],
  ['3. not a member, private spec: nothing', { member: null, visibility: 'private' }, NOTHING],
  [
    "0. a site token, a spec its site's pages name: read only",
    {
      member: null,
      visibility: 'private',
      site: site('o1', ['petstore'], { organizationId: 'o1', slug: 'petstore' }),
    },
    READ,
  ],
  [
    "0. a site token, a public spec its site's pages do not name: nothing",
    {
      member: null,
      visibility: 'public',
      site: site('o1', ['other'], { organizationId: 'o1', slug: 'petstore' }),
    },
    NOTHING,
  ],
  [
    "0. a site token, another organization's spec of a slug its pages name: nothing",
    {
      member: null,
      visibility: 'public',
      site: site('o1', ['petstore'], { organizationId: 'o2', slug: 'petstore' }),
    },
    NOTHING,
  ],
];

describe('openApiSpecPermissionsOf', () => {
  it.each(cases)('%s', (_title, subject, expected) => {
    expect(openApiSpecPermissionsOf(subject)).toEqual(expected);
  });
});
