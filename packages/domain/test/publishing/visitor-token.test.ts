/** When a visitor token makes its bearer a visitor of a site (`tokenMakesVisitor`), as a table. */
import { describe, expect, it } from 'vitest';
import { tokenMakesVisitor, type VisitorTokenFacts } from '../../src/publishing/visitor-token';

const ping = (sameOrganization: boolean, subjectMayViewSite: boolean): VisitorTokenFacts => ({
  kind: 'ping',
  sameOrganization,
  subjectMayViewSite,
});

const cases: Array<[title: string, facts: VisitorTokenFacts, visitor: boolean]> = [
  ['1: no token, or one that does not verify', { kind: 'none' }, false],
  ['2: signed with the site’s key', { kind: 'site-key' }, true],
  [
    '3: a ping token of another organization, whose subject could view a site there',
    ping(false, true),
    false,
  ],
  ['3: a ping token of another organization', ping(false, false), false],
  [
    '4: a ping token of a guest, or of a member removed, disabled or made a guest since',
    ping(true, false),
    false,
  ],
  ['5: a ping token of a member who may view the site', ping(true, true), true],
];

describe('tokenMakesVisitor', () => {
  it.each(cases)('%s', (_title, facts, visitor) => {
    expect(tokenMakesVisitor(facts)).toBe(visitor);
  });
});
