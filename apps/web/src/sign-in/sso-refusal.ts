/**
 * A refusal because the person must use single sign-on: a password or token sign-in, or an
 * organization the session does not reach (it was not opened through the organization's
 * identity provider). The server refuses with 403 and a message that starts with "Single
 * sign-on required" (the domain's `SSO_REQUIRED`, in policies/session-reach.ts; the app
 * bundles none of the domain, so the marker is written here too).
 */
import { apiErrorOf } from '../api/api-error';

export const SSO_REQUIRED = 'Single sign-on required';

export function isSsoRequired(error: unknown): boolean {
  if (error === null || error === undefined) return false;
  const { status, message } = apiErrorOf(error);
  return status === 403 && message.startsWith(SSO_REQUIRED);
}
