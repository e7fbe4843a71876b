/**
 * The address a request on another host than Quire's own asked for (a custom hostname's or a
 * proxy's), as the site's host names it: `https`, the `Host`'s port and a trailing dot left out,
 * its letters lower case (the URL's own). A custom hostname and a proxy name no port and no
 * trailing dot, and the lookup ignores both (`resolveCustomHostname`, the proxy rule), so every
 * spelling of the host is the same site; kept, each spelling was an output of its own — a render
 * per port asked (the render cache keys by the origin, whose links the output holds: 65,535
 * renders of a page at will) and links to the spelled host in answers marked `public`, which a
 * shared cache keying on the bare host would keep for every visitor.
 *
 * The scheme is the site's too, not the request's: a custom hostname and a proxy are published
 * at `https://` (`sitePublishedBase`), and the lookup reads no scheme. *Changed (twenty-first
 * session):* the request's protocol was kept, and under `QUIRE_TRUST_PROXY` it is whatever
 * `X-Forwarded-Proto` says, so each output had two spellings (http and https links), two renders
 * and two ETags, and a shared cache could keep the http one for every visitor.
 *
 * Null when the request's host makes no URL (a port past 65535, letters for a port): no site.
 */
export function siteHostUrl(path: string, host: string): URL | null {
  const url = URL.parse(path, `https://${host}`);
  if (url === null) return null;
  url.port = '';
  url.hostname = url.hostname.replace(/\.+$/, '');
  return url;
}
