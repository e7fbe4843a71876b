/**
 * A custom hostname (GitBook's `SiteHostname`): a DNS name of three labels or more
 * (`docs.example.com`), lower case, with no scheme, port, path or trailing dot. Written in
 * upper case it is the same hostname, stored lower case. Its last label has a letter, so an
 * IPv4 address is never one.
 */
import { z } from 'zod';

const HOSTNAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;

export const CustomHostnameSchema = z
  .string()
  .max(253)
  .toLowerCase()
  .regex(HOSTNAME, 'a hostname of three labels or more, e.g. docs.example.com, without scheme, port or path')
  .refine((hostname) => /[a-z]/.test(hostname.slice(hostname.lastIndexOf('.') + 1)), {
    message: 'its last label must have a letter (an IP address is not a hostname)',
  })
  .describe('A custom hostname, e.g. docs.example.com')
  .meta({ examples: ['docs.example.com'] });

/**
 * The hostname a URL's host names, or undefined when it cannot be a custom hostname: lower
 * case, a port and a trailing dot dropped (a `Host` header or `new URL(...).host`).
 */
export function hostnameOfHost(host: string): string | undefined {
  if (host.length > 300) return undefined;
  const withoutPort = host.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  const parsed = CustomHostnameSchema.safeParse(withoutPort);
  return parsed.success ? parsed.data : undefined;
}
