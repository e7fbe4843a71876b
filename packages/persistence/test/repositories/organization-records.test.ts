/**
 * The organization and member repositories build their records field by field from the
 * store's copy (no rest pattern copying it again): a record with every field, optional ones
 * included, reads back exactly as written, by each read; a field added to a record and not
 * read back makes `Required<...>` below fail to compile or the comparison fail.
 */
import type { MemberRecord, OrganizationRecord } from '@quire/domain';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { beforeEach, describe, expect, it } from 'vitest';
import { MongoMemberRepository } from '../../src/repositories/organizations/member-repository';
import { MongoOrganizationRepository } from '../../src/repositories/organizations/organization-repository';

const ORG = 'org1';

const EVERY_MEMBER_FIELD: Required<MemberRecord> = {
  organizationId: ORG,
  userId: 'ann',
  role: 'edit',
  disabled: false,
  sso: true,
  joinedAt: '2026-01-01T00:00:00.000Z',
  lastSeenAt: '2026-02-01T00:00:00.000Z',
  user: { displayName: 'Ann', email: 'ann@example.com', photoURL: 'https://example.com/ann.png' },
  teamIds: ['t1', 't2'],
  ownedTeamIds: ['t2'],
};

const EVERY_ORGANIZATION_FIELD: Required<OrganizationRecord> = {
  id: ORG,
  title: 'Org',
  createdAt: '2026-01-01T00:00:00.000Z',
  emailDomains: ['example.com'],
  hostname: 'org.example.com',
  type: 'community',
  useCase: 'docsSite',
  communityType: 'openSource',
  defaultRole: null,
  defaultContent: { type: 'site', site: 'site1' },
  logo: 'https://example.com/logo.png',
  sso: false,
  ai: true,
  inviteLinks: true,
  plan: 'free',
  memberCount: 1,
  adminCount: 1,
};

let db: EmbeddedDatabase;
let members: MongoMemberRepository;
let organizations: MongoOrganizationRepository;

beforeEach(() => {
  db = new EmbeddedDatabase(new Map(), new MemoryJournal());
  members = new MongoMemberRepository(db);
  organizations = new MongoOrganizationRepository(db);
});

describe('member records', () => {
  it('read back with every field, by each read', async () => {
    await members.insert(EVERY_MEMBER_FIELD);
    expect(await members.find(ORG, 'ann')).toStrictEqual(EVERY_MEMBER_FIELD);
    expect(await members.findMany(ORG, ['ann'])).toStrictEqual([EVERY_MEMBER_FIELD]);
    expect(await members.findForUser('ann', [ORG])).toStrictEqual([EVERY_MEMBER_FIELD]);
    const page = await members.list(ORG, { sort: 'joinedAt', order: 'asc' }, { limit: 10 });
    expect(page.items).toStrictEqual([EVERY_MEMBER_FIELD]);
  });

  it('read back without the optional fields when they are absent', async () => {
    const { lastSeenAt: _seen, ...withoutOptional } = EVERY_MEMBER_FIELD;
    await members.insert(withoutOptional);
    const read = await members.find(ORG, 'ann');
    expect(read).toStrictEqual(withoutOptional);
    expect(read && 'lastSeenAt' in read).toBe(false);
  });

  it('read a document written before the team ids were carried as in no team', async () => {
    const { teamIds: _teams, ownedTeamIds: _owned, ...older } = EVERY_MEMBER_FIELD;
    await db.collection<{ _id: string }>('members').insertOne({ _id: `${ORG}:ann`, ...older });
    expect(await members.find(ORG, 'ann')).toStrictEqual({ ...older, teamIds: [], ownedTeamIds: [] });
  });

  it('are private: changing one read does not change the next', async () => {
    await members.insert(EVERY_MEMBER_FIELD);
    const first = await members.find(ORG, 'ann');
    first?.teamIds.push('t3');
    if (first) first.user.displayName = 'changed';
    expect(await members.find(ORG, 'ann')).toStrictEqual(EVERY_MEMBER_FIELD);
  });
});

describe('organization records', () => {
  it('read back with every field, by each read', async () => {
    await organizations.insert(EVERY_ORGANIZATION_FIELD);
    expect(await organizations.findById(ORG)).toStrictEqual(EVERY_ORGANIZATION_FIELD);
    expect(await organizations.findByIds([ORG])).toStrictEqual([EVERY_ORGANIZATION_FIELD]);
    expect(await organizations.findByEmailDomain('example.com')).toStrictEqual([EVERY_ORGANIZATION_FIELD]);
  });

  it('read back without the optional fields when they are absent', async () => {
    const {
      hostname: _hostname,
      useCase: _useCase,
      communityType: _communityType,
      defaultContent: _defaultContent,
      logo: _logo,
      ...withoutOptional
    } = EVERY_ORGANIZATION_FIELD;
    await organizations.insert(withoutOptional);
    const read = await organizations.findById(ORG);
    expect(read).toStrictEqual(withoutOptional);
    expect(Object.keys(read ?? {}).sort()).toEqual(Object.keys(withoutOptional).sort());
  });

  it('stand while stored and not deleted, as findById finds them', async () => {
    expect(await organizations.isStanding(ORG)).toBe(false);
    await organizations.insert(EVERY_ORGANIZATION_FIELD);
    expect(await organizations.isStanding(ORG)).toBe(true);
    await organizations.markDeleted(ORG, '2026-03-01T00:00:00.000Z');
    expect(await organizations.isStanding(ORG)).toBe(false);
    expect(await organizations.findById(ORG)).toBeNull();
  });
});
