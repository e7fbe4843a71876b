/**
 * Where a sign-in lands: a path of the web app, never another site. Only an absolute path
 * is accepted (`/o/abc?tab=x`); `//host`, `/\host` (which browsers read as `//host`), a
 * scheme, control characters or more than 2048 characters are not paths of this origin.
 */
const MAX_LENGTH = 2048;

export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and spaces: browsers drop tabs and newlines, which could turn `/\t/host` into `//host`.
  for (let index = 0; index < value.length; index++) if (value.charCodeAt(index) <= 0x20) return null;
  if (value.includes('\\')) return null;
  return value;
}
