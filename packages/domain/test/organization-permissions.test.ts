/**
 * The organization's permission tables are memoized per role and team ownership: each must be
 * exactly the table the rules compute for that membership, for every role, guest included,
 * active or disabled, owning a team or not, and for no membership at all.
 */
import { describe, expect, it } from 'vitest';
import { ROLES, type RoleOrGuest } from '../src/core/schemas';
import type { MemberRecord } from '../src/organizations/records';
import {
  computeOrganizationPermissions,
  ORGANIZATION_ACTIONS,
  organizationPermissions,
} from '../src/policies/organization-policy';

const membership = (role: RoleOrGuest, disabled: boolean, ownedTeamIds: string[]): MemberRecord => ({
  organizationId: 'org',
  userId: 'user',
  role,
  disabled,
  sso: false,
  joinedAt: '2026-01-01T00:00:00.000Z',
  user: { displayName: 'User', email: 'user@example.com' },
  teamIds: [...ownedTeamIds, 'other-team'],
  ownedTeamIds,
});

const ROLES_AND_GUEST: RoleOrGuest[] = [...ROLES, null];

describe('organizationPermissions (memoized)', () => {
  for (const role of ROLES_AND_GUEST) {
    for (const disabled of [false, true]) {
      for (const owned of [[], ['team-1'], ['team-1', 'team-2']]) {
        it(`equals the computed table: role ${role}, ${disabled ? 'disabled' : 'active'}, owns ${owned.length}`, () => {
          // Asked twice: the first call may build the table, the second reads it.
          for (let call = 0; call < 2; call++) {
            const member = membership(role, disabled, owned);
            const table = organizationPermissions({ member });
            expect(table).toStrictEqual(computeOrganizationPermissions({ member }));
            expect(Object.keys(table)).toEqual([...ORGANIZATION_ACTIONS]);
          }
        });
      }
    }
  }

  it('equals the computed table for no membership', () => {
    expect(organizationPermissions({ member: null })).toStrictEqual(
      computeOrganizationPermissions({ member: null }),
    );
  });

  it('shares frozen tables, which a caller cannot change for the next request', () => {
    const member = membership('read', false, []);
    const table = organizationPermissions({ member });
    expect(Object.isFrozen(table)).toBe(true);
    expect(() => {
      (table as { admin: boolean }).admin = true;
    }).toThrow(TypeError);
    expect(organizationPermissions({ member }).admin).toBe(false);
  });
});
