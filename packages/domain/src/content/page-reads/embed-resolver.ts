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

export interface EmbedResolver {
  /**
   * The URL as a link card: what its page says of itself, or, when it cannot be had (the
   * outbound rules refuse the address, or it fails to answer within the limits), the URL's own.
   * With `fetch: false`, nothing is fetched: the card kept from an earlier fetch, else the URL's own.
   */
  resolve(url: string, options?: { fetch: boolean }): Promise<LinkEmbed>;
}

declare module '../../core/context' {
  interface AreaPorts {
    /** URLs resolved into link cards (GitBook's embeds), fetched as the server's outbound rules allow. */
    embedResolver: EmbedResolver;
  }
}
