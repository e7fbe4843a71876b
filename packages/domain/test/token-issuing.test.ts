/**
 * Who may create an API token for themselves, as a table of cases (`policies/token-issuing.ts`;
 * the reads of rule 4 and the 403s are tested through real HTTP in
 * `apps/server/test/identity/own-tokens.test.ts` and `apps/server/test/sso/sso-session-reach.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { issuingNeedsOrganizations, type TokenIssuing, tokenIssuing } from '../src/policies/token-issuing';

type Credential = Parameters<typeof tokenIssuing>[0];
const apiToken: Credential = { isInstanceAdmin: false };
const adminToken: Credential = { isInstanceAdmin: true };
const password: Credential = { sessionId: 's', isInstanceAdmin: false };
const administrator: Credential = { sessionId: 's', isInstanceAdmin: true };
const openedWithToken: Credential = { sessionId: 's', isInstanceAdmin: false, openedWithToken: 't' };
const adminOpenedWithToken: Credential = { sessionId: 's', isInstanceAdmin: true, openedWithToken: 't' };
const throughProvider: Credential = {
  sessionId: 's',
  isInstanceAdmin: false,
  openedThrough: { organizationId: 'a', authority: 'oidc https://idp.test' },
};

const cases: Array<[title: string, caller: Credential, reachesEvery: boolean, outcome: TokenIssuing]> = [
  ['1. an API token, even reaching everything', apiToken, true, 'a-token'],
  ["1. an instance administrator's API token", adminToken, true, 'a-token'],
  ['1. a session opened with an API token', openedWithToken, true, 'a-token'],
  ["1. an instance administrator's session opened with an API token", adminOpenedWithToken, true, 'a-token'],
  ["2. an instance administrator's session", administrator, false, 'may'],
  ['3. a session a provider opened, even reaching everything', throughProvider, true, 'provider-session'],
  ['4. a password session an organization refuses', password, false, 'refused-by-an-organization'],
  ['5. a password session every organization accepts', password, true, 'may'],
];

describe('tokenIssuing', () => {
  it.each(cases)('%s', (_title, caller, reachesEvery, outcome) => {
    expect(tokenIssuing(caller, reachesEvery)).toBe(outcome);
  });

  it('asks for the organizations only where rule 4 decides', () => {
    expect(cases.map(([, caller]) => issuingNeedsOrganizations(caller))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});
