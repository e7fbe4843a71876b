/**
 * What the settings forms check before sending, the same limits the server holds
 * (`packages/domain/src/organizations/fields.ts`), so a person learns which field is wrong
 * at once; the server still checks everything and its refusal is shown as it comes.
 */

/** The message for a title, or null when it is acceptable (2 to 255 characters once trimmed). */
export function titleProblem(title: string): string | null {
  const trimmed = title.trim();
  if (trimmed.length < 2) return 'The title needs at least 2 characters.';
  if (trimmed.length > 255) return 'The title has at most 255 characters.';
  return null;
}

const HOSTNAME = /^[a-z0-9][a-z0-9-]*[a-z0-9]$/;

/**
 * A hostname (a DNS label: 3 to 32 letters, digits or inner hyphens, any case). The server
 * keeps a hostname once set (it can be changed, not removed), so an empty one is refused
 * only when there was one.
 */
export function hostnameProblem(hostname: string, hadOne: boolean): string | null {
  const value = hostname.trim().toLowerCase();
  if (value === '') return hadOne ? 'A hostname can be changed but not removed.' : null;
  if (value.length < 3 || value.length > 32) return 'The hostname has 3 to 32 characters.';
  if (!HOSTNAME.test(value)) return 'Only letters, digits and hyphens, not a hyphen at either end.';
  return null;
}

/** A logo's address: empty (no logo) or an http(s) URL of at most 2048 characters. */
export function logoProblem(logo: string): string | null {
  const value = logo.trim();
  if (value === '') return null;
  if (value.length > 2048) return 'The address has at most 2048 characters.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Not an address: it starts with https://';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address starts with https://';
  return null;
}

const EMAIL_DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
export const MAX_EMAIL_DOMAINS = 100;

/** An email domain as the server stores it (lower case, trimmed, a leading `@` dropped). */
export const normalizedDomain = (domain: string): string => domain.trim().toLowerCase().replace(/^@/, '');

/** A domain to add to `existing`: its problem, or null when it can be added. */
export function emailDomainProblem(domain: string, existing: readonly string[]): string | null {
  const value = normalizedDomain(domain);
  if (value === '') return 'Write a domain, e.g. example.com';
  if (value.length > 253 || !EMAIL_DOMAIN.test(value))
    return `${value} is not a domain name (e.g. example.com).`;
  if (existing.includes(value)) return `${value} is already in the list.`;
  if (existing.length >= MAX_EMAIL_DOMAINS)
    return `An organization has at most ${MAX_EMAIL_DOMAINS} domains.`;
  return null;
}
