/**
 * The domain's `PdfLinks` port: links to `GET /pdf/<token>` signed with a key derived from
 * the instance's signing key (HKDF, its own label, so a PDF token and any other signature
 * of the instance never verify as each other), expiring after `QUIRE_PDF_LINK_SECONDS`.
 */
import { hkdfSync } from 'node:crypto';
import type { Clock, PdfLinks, PdfRequester, PdfTarget } from '@quire/domain';
import { pdfLinkExpiry, signPdfLink } from '../pdf/pdf-links';

export function pdfLinkKey(signingKey: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', signingKey, '', 'quire pdf links', 32));
}

export class ServerPdfLinks implements PdfLinks {
  constructor(
    private readonly key: Uint8Array,
    private readonly apiBase: string,
    private readonly clock: Clock,
    private readonly lifetimeMs: number,
  ) {}

  linkFor(target: PdfTarget, requester: PdfRequester): string {
    const token = signPdfLink(
      { ...target, ...requester },
      this.key,
      pdfLinkExpiry(this.clock.now(), this.lifetimeMs),
    );
    return `${this.apiBase}/pdf/${token}`;
  }
}
