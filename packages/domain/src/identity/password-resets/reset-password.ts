/** Using a reset link: a new password, every session of the user ended, the link used up. */
import type { DomainServices } from '../../core/context';
import { invalidInput } from '../../core/errors';
import { setUserPassword } from '../passwords';
import type { UserRecord } from '../records';
import type { ResetPasswordInput } from './password-reset-inputs';

/** The one answer to a link that does not work, whatever the reason (unknown, used, expired). */
const unusableLink = () =>
  invalidInput('token', 'This reset link is unknown, used or expired: ask for a new one');

/**
 * Sets the password of the reset's user. Outcomes, in order:
 *
 * 1. No reset has this token's hash, it was used, or it expired: 400 on `token`.
 * 2. It is marked used (one request of two racing with one link wins; the other is 1).
 * 3. The password is set (the schema has checked its length and that it is not a common
 *    one) and every session of the user is revoked (`setUserPassword`); the user's other
 *    unused links are used up too. The caller then starts a session for the browser that
 *    reset it: that browser is the one signed in afterwards.
 *
 * A crash between 2 and 3 leaves the link used and the password unchanged: the person asks
 * for a new link (nothing is half set).
 */
export async function resetPassword(
  services: DomainServices,
  input: ResetPasswordInput,
): Promise<{ user: UserRecord; sessionsRevoked: number }> {
  const reset = await services.repos.passwordResets.findByTokenHash(services.secrets.sha256(input.token));
  const now = services.clock.now();
  if (!reset || reset.usedAt !== undefined || Date.parse(reset.expiresAt) <= now.getTime())
    throw unusableLink();
  if (!(await services.repos.passwordResets.markUsed(reset.id, now.toISOString()))) throw unusableLink();
  const user = await services.repos.users.findById(reset.userId);
  if (!user) throw unusableLink();
  const { sessionsRevoked } = await setUserPassword(services, { userId: user.id, password: input.password });
  await services.repos.passwordResets.markAllUsedOfUser(user.id, now.toISOString());
  return { user, sessionsRevoked };
}
