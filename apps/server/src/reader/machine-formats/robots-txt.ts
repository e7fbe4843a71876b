/**
 * `robots.txt` of a site: a public site lets every crawler in and names its sitemap; any
 * other (unlisted, share-link, visitor-auth) and any site a request may not see lets none in.
 * The same text for a hidden site as for no site: it tells nothing.
 */

export const robotsTxtOpen = (sitemapUrl: string): string =>
  `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n`;

export const ROBOTS_TXT_CLOSED = 'User-agent: *\nDisallow: /\n';
