/**
 * Whether fetched bytes are an HTML document, and their text. A declared type decides
 * (`text/html`, `application/xhtml+xml`); with none, or a generic one, the first non-blank
 * bytes must open a tag. The text is decoded with the declared charset when TextDecoder
 * knows it, else UTF-8 (invalid bytes become U+FFFD, never an error).
 */
const HTML_TYPE = /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i;
const GENERIC_TYPE = /^\s*(text\/plain|application\/octet-stream)\s*(;|$)/i;

export function isHtml(bytes: Uint8Array, contentType: string | undefined): boolean {
  if (contentType !== undefined && HTML_TYPE.test(contentType)) return true;
  if (contentType !== undefined && contentType.trim() !== '' && !GENERIC_TYPE.test(contentType)) return false;
  const start = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^<(!doctype\s+html|html|head|body|!--|meta|title|h[1-6]|p|div|article|main)\b/i.test(start);
}

export function textOf(bytes: Uint8Array, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}
