/**
 * Signing in to the web app, and out: the server's side of the `session.*` procedures. The
 * rules are the domain's (`findUserByPassword`, `joinThroughInviteLink`, `startSession`);
 * this adds the limits on failed attempts and the cookie.
 *
 * - With a password (signing in, or changing one's password): 10 failed attempts per account
 *   and per address per 15 minutes
 *   (`RateLimits.takeSignInAttempt`), then 429 with Retry-After whatever the password;
 *   successes do not count. Every failure is 'Wrong email or password'.
 * - With an API token: a token that does not authenticate costs the address a point of its
 *   budget of failed authentications, as a bad bearer token does.
 * - Joining through an invite link: a wrong password for an existing account is a failed
 *   sign-in like any other; a new address is mailed an invitation (the domain's rule), at
 *   most `JOIN_MAILS` per address and per client an hour.
 * - A person held to single sign-on (`assertSignInWithoutSso`: an SSO member, or a member of
 *   an organization that enforces it; instance administrators never are) is refused a password
 *   or a token once the credential is found good, with a message the sign-in screen shows; an
 *   organization that enforces it is not joined through an invite link (`assertJoinWithoutSso`).
 */
import {
  assertJoinWithoutSso,
  assertSignInWithoutSso,
  findUserByPassword,
  invalidInput,
  type JoinThroughInviteLinkInput,
  joinThroughInviteLink,
  presentUser,
  publishPersonAccessChange,
  type SessionRecord,
  setUserPassword,
  type User,
  type UserRecord,
  unauthenticated,
  wrongEmailOrPassword,
} from '@quire/domain';
import type { RateLimits } from '../http/rate-limits';
import type { TokenCache } from '../http/token-cache';
import type { RequestAccess } from '../request-context';
import type { Services } from '../services';
import type { BrowserExchange } from './browser-exchange';
import { giveBrowserSession } from './browser-session';
import { MailBudget } from './mail-budget';

/** What the web app learns when it is signed in. */
export interface SignedIn {
  user: User;
  /** To send as `x-quire-csrf` with every request that changes or spends something (a question to the AI provider). */
  csrfToken: string;
}

/** What joining through an invite link answers: signed in, or an invitation mailed. */
export type JoinAnswer =
  | (SignedIn & { organizationId: string })
  | { mailedTo: string; organizationId: string };

/** Invitations mailed to new addresses through invite links, per address and per client, per hour. */
export const JOIN_MAILS = { perEmail: 3, perClient: 20, windowSeconds: 3600 } as const;

