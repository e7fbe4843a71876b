/**
 * Which addresses a reader's page may link to or load: http(s) and mail addresses, and paths
 * and fragments of the site itself. Anything else (`javascript:`, `data:`, `vbscript:`, `file:`,
 * a scheme hidden behind control characters or entities the browser would strip) is never
 * rendered as a link or a source: the caller shows the text without it.
 */

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const ALLOWED_IMAGE_SCHEMES = new Set(['http:', 'https:']);

/** Browsers drop these before reading a scheme (`java\tscript:`): a URL holding them is refused. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const STRIPPED_BY_BROWSERS = /[\u0000-\u001f\u007f\s\\]/u;

function safeAddress(value: string, schemes: ReadonlySet<string>): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 8192 || STRIPPED_BY_BROWSERS.test(trimmed)) return undefined;
  // A path or a fragment of the site: no scheme at all (a colon only after the first / ? #).
  if (/^[/?#]/.test(trimmed) && !trimmed.startsWith('//')) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (!schemes.has(url.protocol)) return undefined;
  if (url.protocol !== 'mailto:' && (url.username !== '' || url.password !== '')) return undefined;
  return trimmed;
}

/** The address as a link's `href`, or undefined when it may not be one. */
export const safeHref = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : safeAddress(value, ALLOWED_SCHEMES);

/** The address as an image's `src` (http(s) or the site's own paths), or undefined. */
export const safeImageSrc = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : safeAddress(value, ALLOWED_IMAGE_SCHEMES);
