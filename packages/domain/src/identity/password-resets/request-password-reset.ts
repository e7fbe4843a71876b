/**
 * "Forgot password": mails a link that sets a new password. The answer is the same whether
 * or not the address is someone's (the caller answers `{ok: true}` in every case, and the
 * server limits how often an address and a client may ask: `sessions/password-resets.ts`).
 */
import type { DomainServices } from '../../core/context';
import { postMail } from '../mail/outgoing-mail';
import type { PasswordResetRecord } from './records';

/** How long a reset link works. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;

/** Bytes of entropy of a reset link's token. */
const TOKEN_BYTES = 32;

/** The web app's screen a reset link opens. */
export const passwordResetUrl = (services: Pick<DomainServices, 'urls'>, token: string): string =>
  `${services.urls.app}/reset-password/${token}`;

/**
 * Stores a reset (its token hashed) and posts the mail, for the user with this address;
 * nothing at all when there is none. Older links of the user keep working until they expire
 * or one of them is used.
 */
export async function requestPasswordReset(
  services: DomainServices,
  input: { email: string },
): Promise<void> {
  const user = await services.repos.users.findByEmail(input.email);
  if (!user) return;
  const now = services.clock.now();
  const token = services.secrets.randomToken(TOKEN_BYTES);
  const reset: PasswordResetRecord = {
    id: services.ids.newId(),
    userId: user.id,
    tokenHash: services.secrets.sha256(token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS).toISOString(),
  };
  await services.repos.passwordResets.insert(reset);
  await postMail(
    services,
    {
      template: 'password_reset',
      to: user.email,
      displayName: user.displayName,
      link: passwordResetUrl(services, token),
      expiresAt: reset.expiresAt,
    },
    { userId: user.id },
  );
}
