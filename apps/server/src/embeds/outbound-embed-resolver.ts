/**
 * The server's `EmbedResolver`: a URL fetched through the outbound rules (`fetchPublicUrl`:
 * http(s) only, public addresses only, checked on the address connected to, redirects
 * checked again, `EMBED_LIMITS` on size and time), its page read for a card (`page-card.ts`),
 * and its oEmbed description fetched the same way when the page gives no title.
 *
 * Rules:
 * 1. A URL the outbound rules refuse (a private, local or reserved address, by name, literal
 *    or redirect), that fails (too large, too slow, unreachable, an error status) or that is
 *    not an HTML page: the card of the URL itself (its host as the site); a refused address
 *    is never connected to.
 * 2. Cards are kept `KEPT_MS` per URL (`KEPT_CARDS` at most), so a page shown to many readers
 *    fetches each of its embeds once.
 * 3. Asked not to fetch (`fetch: false`: a site visitor's URL the content does not embed), the
 *    card kept, else the URL's own, which is not kept.
 */
import type { Clock, EmbedResolver, LinkEmbed } from '@quire/domain';
import { fetchPublicUrl, type OutboundFetchLimits } from '../outbound/fetch-public-url';
import { OutboundFetchError } from '../outbound/outbound-fetch-error';
import { cardText, readPageCard } from './page-card';

/** A page is read up to 1 MB (a card's `<head>` is at its start), within 5 s, redirects included. */
export const EMBED_LIMITS = { maxBytes: 1024 * 1024, timeoutMs: 5_000 } as const;
/** An oEmbed description is small. */
const OEMBED_MAX_BYTES = 64 * 1024;
const KEPT_CARDS = 1_000;
const KEPT_MS = 60 * 60 * 1000;

const HTML_TYPES = /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i;

export class OutboundEmbedResolver implements EmbedResolver {
  private readonly kept = new Map<string, { card: LinkEmbed; until: number }>();

  constructor(
    private readonly limits: OutboundFetchLimits,
    private readonly clock: Clock,
  ) {}

  async resolve(url: string, options: { fetch: boolean } = { fetch: true }): Promise<LinkEmbed> {
    const now = this.clock.now().getTime();
    const known = this.kept.get(url);
    if (known && known.until > now) return known.card;
    if (!options.fetch) return urlCard(url);
    const card = await this.cardOf(url);
    this.kept.delete(url);
    this.kept.set(url, { card, until: now + KEPT_MS });
    if (this.kept.size > KEPT_CARDS) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    return card;
  }

  private async cardOf(url: string): Promise<LinkEmbed> {
    const fallback = urlCard(url);
    let fetched: Awaited<ReturnType<typeof fetchPublicUrl>>;
    try {
      fetched = await fetchPublicUrl(url, this.limits);
    } catch (error) {
      if (error instanceof OutboundFetchError) return fallback;
      throw error;
    }
    if (!HTML_TYPES.test(fetched.contentType ?? '')) return fallback;
    const page = readPageCard(new TextDecoder().decode(fetched.bytes), fetched.finalUrl);
    const oembed = page.title === undefined && page.oembed ? await this.oembedOf(page.oembed) : {};
    const title = page.title ?? oembed.title;
    const site = page.site ?? oembed.site;
    return {
      type: 'link',
      title: title ?? fallback.title,
      site: site ?? fallback.site,
      ...(page.icon ? { icon: page.icon } : {}),
    };
  }

  /** The title and provider of an oEmbed description; nothing when it cannot be had. */
  private async oembedOf(url: string): Promise<{ title?: string; site?: string }> {
    try {
      const fetched = await fetchPublicUrl(url, { ...this.limits, maxBytes: OEMBED_MAX_BYTES });
      const parsed: unknown = JSON.parse(new TextDecoder().decode(fetched.bytes));
      if (typeof parsed !== 'object' || parsed === null) return {};
      const { title, provider_name } = parsed as Record<string, unknown>;
      const titleText = typeof title === 'string' ? cardText(title) : undefined;
      const siteText = typeof provider_name === 'string' ? cardText(provider_name) : undefined;
      return { ...(titleText ? { title: titleText } : {}), ...(siteText ? { site: siteText } : {}) };
    } catch {
      return {};
    }
  }
}

/** The card of a URL that gave nothing better: the URL, on its host. */
function urlCard(url: string): LinkEmbed {
  const parsed = new URL(url);
  return { type: 'link', title: cardText(url) ?? parsed.host, site: parsed.host };
}
