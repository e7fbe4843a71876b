/**
 * `session.*`: signing in to the web app and out. Procedures of the tRPC face only (the web
 * app's), not operations of the registry: they exist to hold a browser's session cookie,
 * which REST and GraphQL clients have no use for. The rules live in the domain and in
 * `sessions/sign-ins.ts`; this maps inputs, outputs and errors as the operations' procedures
 * do (the domain's codes, REST's statuses, field issues).
 *
 * - `session.current` (query): `{user, csrfToken}` for the browser's session, or null.
 * - `session.signIn` (mutation, `{email, password}`): a new session; the cookie is set.
 * - `session.signInWithToken` (mutation, `{token}`): a session for the API token's user.
 * - `session.signOut` (mutation): revokes the session and clears the cookie; `{ok: true}`.
 * - `session.join` (mutation, `{invite, displayName, email, password}`): joins the invite
 *   link's organization (as a new user, or with an existing account's password) and signs in.
 * - `session.invitation` (query, `{token}`): what an invitation by email invites to (the
 *   organization, the address, the role, whether the address has an account, whether single
 *   sign-on is required); 400 on `token` when its link does not work.
 * - `session.acceptInvitation` (mutation, `{token, displayName, password}`): accepts it (a new
 *   account, or the existing one's password), the person a member, signed in.
 * - `session.forgotPassword` (mutation, `{email}`): mails a reset link if the address is
 *   someone's; `{ok: true}` either way (rate-limited per address and per client).
 * - `session.resetPassword` (mutation, `{token, password}`): a new password, every session of
 *   the user ended, this browser signed in.
 * - `session.changePassword` (mutation, `{currentPassword, password}`, a signed-in browser
 *   only): a new password given the current one, every other session ended, this browser
 *   signed in again (a new cookie and CSRF token).
 */
import {
  AcceptInvitationInputSchema,
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  fieldIssuesOf,
  InvitationTokenInputSchema,
  isDomainError,
  JoinThroughInviteLinkInputSchema,
  ResetPasswordInputSchema,
  SignInInputSchema,
  SignInWithTokenInputSchema,
  validationError,
} from '@quire/domain';
import type { z } from 'zod';
import { storeRefusalOf } from '../../http/store-refusal';
import { type TrpcContext, t, toTrpcError } from './trpc-init';

/** An input parser that refuses as operations do: a 400 naming each bad field. */
const inputOf =
  <Schema extends z.ZodType>(schema: Schema) =>
  (raw: unknown): z.output<Schema> => {
    const parsed = schema.safeParse(raw ?? {});
    if (!parsed.success) throw validationError(fieldIssuesOf(parsed.error));
    return parsed.data;
  };

/** Runs a session procedure's work, its errors reported as every procedure's are. */
async function answer<Result>(ctx: TrpcContext, work: () => Promise<Result>): Promise<Result> {
  try {
    return await work();
  } catch (error) {
    // As `runOperation` does for operations: a store refusing writes is the domain's 503.
    const refusal = storeRefusalOf(error) ?? error;
    if (!isDomainError(refusal)) throw refusal;
    if (refusal.details.retryAfterSeconds !== undefined)
      ctx.browser.retryAfter(refusal.details.retryAfterSeconds);
    throw toTrpcError(refusal);
  }
}

export const sessionRouter = t.router({
  current: t.procedure.query(({ ctx }) => answer(ctx, () => ctx.signIns.current(ctx.access, ctx.browser))),
  signIn: t.procedure
    .input(inputOf(SignInInputSchema))
    .mutation(({ ctx, input }) => answer(ctx, () => ctx.signIns.withPassword(input, ctx.browser))),
  signInWithToken: t.procedure
    .input(inputOf(SignInWithTokenInputSchema))
    .mutation(({ ctx, input }) => answer(ctx, () => ctx.signIns.withToken(input, ctx.browser))),
  signOut: t.procedure.mutation(({ ctx }) => answer(ctx, () => ctx.signIns.signOut(ctx.access, ctx.browser))),
  join: t.procedure
    .input(inputOf(JoinThroughInviteLinkInputSchema))
    .mutation(({ ctx, input }) => answer(ctx, () => ctx.signIns.join(input, ctx.browser))),
  invitation: t.procedure
    .input(inputOf(InvitationTokenInputSchema))
    .query(({ ctx, input }) => answer(ctx, () => ctx.mailedLinks.invitation(input.token))),
  acceptInvitation: t.procedure
    .input(inputOf(AcceptInvitationInputSchema))
    .mutation(({ ctx, input }) => answer(ctx, () => ctx.mailedLinks.acceptInvitation(input, ctx.browser))),
  forgotPassword: t.procedure
    .input(inputOf(ForgotPasswordInputSchema))
    .mutation(({ ctx, input }) => answer(ctx, () => ctx.mailedLinks.forgotPassword(input, ctx.browser))),
  changePassword: t.procedure
    .input(inputOf(ChangePasswordInputSchema))
    .mutation(({ ctx, input }) =>
      answer(ctx, () => ctx.signIns.changePassword(ctx.access, input, ctx.browser)),
    ),
  resetPassword: t.procedure
    .input(inputOf(ResetPasswordInputSchema))
    .mutation(({ ctx, input }) =>
      answer(ctx, () => ctx.mailedLinks.resetPassword(input, ctx.browser, ctx.access)),
    ),
});
