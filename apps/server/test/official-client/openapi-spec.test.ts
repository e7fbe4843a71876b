/**
 * The validator itself: a check that passes everything proves nothing, so it must refuse
 * bodies the document refuses (missing required fields, wrong enums, relative URLs, null
 * where not nullable) and accept what the document allows (null roles for guests).
 */
import { describe, expect, it } from 'vitest';
import { matchesTemplate, responseSchema, validateAgainst } from './openapi-spec';

const user = {
  object: 'user',
  id: 'u1',
  displayName: 'Ann',
  urls: { location: 'http://quire.test/v1/users/u1' },
};

const member = {
  object: 'member',
  id: 'u1',
  role: 'edit',
  user,
  disabled: false,
  joinedAt: '2024-01-01T00:00:00.000Z',
  sso: false,
  spaces: 0,
  teams: 0,
};

describe('the spec validator', () => {
  const memberSchema = responseSchema('getMemberInOrganizationById', 200);

  it('accepts a body the document allows, guests included', () => {
    expect(validateAgainst(memberSchema, member)).toEqual([]);
    expect(validateAgainst(memberSchema, { ...member, role: null })).toEqual([]);
  });

  it('refuses missing required fields, bad enums, relative URLs, bad timestamps and misplaced nulls', () => {
    const { teams: _, ...withoutTeams } = member;
    expect(validateAgainst(memberSchema, withoutTeams).join('\n')).toContain('teams');
    expect(validateAgainst(memberSchema, { ...member, role: 'owner' })).not.toEqual([]);
    expect(
      validateAgainst(memberSchema, {
        ...member,
        user: { ...user, urls: { location: '/v1/users/u1' } },
      }).join(),
    ).toContain('/user/urls/location');
    expect(validateAgainst(memberSchema, { ...member, joinedAt: 'yesterday' }).join()).toContain('/joinedAt');
    expect(validateAgainst(memberSchema, { ...member, sso: null }).join()).toContain('/sso');
  });

  it('validates list envelopes and 204s', () => {
    const list = responseSchema('listMembersInOrganizationById', 200);
    expect(validateAgainst(list, { items: [member], count: 1 })).toEqual([]);
    expect(validateAgainst(list, { items: [member], count: 1, next: {} }).join()).toContain('/next');
    expect(validateAgainst(list, { count: 1 }).join()).toContain('items');
    expect(responseSchema('removeMemberFromOrganizationById', 204)).toBeNull();
  });

  it('matches path templates segment by segment', () => {
    expect(matchesTemplate('/orgs/{organizationId}', '/orgs/abc')).toBe(true);
    expect(matchesTemplate('/orgs/{organizationId}', '/orgs/abc/members')).toBe(false);
  });
});
