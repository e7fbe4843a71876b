/**
 * Links to a PDF of content: signed and expiring, so the link itself is the permission to
 * read the PDF for a while (an hour by default), as GitBook's are. The server signs them
 * and serves `GET /pdf/<token>`.
 */

/** What a PDF holds: a revision of a space, all of it or one page and its subpages. */
export interface PdfTarget {
  spaceId: string;
  revisionId: string;
  changeRequestId?: string;
  pageId?: string;
}

/**
 * Who asks for a link, signed into it: the PDF is rendered by a background job, which runs
 * as someone (`requestedBy`) and belongs to an organization (the space's).
 */
export interface PdfRequester {
  organizationId: string;
  requestedBy: string;
}

export interface PdfLinks {
  /** A signed URL that serves the PDF of `target` until it expires. */
  linkFor(target: PdfTarget, requester: PdfRequester): string;
}

declare module '../../core/context' {
  interface AreaPorts {
    /** Signed, expiring links to PDFs of content. */
    pdfLinks: PdfLinks;
  }
}
