/**
 * Whether a credential reaches an organization holding its people to single sign-on, as a
 * table of cases (`policies/session-reach.ts`; the loading of the authorities and the 403 are
 * tested through real HTTP in `apps/server/test/sso/sso-session-reach.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import {
  organizationHoldsSession,
  type SessionReachInput,
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

const cases: Array<[title: string, input: SessionReachInput, trusted: Set<string>, reaches: boolean]> = [
  [
    '1. an API token reaches an enforcing organization',
    { caller: token, organization: enforcing, member },
    providers,
    true,
  ],
  [
    '2. an instance administrator with a password session reaches it',
    { caller: administrator, organization: enforcing, member: ssoMember },
    providers,
    true,
  ],
  [
    '3. a password session reaches an organization that holds no one',
    { caller: password, organization: open, member },
    providers,
    true,
  ],
  [
    '3. held by the organization: its sso setting',
    { caller: password, organization: enforcing, member },
    providers,
    false,
  ],
  [
    '3. held by the organization: an SSO member of one not enforcing',
    { caller: password, organization: open, member: ssoMember },
    providers,
    false,
  ],
  [
    '4. an enforcing organization with no active provider holds no session',
    { caller: password, organization: enforcing, member: ssoMember },
    none,
    true,
  ],
  [
    '5. a session its trusted provider opened reaches it',
    { caller: through(TRUSTED), organization: enforcing, member },
    providers,
    true,
  ],
  [
    '5. so does one of another provider of the same authority',
    { caller: through(TRUSTED), organization: open, member: ssoMember },
    new Set([OTHER, TRUSTED]),
    true,
  ],
  [
    '6. a session another authority opened is refused',
    { caller: through(OTHER), organization: enforcing, member },
    providers,
    false,
  ],
  [
    '6. a password session is refused',
    { caller: password, organization: enforcing, member: ssoMember },
    providers,
    false,
  ],
];

describe('which sessions reach an organization holding its people to single sign-on', () => {
  it.each(cases)('%s', (_title, input, trusted, reaches) => {
    expect(sessionReaches(input, trusted)).toBe(reaches);
  });

  it('decides rules 1 to 3 without the authorities (they are read only when the organization holds the session)', () => {
    const unread = new Proxy(new Set<string>(), {
      get() {
        throw new Error('the authorities were read');
      },
    });
    for (const [title, input, , reaches] of cases)
      if (!organizationHoldsSession(input)) expect(sessionReaches(input, unread), title).toBe(reaches);
    expect(cases.filter(([, input]) => !organizationHoldsSession(input))).toHaveLength(3);
  });
});
