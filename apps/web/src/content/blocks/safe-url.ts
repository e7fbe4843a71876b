/**
 * The URLs a page may send a reader to, or load an image from: http(s), mailto and tel
 * addresses, and paths and anchors of this site. Anything else (`javascript:`, `data:`,
 * `vbscript:`, an address a browser would read differently after stripping control
 * characters) is refused: a link keeps its text and loses its target, an image is not shown.
 */
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const trimmed = url.trim();
  if (trimmed === '' || trimmed.length > 8192) return undefined;
  // Browsers drop tabs and newlines inside a URL and read control characters as nothing,
  // so `java\tscript:` is `javascript:`: such a URL is refused outright.
  for (const char of trimmed) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return undefined;
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(trimmed);
  if (scheme) return ALLOWED_SCHEMES.has(`${scheme[1]!.toLowerCase()}:`) ? trimmed : undefined;
  // No scheme: a path, a query, an anchor, or a protocol-relative `//host` (https: by default).
  if (trimmed.startsWith('\\') || trimmed.startsWith('/\\')) return undefined;
  return trimmed;
}

/** Whether a URL leaves this site (opened with `rel="noopener noreferrer"`). */
export function isExternal(url: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(url) || url.startsWith('//');
}

/** The host of an absolute URL, for link cards ("github.com"), or the URL itself. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
