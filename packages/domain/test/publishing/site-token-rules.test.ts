/**
 * The rules of a site API token's caller, as tables: what it may run at all
 * (`assertSiteTokenMayRun`), its role on a space (`siteTokenRole`) and what a read embeds for
 * it (`seesChangeRequests`), and the files and reusable contents it is shown (`siteTokenSeesReferenced`).
 */
import { describe, expect, it } from 'vitest';
import type { Caller, SiteVisitorGrant } from '../../src/core/context';
import type { AnyOperation } from '../../src/core/operation';
import { assertSiteTokenMayRun } from '../../src/core/site-token-gate';
import {
  seesChangeRequests,
  siteTokenRole,
  siteTokenSeesReferenced,
} from '../../src/policies/site-token-access';

const grant: SiteVisitorGrant = {
  organizationId: 'org',
  siteId: 'site',
  siteSpaceId: 'site-space',
  spaceId: 'space',
  spaceIds: ['space', 'other-shown'],
  claims: {},
};
const caller: Caller = {
  userId: 'site-visitor:site',
  tokenId: 'site-token:x',
  isInstanceAdmin: false,
  site: grant,
};
const op = (name: string, kind: 'query' | 'mutation') => ({ name, kind }) as AnyOperation;

const gateCases: Array<
  [title: string, name: string, kind: 'query' | 'mutation', input: object, refusal: string | null]
> = [
  ['1: a write, even on its own space', 'spaces.update', 'mutation', { spaceId: 'space' }, 'forbidden'],
  ['1: a write of the content', 'spaces.content.update', 'mutation', {}, 'forbidden'],
  ['2: a read outside the visitor’s reads', 'orgs.members.list', 'query', {}, 'not_found'],
  ['2: the caller’s own user', 'user.get', 'query', {}, 'not_found'],
  [
    '3: a change request’s content',
    'spaces.content.pages.list',
    'query',
    { changeRequestId: '1' },
    'not_found',
  ],
  ['4: a page of live content', 'spaces.content.page.get', 'query', { spaceId: 'space', pageId: 'p' }, null],
  ['4: the published view', 'sites.published', 'query', {}, null],
  ['4: the lookup, a mutation it may make', 'urls.published', 'mutation', { url: 'https://x/' }, null],
  [
    "4: a reader's insights events, a mutation it may make",
    'sites.insights.trackEvents',
    'mutation',
    {},
    null,
  ],
];

describe('assertSiteTokenMayRun', () => {
  it.each(gateCases)('%s', (_title, name, kind, input, refusal) => {
    const run = () => assertSiteTokenMayRun(caller, op(name, kind), input);
    if (refusal === null) expect(run).not.toThrow();
    else expect(run).toThrow(expect.objectContaining({ code: refusal }));
  });

  it('lets every other caller through', () => {
    const member: Caller = { userId: 'u', tokenId: 't', isInstanceAdmin: false };
    expect(() => assertSiteTokenMayRun(member, op('spaces.update', 'mutation'), {})).not.toThrow();
  });
});

const roleCases: Array<
  [title: string, space: { id: string; organizationId: string; deletedAt?: string }, role: string | null]
> = [
  ['1: its own space, deleted', { id: 'space', organizationId: 'org', deletedAt: '2026-01-01' }, null],
  ['2: a space of another organization with the same id', { id: 'space', organizationId: 'elsewhere' }, null],
  ['3: a space the site does not show the visitor', { id: 'hidden', organizationId: 'org' }, null],
  ['4: its own space', { id: 'space', organizationId: 'org' }, 'read'],
  ['4: another space the site shows the visitor', { id: 'other-shown', organizationId: 'org' }, 'read'],
];

describe('siteTokenRole', () => {
  it.each(roleCases)('%s', (_title, space, role) => {
    expect(siteTokenRole(grant, space)).toBe(role);
  });
});

describe('seesChangeRequests', () => {
  it('8: a site token is shown no change request embedded in a read; a member and nobody are', () => {
    expect(seesChangeRequests(caller)).toBe(false);
    const member: Caller = { userId: 'u', tokenId: 't', isInstanceAdmin: false };
    expect(seesChangeRequests(member)).toBe(true);
    expect(seesChangeRequests(null)).toBe(true);
  });
});

const member: Caller = { userId: 'u', tokenId: 't', isInstanceAdmin: false };
const referencedCases: Array<[title: string, who: Caller | null, id: string, sees: boolean]> = [
  ['9: a site token, a file or reusable content the content it reads references', caller, 'shown', true],
  ['9: a site token, one only a failed `if` block or no page references', caller, 'unshown', false],
  ['9: a member, one no content references', member, 'unshown', true],
  ['9: nobody (an internal read), one no content references', null, 'unshown', true],
];

describe('siteTokenSeesReferenced', () => {
  it.each(referencedCases)('%s', (_title, who, id, sees) => {
    expect(siteTokenSeesReferenced(who, new Set(['shown']), id)).toBe(sees);
  });
});
