/**
 * Who is shown a site's published view (`visitorAccess`), as a table: every visibility,
 * published or not, for members and for anonymous visitors with each credential; and the
 * structure a visitor's claims select (`visibleStructure`, with the cached compiled
 * conditions of `conditionTestsOf`).
 */
import { describe, expect, it } from 'vitest';
import type { SiteRecord, SiteVisibility } from '../../src/publishing/records';
import { conditionTestsOf } from '../../src/publishing/site-conditions';
import { visibleStructure } from '../../src/publishing/visible-structure';
import { type VisitorFacts, visitorAccess } from '../../src/publishing/visitor-access';

type Credential = 'none' | 'active link' | 'token' | 'link and token';

const credentials: Record<Credential, Pick<VisitorFacts, 'activeShareLink' | 'verifiedToken'>> = {
  none: { activeShareLink: false, verifiedToken: false },
  'active link': { activeShareLink: true, verifiedToken: false },
  token: { activeShareLink: false, verifiedToken: true },
  'link and token': { activeShareLink: true, verifiedToken: true },
};

/** For a published site, which anonymous credentials show each visibility. */
const shownTo: Record<SiteVisibility, Credential[]> = {
  public: ['none', 'active link', 'token', 'link and token'],
  unlisted: ['none', 'active link', 'token', 'link and token'],
  'share-link': ['active link', 'link and token'],
  'visitor-auth': ['token', 'link and token'],
};

const rows = (Object.keys(shownTo) as SiteVisibility[]).flatMap((visibility) =>
  (Object.keys(credentials) as Credential[]).flatMap((credential) =>
    [true, false].flatMap((published) =>
      [true, false].map((member) => {
        const shown = member || (published && shownTo[visibility].includes(credential));
        return [
          `${visibility}, ${published ? 'published' : 'unpublished'}, ${member ? 'member' : 'anonymous'}, ${credential}: ${shown ? 'shown' : 'hidden'}`,
          { visibility, published, member, ...credentials[credential] },
          shown,
        ] as const;
      }),
    ),
  ),
);

describe('visitorAccess', () => {
  it.each(rows)('%s', (_title, facts, shown) => {
    expect(visitorAccess(facts).shown).toBe(shown);
  });

  it('says why: members first (rule 1), then the visibility', () => {
    const base = { published: true, activeShareLink: true, verifiedToken: true };
    expect(visitorAccess({ ...base, visibility: 'share-link', member: true })).toEqual({
      shown: true,
      via: 'member',
    });
    expect(visitorAccess({ ...base, visibility: 'unlisted', member: false })).toEqual({
      shown: true,
      via: 'open',
    });
    expect(visitorAccess({ ...base, visibility: 'share-link', member: false })).toEqual({
      shown: true,
      via: 'share-link',
    });
    expect(visitorAccess({ ...base, visibility: 'visitor-auth', member: false })).toEqual({
      shown: true,
      via: 'visitor-auth',
    });
  });
});

const schema = {
  type: 'object',
  properties: {
    beta: { type: 'boolean' },
    unsigned: { type: 'object', properties: { staff: { type: 'boolean' } }, additionalProperties: false },
  },
  additionalProperties: false,
};

function siteWith(version: number, sectionCondition?: string): SiteRecord {
  const siteSpace = (id: string, condition?: string) => ({
    id,
    spaceId: `space-${id}`,
    path: id,
    ...(condition === undefined ? {} : { condition }),
  });
  return {
    id: 'site-1',
    version,
    adaptiveSchema: { jsonSchema: schema, updatedAt: '2024-01-01T00:00:00.000Z' },
    structure: {
      sections: [
        {
          id: 'a',
          title: 'A',
          path: 'a',
          ...(sectionCondition === undefined ? {} : { condition: sectionCondition }),
          siteSpaces: [siteSpace('a1'), siteSpace('a2', 'visitor.claims.unsigned.staff == true')],
        },
        { id: 'b', title: 'B', path: 'b', siteSpaces: [siteSpace('b1', 'visitor.claims.beta == true')] },
        { id: 'c', title: 'C', path: 'c', siteSpaces: [siteSpace('c1', 'visitor.claims.nope == true')] },
      ],
      groups: [{ id: 'g', title: 'G', sectionIds: ['b', 'c'] }],
      items: [
        { type: 'section', id: 'a' },
        { type: 'group', id: 'g' },
      ],
      siteSpaces: [],
    },
  } as unknown as SiteRecord;
}

const shape = (structure: ReturnType<typeof visibleStructure>) => ({
  sections: structure.sections.map((section) => [section.id, section.siteSpaces.map((s) => s.id)]),
  groups: structure.groups.map((group) => [group.id, group.sectionIds]),
  items: structure.items.map((item) => item.id),
});

describe('visibleStructure', () => {
  it.each([
    ['no claims: only what has no condition', {}, { sections: [['a', ['a1']]], groups: [], items: ['a'] }],
    [
      'staff: the unsigned claim opens a2',
      { unsigned: { staff: true } },
      { sections: [['a', ['a1', 'a2']]], groups: [], items: ['a'] },
    ],
    [
      'beta: section b appears in its group',
      { beta: true },
      {
        sections: [
          ['a', ['a1']],
          ['b', ['b1']],
        ],
        groups: [['g', ['b']]],
        items: ['a', 'g'],
      },
    ],
    [
      'a claim the schema lacks never holds (c1 fails closed)',
      { nope: true, beta: false },
      { sections: [['a', ['a1']]], groups: [], items: ['a'] },
    ],
  ])('%s', (_title, claims, expected) => {
    const site = siteWith(1);
    expect(shape(visibleStructure(site.structure, conditionTestsOf(site), claims))).toEqual(expected);
  });

  it('compiles once per site version: the same tests while the version holds, new ones after', () => {
    const first = conditionTestsOf(siteWith(7));
    expect(conditionTestsOf(siteWith(7))).toBe(first);
    const changed = siteWith(8, 'visitor.claims.beta == true');
    const next = conditionTestsOf(changed);
    expect(next).not.toBe(first);
    expect(shape(visibleStructure(changed.structure, next, {})).sections).toEqual([]);
  });
});
