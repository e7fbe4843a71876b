/**
 * Passwords of users: set by an instance administrator (`/admin`, `quire users set-password`)
 * or by the person joining through an invite link, checked when signing in to the web app.
 * Only a hash is stored (`Passwords` port: scrypt in the server), beside the user.
 */
import type { DomainServices } from '../core/context';
import { DomainError, invalidInput, notFound } from '../core/errors';
import type { UserRecord } from './records';
import { PasswordSchema } from './user-fields';

/**
 * The one answer to every failed password sign-in: an unknown email, a user without a
 * password, a wrong password. Nothing tells them apart.
 */
export const wrongEmailOrPassword = (): DomainError =>
  new DomainError('unauthenticated', 'Wrong email or password');

/**
 * Sets a user's password (10 to 256 characters) and revokes every session of theirs: whoever
 * signed in with the old password, or on a forgotten browser, signs in again. API tokens are
 * not touched (they are revoked one by one). Not found when there is no such user. Answers
 * how many sessions were revoked.
 */
export async function setUserPassword(
  services: DomainServices,
  input: { userId: string; password: string },
): Promise<{ sessionsRevoked: number }> {
  const password = PasswordSchema.safeParse(input.password);
  if (!password.success)
    throw invalidInput('password', password.error.issues[0]?.message ?? 'not a valid password');
  const passwordHash = await services.passwords.hash(password.data);
  if (!(await services.repos.users.setPasswordHash(input.userId, passwordHash))) throw notFound('User');
  return { sessionsRevoked: await services.repos.sessions.revokeAllOfUser(input.userId) };
}

/**
 * The user this email and password sign in as, or null: no such user, a user without a
 * password, or the wrong password. One read and one hash check in every case (a dummy check
 * when there is no hash), so neither the answer nor its time tells whether the email is
 * someone's. The email is compared lower case, as stored.
 */
export async function findUserByPassword(
  services: DomainServices,
  input: { email: string; password: string },
): Promise<UserRecord | null> {
  const found = await services.repos.users.findWithPasswordHash(input.email.trim().toLowerCase());
  const matches = await services.passwords.verify(input.password, found?.passwordHash ?? null);
  return matches && found ? found.user : null;
}