export class SignIns {
  readonly #joinMails = new MailBudget(
    'join',
    JOIN_MAILS,
    'Too many invitations asked for through invite links',
  );

  constructor(
    private readonly services: Services,
    private readonly limits: RateLimits,
    private readonly tokens: TokenCache,
  ) {}

  /** Signs in with an email and a password. */
  async withPassword(
    input: { email: string; password: string },
    browser: BrowserExchange,
  ): Promise<SignedIn> {
    const user = await this.#attempt(input.email, browser, () => findUserByPassword(this.services, input));
    await assertSignInWithoutSso(this.services, user);
    return this.#start(user, browser);
  }

  /** Signs in as the user an API token belongs to. */
  async withToken(input: { token: string }, browser: BrowserExchange): Promise<SignedIn> {
    const caller = await this.tokens.authenticate(input.token);
    const user = caller ? await this.services.repos.users.findById(caller.userId) : null;
    if (!caller || !user) {
      await this.limits.chargeFailedAuthentication(browser.address);
      throw unauthenticated('This API token is unknown or revoked');
    }
    await assertSignInWithoutSso(this.services, user);
    // The session stands for the token: it ends when the token is revoked, and mints no token.
    return this.#start(user, browser, { openedWithToken: caller.tokenId });
  }

  /**
   * Joins an organization through an invite link with an account's password (signed in), or
   * mails a new address its invitation (`mailedTo`, within the join mails' budget).
   */
  async join(input: JoinThroughInviteLinkInput, browser: BrowserExchange): Promise<JoinAnswer> {
    await assertJoinWithoutSso(this.services, input.invite);
    const joined = await this.#attempt(input.email, browser, () =>
      joinThroughInviteLink(this.services, input, (email) =>
        this.#joinMails.take(browser.address, this.services.secrets.sha256(email)),
      ),
    );
    if ('mailedTo' in joined) return { mailedTo: joined.mailedTo, organizationId: joined.organizationId };
    return { ...(await this.#start(joined.user, browser)), organizationId: joined.organizationId };
  }

  /**
   * A signed-in browser's person changes their password, giving the one they have (a wrong
   * one is a failed sign-in, within the same limits; an account without a password has none
   * to give: it sets one through "Forgot password"). Every session of theirs ends
   * (`setUserPassword`), then this browser gets a new one: other browsers must sign in again.
   */
  async changePassword(
    access: RequestAccess,
    input: { currentPassword: string; password: string },
    browser: BrowserExchange,
  ): Promise<SignedIn> {
    const user = access.session && (await this.services.repos.users.findById(access.session.userId));
    if (!user) throw unauthenticated('Sign in to change your password');
    // A wrong one is the field's error, not a 401: the browser is still signed in.
    await this.#attempt(
      user.email,
      browser,
      () => findUserByPassword(this.services, { email: user.email, password: input.currentPassword }),
      () => invalidInput('currentPassword', 'This is not the current password of your account'),
    );
    await setUserPassword(this.services, { userId: user.id, password: input.password });
    // The pages its other sessions co-edit hear it before those browsers do (`access-change.ts`).
    await publishPersonAccessChange(access.ctx, user.id);
    return this.#start(user, browser);
  }

  /** The signed-in user and their CSRF token, or null; a cookie that signs in no one is forgotten. */
  async current(access: RequestAccess, browser: BrowserExchange): Promise<SignedIn | null> {
    const user = access.session && (await this.services.repos.users.findById(access.session.userId));
    if (!access.session || !user) {
      // A bearer token wins over the cookie: that cookie may well be valid, so it stays.
      if (browser.sentSessionCookie && !access.ctx.caller) browser.forgetSession();
      return null;
    }
    browser.renewSession();
    return { user: presentUser(this.services.urls, user), csrfToken: access.session.csrfToken };
  }

  /** Revokes the request's session, if any, and makes the browser forget its cookie. */
  async signOut(access: RequestAccess, browser: BrowserExchange): Promise<{ ok: true }> {
    if (access.session) {
      await this.services.repos.sessions.revoke(access.session.id);
      // The pages the session co-edits hear it before the browser does (`access-change.ts`).
      await publishPersonAccessChange(access.ctx, access.ctx.caller?.userId ?? null);
    }
    browser.forgetSession();
    return { ok: true };
  }

  /**
   * Runs a password check within the limits: one attempt is taken from the account's and
   * the address's budgets first, and given back unless the check answered null (the wrong
   * password, 'Wrong email or password').
   */
  async #attempt<Found>(
    email: string,
    browser: BrowserExchange,
    check: () => Promise<Found | null>,
    refusal: () => Error = wrongEmailOrPassword,
  ): Promise<Found> {
    // The account is named by a hash of its email: the limiter's keys carry no address.
    const account = this.services.secrets.sha256(email.trim().toLowerCase());
    await this.limits.takeSignInAttempt(account, browser.address);
    let found: Found | null;
    try {
      found = await check();
    } catch (error) {
      await this.limits.refundSignIn(account, browser.address);
      throw error;
    }
    if (found === null) throw refusal();
    await this.limits.refundSignIn(account, browser.address);
    return found;
  }

  async #start(
    user: UserRecord,
    browser: BrowserExchange,
    opened: Pick<SessionRecord, 'openedWithToken'> = {},
  ): Promise<SignedIn> {
    const session = await giveBrowserSession(this.services, user.id, browser, opened);
    return { user: presentUser(this.services.urls, user), csrfToken: session.csrfToken };
  }
}
