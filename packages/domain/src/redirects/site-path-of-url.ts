/**
 * A URL of the site as a path of it, and a path as the segments the site's structure is matched
 * against: what resolution, the loop check and the destinations' visibility read of an address.
 */

/** The decoded segments of a site path (`/a/b`), or null when one is not valid percent-encoding. */
export function segmentsOf(path: string): string[] | null {
  try {
    return path
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/** The path in the site of `url` (`/a/b`), when it is under the site's published base and not its root. */
export function sitePathOf(base: string, url: string): string | null {
  let target: URL;
  let root: URL;
  try {
    target = new URL(url);
    root = new URL(base);
  } catch {
    return null;
  }
  if (target.origin !== root.origin || !target.pathname.startsWith(root.pathname)) return null;
  const rest = target.pathname.slice(root.pathname.length).replace(/\/+$/, '');
  return rest === '' ? null : `/${rest}`;
}
