/**
 * A refusal because of how the session was opened: a password or token sign-in of a person
 * held to single sign-on, or an organization the session does not reach. The server refuses
 * with 403 and a message that starts with "Single sign-on required" (the domain's
 * `SSO_REQUIRED`, in policies/session-reach.ts: the organization is reached through its own
 * identity provider) or, at an organization, "Session of another identity provider" (its
 * `SESSION_OF_ANOTHER_PROVIDER`: the session was opened through another organization's
 * provider, whose sessions reach only the organizations trusting it). The app bundles none of
 * the domain, so the markers are written here too.
 */
import { apiErrorOf } from '../api/api-error';

export const SSO_REQUIRED = 'Single sign-on required';
export const SESSION_OF_ANOTHER_PROVIDER = 'Session of another identity provider';

/** Why an organization refused the session, or null for any other error. */
export type SessionRefusal = 'sso-required' | 'another-provider';

export function sessionRefusalOf(error: unknown): SessionRefusal | null {
  if (error === null || error === undefined) return null;
  const { status, message } = apiErrorOf(error);
  if (status !== 403) return null;
  if (message.startsWith(SSO_REQUIRED)) return 'sso-required';
  if (message.startsWith(SESSION_OF_ANOTHER_PROVIDER)) return 'another-provider';
  return null;
}

export function isSsoRequired(error: unknown): boolean {
  return sessionRefusalOf(error) === 'sso-required';
}
