/**
 * Where a sign-in returns: a path of this server, never another origin. `//evil.test`, `/\evil.test`
 * and `https://...` are all other origins to a browser; anything but a plain absolute path is `/`.
 */
const MAX_RETURN_PATH = 2048;

export function sameOriginReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length > MAX_RETURN_PATH) return '/';
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return '/';
  // Control characters (a tab or newline is dropped by URL parsers, turning `/\t/evil` into `//evil`).
  for (let i = 0; i < candidate.length; i++)
    if (candidate.charCodeAt(i) < 0x20 || candidate.charCodeAt(i) === 0x7f) return '/';
  const resolved = new URL(candidate, 'http://return.invalid');
  if (resolved.origin !== 'http://return.invalid') return '/';
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
