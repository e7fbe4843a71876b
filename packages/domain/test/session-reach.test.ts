/**
 * Whether a credential reaches an organization holding its people to single sign-on, as a
 * table of cases (`policies/session-reach.ts`; the loading of the authorities and the 403 are
 * tested through real HTTP in `apps/server/test/sso/sso-session-reach.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import {
  reachNeedsAuthorities,
  type SessionReach,
  type SessionReachInput,
  sessionReach,
  sessionReaches,
} from '../src/policies/session-reach';

const TRUSTED = 'oidc https://idp.a.test';
const OTHER = 'oidc https://idp.b.test';

type Credential = SessionReachInput['caller'];
const token: Credential = { isInstanceAdmin: false };
const password: Credential = { sessionId: 's', isInstanceAdmin: false };
const through = (authority: string): Credential => ({
  sessionId: 's',
  isInstanceAdmin: false,
  openedThrough: { organizationId: 'a', authority },
});
const administrator: Credential = { sessionId: 's', isInstanceAdmin: true };

const enforcing = { sso: true };
const open = { sso: false };
const ssoMember = { sso: true };
const member = { sso: false };
const providers = new Set([TRUSTED]);
const none = new Set<string>();

type Outcome = SessionReach;
const cases: Array<[title: string, input: SessionReachInput, trusted: Set<string>, outcome: Outcome]> = [
  [
    '1. an API token reaches an enforcing organization',
    { caller: token, organization: enforcing, member },
    providers,
    'reaches',
  ],
  [
    '1. an API token reaches an organization trusting no provider',
    { caller: token, organization: open, member },
    none,
    'reaches',
  ],
  [
    '2. an instance administrator with a password session reaches it',
    { caller: administrator, organization: enforcing, member: ssoMember },
    providers,
    'reaches',
  ],
  [
    '3. a session its trusted provider opened reaches it',
    { caller: through(TRUSTED), organization: enforcing, member },
    providers,
    'reaches',
  ],
  [
    '3. so does one of another provider of the same authority',
    { caller: through(TRUSTED), organization: open, member: ssoMember },
    new Set([OTHER, TRUSTED]),
    'reaches',
  ],
  [
    '3. and one reaching an organization holding no one that trusts its authority',
    { caller: through(TRUSTED), organization: open, member },
    providers,
    'reaches',
  ],
  [
    '4. held by the organization (its sso setting): a password session is refused',
    { caller: password, organization: enforcing, member },
    providers,
    'sso-required',
  ],
  [
    '4. held by the organization (an SSO member of one not enforcing): refused',
    { caller: password, organization: open, member: ssoMember },
    providers,
    'sso-required',
  ],
  [
    '4. a session another authority opened is refused by an organization holding the person',
    { caller: through(OTHER), organization: enforcing, member },
    providers,
    'sso-required',
  ],
  [
    '5. a session a provider opened does not reach an organization trusting no provider',
    { caller: through(TRUSTED), organization: open, member },
    none,
    'another-provider',
  ],
  [
    '5. nor one trusting another authority that does not hold the person',
    { caller: through(OTHER), organization: open, member },
    providers,
    'another-provider',
  ],
  [
    '5. nor an enforcing one with no active provider',
    { caller: through(TRUSTED), organization: enforcing, member: ssoMember },
    none,
    'another-provider',
  ],
  [
    '6. a password session reaches an organization that holds no one',
    { caller: password, organization: open, member },
    providers,
    'reaches',
  ],
  [
    '6. an enforcing organization with no active provider holds no password session',
    { caller: password, organization: enforcing, member: ssoMember },
    none,
    'reaches',
  ],
];

describe('which sessions reach an organization', () => {
  it.each(cases)('%s', (_title, input, trusted, outcome) => {
    expect(sessionReach(input, trusted)).toBe(outcome);
    expect(sessionReaches(input, trusted)).toBe(outcome === 'reaches');
  });

  it('decides rules 1, 2 and 6 for a password session without the authorities (read only when needed)', () => {
    const unread = new Proxy(new Set<string>(), {
      get() {
        throw new Error('the authorities were read');
      },
    });
    for (const [title, input, , outcome] of cases)
      if (!reachNeedsAuthorities(input)) expect(sessionReach(input, unread), title).toBe(outcome);
    expect(cases.filter(([, input]) => !reachNeedsAuthorities(input))).toHaveLength(4);
  });
});
