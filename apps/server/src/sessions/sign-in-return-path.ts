/**
 * Where a single sign-on (SAML, OpenID Connect) lands: a path of this server, never another
 * origin. Only a plain absolute path is one (`/o/abc?tab=x`): `//host`, `/\host` (which
 * browsers read as `//host`), a scheme, any backslash, control characters or spaces (a tab
 * or newline is dropped by URL parsers, turning `/\t/host` into `//host`), or more than 2048
 * characters are not, and neither is anything a URL parser would resolve to another origin.
 */
const MAX_LENGTH = 2048;
const PROBE_ORIGIN = 'http://return.invalid';

/** `value` when it is a path of this server; null otherwise. */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code <= 0x20 || code === 0x7f) return null;
  }
  return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN ? value : null;
}
