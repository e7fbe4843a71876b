import { z } from 'zod';
import { ChangeRequestSchema, CollectionSchema, contentOperations, SpaceSchema } from '../../../content';
import type { OperationContext } from '../../../core/context';
import { invalidInput, notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { parsePublishedUrl } from '../../published-url';

const NOT_FOUND = 'No content found for the URL';

export const ContentByUrlSchema = z
  .union([
    z.object({ collection: CollectionSchema }).meta({ id: 'ContentByUrlCollection' }),
    z
      .object({
        space: SpaceSchema,
        changeRequest: ChangeRequestSchema.optional(),
        // The page as `spaces.content.path.get` presents it (GitBook's RevisionPageDocument or group).
        page: contentOperations.spaces.content.path.get.output.optional(),
      })
      .meta({ id: 'ContentByUrlSpace' }),
  ])
  .meta({ id: 'ContentByUrl', description: 'A collection, or a space with a change request and a page' });

type ContentByUrl = z.input<typeof ContentByUrlSchema>;

/** Where an address of Quire points, before anything is read. */
type ContentAddress =
  | { kind: 'collection'; collectionId: string }
  | { kind: 'space'; spaceId: string; changeRequestId?: string; pagePath: string[] };

/**
 * `GET /v1/urls/content?url=` (GitBook's `getContentByUrl`): the content an address of Quire
 * shows, as the caller may see it. The addresses, as Quire makes them:
 *
 * - the app's: `<app>/o/<organization>/s/<space>`, `.../s/<space>/<page path>`,
 *   `.../s/<space>/~/changes/<number>` (and a page path after it);
 * - the API's: `<api>/v1/spaces/<space>` and `<api>/v1/collections/<collection>` (`urls.location`).
 *
 * Outcomes: a `url` that is not an absolute http(s) URL, holds credentials, or has `.`/`..`
 * segments or encoded separators, 400 naming `url`; an address that is none of the above
 * (another host, another place of the app, a space's screen such as `~/links`), 404; the
 * space, change request, page or collection unknown or hidden from the caller, 404 (the
 * reads' own rules: `spaces.get`, `changeRequests.get`, `spaces.content.path.get`,
 * `collections.get`, so this shows nothing they would not); otherwise the content: a
 * collection, or a space with its change request and page when the address names them.
 */
export const getContentByUrl = operation({
  name: 'urls.content',
  kind: 'query',
  summary: 'Resolve an address of Quire to a space, a change request, a page or a collection',
  input: z.strictObject({
    url: z
      .string()
      .min(1)
      .max(2048)
      .describe('An address of the app or of the API')
      .meta({ examples: ['https://quire.example.com/o/org/s/space/getting-started'] }),
  }),
  output: ContentByUrlSchema,
  async run(ctx, input): Promise<ContentByUrl> {
    const parsed = parsePublishedUrl(input.url);
    if (!parsed.ok) throw invalidInput('url', parsed.problem);
    const address = contentAddressOf(ctx, parsed.url.origin, parsed.url.segments);
    if (!address) throw notFound(NOT_FOUND);
    if (address.kind === 'collection') {
      return {
        collection: await contentOperations.collections.get.run(ctx, { collectionId: address.collectionId }),
      };
    }
    const space = await contentOperations.spaces.get.run(ctx, { spaceId: address.spaceId });
    if (space.deletedAt !== undefined) throw notFound('Space');
    const changeRequest =
      address.changeRequestId === undefined
        ? undefined
        : await contentOperations.changeRequests.get.run(ctx, {
            spaceId: address.spaceId,
            changeRequestId: address.changeRequestId,
          });
    const page =
      address.pagePath.length === 0
        ? undefined
        : await contentOperations.spaces.content.path.get.run(ctx, {
            spaceId: address.spaceId,
            pagePath: address.pagePath.join('/'),
            ...(changeRequest ? { changeRequestId: changeRequest.id } : {}),
          });
    return { space, ...(changeRequest ? { changeRequest } : {}), ...(page ? { page } : {}) };
  },
});

function contentAddressOf(ctx: OperationContext, origin: string, segments: string[]): ContentAddress | null {
  const under = (base: string): string[] | null => {
    const url = new URL(base);
    if (url.origin !== origin) return null;
    const prefix = url.pathname.split('/').filter((segment) => segment !== '');
    return prefix.every((segment, i) => segments[i] === segment) ? segments.slice(prefix.length) : null;
  };
  const api = under(ctx.urls.api);
  if (api && api[0] === 'v1' && api.length === 3 && api[2] !== undefined) {
    if (api[1] === 'spaces') return { kind: 'space', spaceId: api[2], pagePath: [] };
    if (api[1] === 'collections') return { kind: 'collection', collectionId: api[2] };
  }
  const app = under(ctx.urls.app);
  if (app?.[0] !== 'o' || app[2] !== 's' || app[1] === undefined || app[3] === undefined) return null;
  const spaceId = app[3];
  const rest = app.slice(4);
  if (rest[0] !== '~') return { kind: 'space', spaceId, pagePath: rest };
  if (rest[1] === 'changes' && rest[2] !== undefined)
    return { kind: 'space', spaceId, changeRequestId: rest[2], pagePath: rest.slice(3) };
  return null;
}
