/**
 * Signed PDF links: what is signed verifies to the same payload until it expires; a token
 * changed in any one character, signed under another key, expired or malformed is refused.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PDF_LINK_LIFETIME_MS,
  type PdfLinkPayload,
  type PdfLinkRefusal,
  PdfLinkRefused,
  pdfLinkExpiry,
  signPdfLink,
  verifyPdfLink,
} from '../../src/pdf/pdf-links';

const KEY = randomBytes(32);
const NOW = new Date('2026-11-23T09:00:00Z');
const WHO = { organizationId: 'org-1', requestedBy: 'user-1' };
const PAYLOAD: PdfLinkPayload = {
  spaceId: 'space-1',
  changeRequestId: 'cr-1',
  revisionId: 'rev-1',
  ...WHO,
};

function refusal(verify: () => unknown): PdfLinkRefusal | undefined {
  try {
    verify();
  } catch (error) {
    if (error instanceof PdfLinkRefused) return error.reason;
    throw error;
  }
  return undefined;
}

describe('signPdfLink / verifyPdfLink', () => {
  it('verifies a link to the payload it was signed with, optional fields included or not', () => {
    const expiresAt = pdfLinkExpiry(NOW);
    expect(verifyPdfLink(signPdfLink(PAYLOAD, KEY, expiresAt), KEY, NOW)).toEqual(PAYLOAD);
    const page = { spaceId: 's', pageId: 'p', revisionId: 'r', ...WHO };
    expect(verifyPdfLink(signPdfLink(page, KEY, expiresAt), KEY, NOW)).toEqual(page);
  });

  it('lives one hour by default, or as long as the issuer says', () => {
    expect(DEFAULT_PDF_LINK_LIFETIME_MS).toBe(3_600_000);
    const token = signPdfLink(PAYLOAD, KEY, pdfLinkExpiry(NOW));
    expect(refusal(() => verifyPdfLink(token, KEY, new Date(NOW.getTime() + 3_599_000)))).toBeUndefined();
    expect(refusal(() => verifyPdfLink(token, KEY, new Date(NOW.getTime() + 3_600_000)))).toBe('expired');
    const short = signPdfLink(PAYLOAD, KEY, pdfLinkExpiry(NOW, 60_000));
    expect(refusal(() => verifyPdfLink(short, KEY, new Date(NOW.getTime() + 60_000)))).toBe('expired');
  });

  it('refuses a token changed in any one character', () => {
    const token = signPdfLink(PAYLOAD, KEY, pdfLinkExpiry(NOW));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let index = 0; index < token.length; index += 1) {
      if (token[index] === '.') continue;
      const other = alphabet[(alphabet.indexOf(token[index] ?? 'A') + 1) % alphabet.length];
      const tampered = token.slice(0, index) + other + token.slice(index + 1);
      expect(
        refusal(() => verifyPdfLink(tampered, KEY, NOW)),
        'character ' + index,
      ).toBe('tampered');
    }
  });

  it('refuses a token signed under another key', () => {
    const token = signPdfLink(PAYLOAD, randomBytes(32), pdfLinkExpiry(NOW));
    expect(refusal(() => verifyPdfLink(token, KEY, NOW))).toBe('tampered');
  });

  it('refuses an expired token even with a valid signature, and says so', () => {
    const token = signPdfLink(PAYLOAD, KEY, new Date(NOW.getTime() - 1000));
    expect(refusal(() => verifyPdfLink(token, KEY, NOW))).toBe('expired');
    expect(() => verifyPdfLink(token, KEY, NOW)).toThrow('This PDF link has expired');
  });

  it('refuses malformed tokens', () => {
    for (const token of ['', 'abc', 'a.b.c', '.', 'x.']) {
      expect(
        refusal(() => verifyPdfLink(token, KEY, NOW)),
        token,
      ).toBeDefined();
    }
  });

  it('refuses keys too short to be safe', () => {
    expect(() => signPdfLink(PAYLOAD, randomBytes(8), pdfLinkExpiry(NOW))).toThrow(RangeError);
  });
});
