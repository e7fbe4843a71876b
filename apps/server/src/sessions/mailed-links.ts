/**
 * The links people get by mail, on the server's side of the `session.*` procedures: an
 * invitation's (`/invite/<token>`: see it, accept it) and a password reset's (ask for one,
 * use it). The rules are the domain's (`acceptInvitation`, `requestPasswordReset`,
 * `resetPassword`); this adds the limits and the session cookie.
 *
 * - Asking for a reset answers `{ok: true}` whether or not the address is someone's, within
 *   two budgets: 5 per address asked for and 20 per client address, per hour (in memory, per
 *   process), then 429 with Retry-After — the same for an unknown address.
 * - Using a reset link ends every session of the user (`setUserPassword`), tells the pages they
 *   co-edit (`access.changed`), then signs in the browser that reset it: that browser's new
 *   session is the only one left.
 * - Accepting an invitation with an existing account's password is a password sign-in: a
 *   wrong one costs the account's and the client's sign-in budgets, as `SignIns` does.
 */
import {
  type AcceptInvitationInput,
  acceptInvitation,
  type ForgotPasswordInput,
  type InvitationPreview,
  presentUser,
  previewInvitation,
  publishPersonAccessChange,
  type ResetPasswordInput,
  requestPasswordReset,
  resetPassword,
  type UserRecord,
  wrongEmailOrPassword,
} from '@quire/domain';
import type { RateLimits } from '../http/rate-limits';
import type { RequestAccess } from '../request-context';
import type { Services } from '../services';
import type { BrowserExchange } from './browser-exchange';
import { giveBrowserSession } from './browser-session';
import { MailBudget } from './mail-budget';
import type { SignedIn } from './sign-ins';

/** Reset links asked for, per address asked for and per client, per hour. */
export const PASSWORD_RESET_REQUESTS = { perEmail: 5, perClient: 20, windowSeconds: 3600 } as const;

export class MailedLinks {
  readonly #resets = new MailBudget('reset', PASSWORD_RESET_REQUESTS, 'Too many password resets asked for');

  constructor(
    private readonly services: Services,
    private readonly limits: RateLimits,
  ) {}

  /** "Forgot password": the same answer whatever the address. */
  async forgotPassword(input: ForgotPasswordInput, browser: BrowserExchange): Promise<{ ok: true }> {
    await this.#resets.take(browser.address, this.services.secrets.sha256(input.email));
    await requestPasswordReset(this.services, input);
    return { ok: true };
  }

  /** A new password through a reset link; the browser is signed in (its session the only one left). */
  async resetPassword(
    input: ResetPasswordInput,
    browser: BrowserExchange,
    access: RequestAccess,
  ): Promise<SignedIn> {
    const { user } = await resetPassword(this.services, input);
    // Its sessions are ended: the pages they co-edit hear it before those browsers do (`access-change.ts`).
    await publishPersonAccessChange(access.ctx, user.id);
    return this.#start(user, browser);
  }

  /** What an invitation's link invites to. */
  invitation(token: string): Promise<InvitationPreview> {
    return previewInvitation(this.services, token);
  }

  /** Accepts an invitation: a new account (or an existing one's password), a member, signed in. */
  async acceptInvitation(
    input: AcceptInvitationInput,
    browser: BrowserExchange,
  ): Promise<SignedIn & { organizationId: string }> {
    const preview = await previewInvitation(this.services, input.token);
    const account = this.services.secrets.sha256(preview.email);
    if (preview.hasAccount) await this.limits.takeSignInAttempt(account, browser.address);
    const accepted = await acceptInvitation(this.services, input);
    if (!accepted) throw wrongEmailOrPassword();
    if (preview.hasAccount) await this.limits.refundSignIn(account, browser.address);
    return { ...(await this.#start(accepted.user, browser)), organizationId: accepted.organizationId };
  }

  async #start(user: UserRecord, browser: BrowserExchange): Promise<SignedIn> {
    const session = await giveBrowserSession(this.services, user.id, browser);
    return { user: presentUser(this.services.urls, user), csrfToken: session.csrfToken };
  }
}
