/**
 * The effective-role rules, as a table of cases, and the rule tables that turn a role into
 * the `permissions` objects (the functions are pure; `apps/server/test/access` checks that
 * the loaders feed them the right chain, teams and grants).
 */
import { describe, expect, it } from 'vitest';
import type { DefaultLevel } from '../src/content/spaces/records';
import type { Role, RoleOrGuest } from '../src/core/schemas';
import {
  COLLECTION_ACTIONS,
  COLLECTION_RULES,
  collectionPermissions,
  SPACE_ACTIONS,
  SPACE_RULES,
  spacePermissions,
} from '../src/policies/content-policy';
import { type EffectiveRoleInput, effectiveRole } from '../src/policies/effective-role';

const member = (role: RoleOrGuest) => ({ role });

const cases: Array<[title: string, input: EffectiveRoleInput, expected: Role | null]> = [
  ['not a member: nothing, even with grants', { member: null, levels: ['admin'], grants: ['admin'] }, null],
  [
    'org admin: admin although the level is null',
    { member: member('admin'), levels: [null], grants: [] },
    'admin',
  ],
  [
    'org admin: admin although the level is read',
    { member: member('admin'), levels: ['read'], grants: [] },
    'admin',
  ],
  [
    'inherit all the way: the org role',
    { member: member('edit'), levels: ['inherit', 'inherit'], grants: [] },
    'edit',
  ],
  ['no chain at all: the org role', { member: member('comment'), levels: [], grants: [] }, 'comment'],
  [
    'own level replaces the org role (lower)',
    { member: member('create'), levels: ['read'], grants: [] },
    'read',
  ],
  [
    'own level replaces the org role (higher)',
    { member: member('read'), levels: ['edit'], grants: [] },
    'edit',
  ],
  [
    'inherit takes the parent level',
    { member: member('read'), levels: ['inherit', 'review'], grants: [] },
    'review',
  ],
  [
    'inherit skips several levels up to the nearest set one',
    { member: member('read'), levels: ['inherit', 'inherit', 'inherit', 'comment', 'admin'], grants: [] },
    'comment',
  ],
  [
    'the nearest set level wins over ancestors',
    { member: member('read'), levels: ['edit', 'read'], grants: [] },
    'edit',
  ],
  ['a null level gives members nothing', { member: member('edit'), levels: [null], grants: [] }, null],
  [
    'a null parent level reaches inheriting children',
    { member: member('edit'), levels: ['inherit', null], grants: [] },
    null,
  ],
  [
    'a null level: grants still apply',
    { member: member('edit'), levels: [null], grants: ['comment'] },
    'comment',
  ],
  ['guest: nothing without grants', { member: member(null), levels: ['inherit'], grants: [] }, null],
  [
    'guest: the default level does not reach guests',
    { member: member(null), levels: ['edit'], grants: [] },
    null,
  ],
  ['guest: a grant gives its role', { member: member(null), levels: ['inherit'], grants: ['read'] }, 'read'],
  ['a grant raises', { member: member('read'), levels: ['inherit'], grants: ['edit'] }, 'edit'],
  ['a grant never lowers', { member: member('edit'), levels: ['inherit'], grants: ['read'] }, 'edit'],
  [
    'the strongest of several grants',
    { member: member(null), levels: [], grants: ['read', 'review', 'comment'] },
    'review',
  ],
  ['a grant can make an admin', { member: member('read'), levels: [null], grants: ['admin'] }, 'admin'],
];

describe('effectiveRole', () => {
  it.each(cases)('%s', (_title, input, expected) => {
    expect(effectiveRole(input)).toBe(expected);
  });
});

describe('the rule tables drive the permissions objects', () => {
  const levels: DefaultLevel[] = ['inherit'];
  it('a reader on a space may view only', () => {
    const role = effectiveRole({ member: member('read'), levels, grants: [] });
    expect(spacePermissions(role)).toEqual({
      view: true,
      access: true,
      admin: false,
      viewInviteLinks: false,
      edit: false,
      triggerGitSync: false,
      comment: false,
      merge: false,
      review: false,
      installIntegration: false,
    });
  });
  it('no role: every permission false', () => {
    expect(Object.values(spacePermissions(null)).every((v) => v === false)).toBe(true);
    expect(Object.values(collectionPermissions(null)).every((v) => v === false)).toBe(true);
  });
  it('admin: every permission true', () => {
    expect(Object.values(spacePermissions('admin')).every(Boolean)).toBe(true);
    expect(Object.values(collectionPermissions('admin')).every(Boolean)).toBe(true);
  });
  it('every action has a rule', () => {
    expect(Object.keys(SPACE_RULES).sort()).toEqual([...SPACE_ACTIONS].sort());
    expect(Object.keys(COLLECTION_RULES).sort()).toEqual([...COLLECTION_ACTIONS].sort());
  });
  it('collection create needs the create role', () => {
    expect(collectionPermissions('create').create).toBe(true);
    expect(collectionPermissions('review').create).toBe(false);
  });
});
