/**
 * The team ids an organization membership carries (`teamIds`, `ownedTeamIds`) follow every
 * change of team memberships made through the team repository: add, role change, removal,
 * team deletion and leaving every team.
 */
import type { MemberRecord, TeamRole } from '@quire/domain';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { beforeEach, describe, expect, it } from 'vitest';
import { MongoMemberRepository } from '../../src/repositories/organizations/member-repository';
import { MongoTeamRepository } from '../../src/repositories/organizations/team-repository';

const ORG = 'org1';
const AT = '2026-01-01T00:00:00.000Z';

let members: MongoMemberRepository;
let teams: MongoTeamRepository;

beforeEach(async () => {
  const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
  members = new MongoMemberRepository(db);
  teams = new MongoTeamRepository(db);
  for (const userId of ['ann', 'bob'])
    await members.insert({
      organizationId: ORG,
      userId,
      role: 'read',
      disabled: false,
      sso: false,
      joinedAt: AT,
      user: { displayName: userId, email: `${userId}@example.com` },
      teamIds: [],
      ownedTeamIds: [],
    });
  for (const id of ['t1', 't2', 't3'])
    await teams.insert({ id, organizationId: ORG, title: id, createdAt: AT, memberCount: 0 });
});

const put = (teamId: string, userId: string, role: TeamRole) =>
  teams.putMembership({ organizationId: ORG, teamId, userId, role, addedAt: AT });

/** The ids the membership carries, sorted, as `{teamIds, ownedTeamIds}`. */
async function idsOf(userId: string): Promise<Pick<MemberRecord, 'teamIds' | 'ownedTeamIds'>> {
  const member = await members.find(ORG, userId);
  if (!member) throw new Error(`no member ${userId}`);
  return { teamIds: [...member.teamIds].sort(), ownedTeamIds: [...member.ownedTeamIds].sort() };
}

describe('team ids carried by organization memberships', () => {
  it('start empty', async () => {
    expect(await idsOf('ann')).toEqual({ teamIds: [], ownedTeamIds: [] });
  });

  it('follow additions, as owner or not, without duplicates', async () => {
    expect(await put('t1', 'ann', 'member')).toBe(true);
    expect(await put('t2', 'ann', 'owner')).toBe(true);
    expect(await put('t2', 'ann', 'owner')).toBe(false);
    await put('t3', 'bob', 'owner');
    expect(await idsOf('ann')).toEqual({ teamIds: ['t1', 't2'], ownedTeamIds: ['t2'] });
    expect(await idsOf('bob')).toEqual({ teamIds: ['t3'], ownedTeamIds: ['t3'] });
  });

  it('follow role changes both ways', async () => {
    await put('t1', 'ann', 'member');
    await put('t1', 'ann', 'owner');
    expect(await idsOf('ann')).toEqual({ teamIds: ['t1'], ownedTeamIds: ['t1'] });
    await put('t1', 'ann', 'member');
    expect(await idsOf('ann')).toEqual({ teamIds: ['t1'], ownedTeamIds: [] });
    expect((await teams.findById(ORG, 't1'))?.memberCount).toBe(1);
  });

  it('follow removals, and a removal of nothing repairs stale ids', async () => {
    await put('t1', 'ann', 'owner');
    await put('t2', 'ann', 'member');
    expect(await teams.removeMembership(ORG, 't1', 'ann')).toBe(true);
    expect(await idsOf('ann')).toEqual({ teamIds: ['t2'], ownedTeamIds: [] });
    expect(await teams.removeMembership(ORG, 't1', 'ann')).toBe(false);
    expect(await idsOf('ann')).toEqual({ teamIds: ['t2'], ownedTeamIds: [] });
  });

  it('lose a deleted team, for every member and only that team', async () => {
    await put('t1', 'ann', 'owner');
    await put('t1', 'bob', 'member');
    await put('t2', 'bob', 'owner');
    expect(await teams.delete(ORG, 't1')).toBe(true);
    expect(await idsOf('ann')).toEqual({ teamIds: [], ownedTeamIds: [] });
    expect(await idsOf('bob')).toEqual({ teamIds: ['t2'], ownedTeamIds: ['t2'] });
  });

  it('empty when the member leaves every team', async () => {
    await put('t1', 'ann', 'owner');
    await put('t2', 'ann', 'member');
    await put('t3', 'bob', 'member');
    await teams.removeMemberFromAllTeams(ORG, 'ann');
    expect(await idsOf('ann')).toEqual({ teamIds: [], ownedTeamIds: [] });
    expect(await idsOf('bob')).toEqual({ teamIds: ['t3'], ownedTeamIds: [] });
    expect(await teams.ownsAnyTeam(ORG, 'ann')).toBe(false);
  });

  it('leave memberships of other organizations alone', async () => {
    await members.insert({ ...(await members.find(ORG, 'ann'))!, organizationId: 'org2' });
    await put('t1', 'ann', 'owner');
    expect((await members.find('org2', 'ann'))?.teamIds).toEqual([]);
  });
});
