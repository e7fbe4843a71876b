/**
 * What a URL looks like as a link card (GitBook's `Embed`): a port, because finding out means
 * fetching the URL from the network. The server's adapter fetches through the outbound rules
 * (public addresses only, size and time bounded) and reads the page's Open Graph and oEmbed
 * description; the domain only validates the URL, authorizes and answers.
 */

/** A URL as a link card: its title, the site it is on and the site's icon. */
export interface LinkEmbed {
  type: 'link';
  title: string;
  site: string;
  icon?: string;
}

/**
 * Why a URL may not be fetched at all (the outbound rules refuse it): a private, local or
 * reserved address, or a URL the fetcher refuses outright. What merely fails to answer (too
 * large, too slow, unreachable, an error status, not a web page) is not an error: the card
 * then shows the URL and its host.
 */
export class EmbedRefusedError extends Error {
  override readonly name = 'EmbedRefusedError';
}

export interface EmbedResolver {
  /** The URL as a link card; an `EmbedRefusedError` when the outbound rules refuse to fetch it. */
  resolve(url: string): Promise<LinkEmbed>;
}

declare module '../../core/context' {
  interface AreaPorts {
    /** URLs resolved into link cards (GitBook's embeds), fetched as the server's outbound rules allow. */
    embedResolver: EmbedResolver;
  }
}
