/**
 * Signed, expiring PDF links: the token in `GET /pdf/:token` says what to render (a space, a
 * change request or a page, at one revision) and until when, and nobody can change either
 * without the server's key.
 *
 * A token is `<payload>.<signature>`, both base64url: the payload is a JSON array in a fixed
 * field order (version, space, change request, page, revision, organization, requester,
 * expiry in epoch seconds), so one link has one encoding; the signature is HMAC-SHA256 of the payload's text under the
 * key. Verification recomputes the signature over the text received and compares the two
 * with `timingSafeEqual` before reading anything else from the payload, then checks expiry.
 * A token signed under another key, or changed in any character, reads as `tampered`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a link renders: a space's content, a change request's, or one page and its subpages;
 * and who asked for it, in which organization (the render job runs as them, in it).
 */
export interface PdfLinkPayload {
  spaceId: string;
  changeRequestId?: string;
  pageId?: string;
  revisionId: string;
  organizationId: string;
  requestedBy: string;
}

/** A link's lifetime unless its issuer says otherwise. */
export const DEFAULT_PDF_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** HMAC-SHA256 keys shorter than its block of output add no strength and are likely mistakes. */
const MINIMUM_KEY_BYTES = 32;
// 2: the organization and the requester joined the payload (version 1 links no longer verify).
const TOKEN_VERSION = 2;

export type PdfLinkRefusal = 'malformed' | 'tampered' | 'expired';

/** A link that does not verify; the route answers 403 whatever the reason. */
export class PdfLinkRefused extends Error {
  override readonly name = 'PdfLinkRefused';
  constructor(readonly reason: PdfLinkRefusal) {
    super(reason === 'expired' ? 'This PDF link has expired' : 'This PDF link is not valid');
  }
}

/** When a link issued at `now` expires, `lifetimeMs` after it (one hour unless given). */
export const pdfLinkExpiry = (now: Date, lifetimeMs = DEFAULT_PDF_LINK_LIFETIME_MS): Date =>
  new Date(now.getTime() + lifetimeMs);

export function signPdfLink(payload: PdfLinkPayload, key: Uint8Array, expiresAt: Date): string {
  const fields = [
    TOKEN_VERSION,
    payload.spaceId,
    payload.changeRequestId ?? null,
    payload.pageId ?? null,
    payload.revisionId,
    payload.organizationId,
    payload.requestedBy,
    Math.floor(expiresAt.getTime() / 1000),
  ];
  const encoded = Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url');
  return encoded + '.' + signatureOf(encoded, key).toString('base64url');
}

/** The payload of a token signed under `key` that has not expired at `now`; else `PdfLinkRefused`. */
export function verifyPdfLink(token: string, key: Uint8Array, now: Date): PdfLinkPayload {
  const [encoded, signature, ...rest] = token.split('.');
  if (encoded === undefined || signature === undefined || rest.length > 0)
    throw new PdfLinkRefused('malformed');
  // Compared as text, not decoded bytes: base64url's last character carries unused bits, so
  // two spellings decode to the same bytes, and a changed character must never verify.
  const expected = Buffer.from(signatureOf(encoded, key).toString('base64url'), 'utf8');
  const received = Buffer.from(signature, 'utf8');
  if (received.length !== expected.length || !timingSafeEqual(received, expected))
    throw new PdfLinkRefused('tampered');
  const fields = fieldsOf(encoded);
  if (!fields) throw new PdfLinkRefused('malformed');
  const [, spaceId, changeRequestId, pageId, revisionId, organizationId, requestedBy, expiresAtSeconds] =
    fields;
  if (now.getTime() >= expiresAtSeconds * 1000) throw new PdfLinkRefused('expired');
  return {
    spaceId,
    revisionId,
    organizationId,
    requestedBy,
    ...(changeRequestId === null ? {} : { changeRequestId }),
    ...(pageId === null ? {} : { pageId }),
  };
}

function signatureOf(encoded: string, key: Uint8Array): Buffer {
  if (key.byteLength < MINIMUM_KEY_BYTES)
    throw new RangeError('A PDF link key needs at least ' + MINIMUM_KEY_BYTES + ' bytes');
  return createHmac('sha256', key).update(encoded, 'utf8').digest();
}

type TokenFields = [number, string, string | null, string | null, string, string, string, number];

/** The fields of a signed payload; only the server writes them, so any other shape is malformed. */
function fieldsOf(encoded: string): TokenFields | undefined {
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields) || fields.length !== 8) return undefined;
  const [version, spaceId, changeRequestId, pageId, revisionId, organizationId, requestedBy, expiresAt] =
    fields;
  const optionalText = (value: unknown) => value === null || typeof value === 'string';
  const valid =
    version === TOKEN_VERSION &&
    typeof spaceId === 'string' &&
    optionalText(changeRequestId) &&
    optionalText(pageId) &&
    typeof revisionId === 'string' &&
    typeof organizationId === 'string' &&
    typeof requestedBy === 'string' &&
    Number.isSafeInteger(expiresAt);
  return valid ? (fields as TokenFields) : undefined;
}
