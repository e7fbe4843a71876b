/**
 * A URL as an embed, for a page of a space (GitBook's `getEmbedByUrlInSpace`), in 0.202.0's
 * `Embed` shape. Quire answers `link` embeds only: GitBook's `rich` embeds carry a provider's
 * HTML (frames, scripts) that a renderer puts into the page as it is, and no third party's
 * script may reach a reader through Quire.
 *
 * A URL the server will not fetch (a private, local or reserved address: an intranet page a
 * page links to) or that fails to answer is still a card, of the URL itself: GitBook's
 * renderer asks for every embed block of a page and fails the page on any answer but a
 * success or a 404, so only what is no URL at all is refused.
 *
 * A site API token's visitor (anyone who opens a public site gets one) has fetched only the
 * URLs the space's content embeds (`embeddedUrlsOf`: what a renderer asks for); any other URL
 * is answered its card without fetching, so visitors cannot make the server fetch at will.
 */
import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSpace } from '../../policies/authorize-space';
import { spaceHead } from '../revisions/revision-writer';
import { SpaceIdParam } from '../spaces/operations/params';
import { embeddedUrlsOf } from './embedded-urls';

/** Longest URL resolved: an embed block's own bound (`document-schema.ts`), so no stored embed is refused for its length. */
const MAX_URL_LENGTH = 4000;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters and spaces are what is refused
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f]/;

/** Why `text` is not a URL an embed may be made of, or undefined. */
export function embedUrlProblem(text: string): string | undefined {
  if (UNSAFE_CHARACTERS.test(text)) return 'no spaces or control characters';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'an absolute URL';
  }
  // `javascript:`, `data:`, `file:` and the like are nothing to fetch, and nothing to link to.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'an http or https URL';
  if (url.hostname === '') return 'a URL with a host';
  if (url.username !== '' || url.password !== '') return 'a URL without credentials';
  return undefined;
}

export const EmbedUrlSchema = z
  .string()
  .min(1)
  .max(MAX_URL_LENGTH)
  .superRefine((text, context) => {
    const problem = embedUrlProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .meta({ examples: ['https://example.com/guide'] })
  .describe('The URL to resolve: an absolute http or https URL');

export const EmbedSchema = z
  .object({
    type: z.literal('link').describe('A link card (Quire answers no other kind)'),
    title: z.string().describe('Title of the page at the URL (the URL itself when it has none)'),
    site: z.string().describe('Name of the site (its host when it gives none)'),
    icon: z.string().optional().describe("URL of the site's icon"),
  })
  .meta({ id: 'Embed', description: 'A URL as a link card' });

/**
 * The embed of `url` in a space. Outcomes: a URL that is not an absolute http(s) URL
 * without credentials, 400 naming `url` (before anything else); a space the caller cannot
 * view, 404; a URL the outbound rules refuse to fetch (a private, local or reserved
 * address) or that fails to answer in time, within the size limit or at all, a card of the
 * URL and its host, nothing fetched from a refused address; for a site API token, a URL the
 * space's content does not embed, the card kept or the URL's, nothing fetched.
 */
export const getEmbed = operation({
  name: 'spaces.embed.get',
  kind: 'query',
  summary: 'Resolve a URL to an embed (a link card) within a space',
  input: z.strictObject({ spaceId: SpaceIdParam, url: EmbedUrlSchema }),
  output: EmbedSchema,
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'view');
    if (ctx.caller?.site !== undefined) {
      const embedded = await embeddedUrlsOf(ctx, await spaceHead(ctx, space));
      if (!embedded.has(input.url)) return ctx.embedResolver.resolve(input.url, { fetch: false });
    }
    return ctx.embedResolver.resolve(input.url);
  },
});
