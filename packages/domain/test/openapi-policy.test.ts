/** The OpenAPI specification rules (`openApiSpecPermissionsOf`), as a table of cases. */
import { describe, expect, it } from 'vitest';
import type { RoleOrGuest } from '../src/core/schemas';
import { type OpenApiSpecPermissions, openApiSpecPermissionsOf } from '../src/policies/openapi-policy';

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
];

describe('openApiSpecPermissionsOf', () => {
  it.each(cases)('%s', (_title, subject, expected) => {
    expect(openApiSpecPermissionsOf(subject)).toEqual(expected);
  });
});
