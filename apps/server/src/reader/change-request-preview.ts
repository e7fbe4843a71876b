/**
 * A change request previewed as a site would show it (issue 29, item 8): its revision's pages in
 * the reader, at `/~preview/<space>/<change request id or number>/<page path>` on Quire's own
 * address, for a signed-in member (the web app's session cookie, sent to that address by the
 * browser). *Authorization is reading the change request*: `changeRequests.get` as the member
 * first, a refusal or no session the same plain 404 as no change request (one never leaks), then
 * every read as that member (the pages and the page at the change request's revision). The frame
 * is the site the member chose (`/~preview/<space>/<cr>/~site/<site>/…`: the web app offers one
 * preview link per site showing the space), else the first site showing the space that the member
 * may see (its customization; its title), else the reader's defaults under the space's title; a
 * chosen site the member may not see, or that does not show the space, is the same plain 404; a
 * banner says it is a preview of what change.
 * Never cached (`private, no-store`, `Vary: Cookie`), never indexed (`noindex`), no search, no
 * readers' tools: nothing a preview does counts as reading.
 */
import {
  authenticateSession,
  DomainError,
  executeOperation,
  type OperationContext,
  operations,
} from '@quire/domain';
import type { ReaderCustomization } from '@quire/reader';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { sessionCookieIn } from '../sessions/session-cookie';
import { readerAssetsUnder } from './reader-assets';
import { type ReaderFrame, readerFrameOf } from './reader-frame';
import type { PageTreeNode, PublishedSite, PublishedSiteContent, ReaderVisit } from './reader-visit';
import { pageHtml } from './render-site-page';
import { sitePagesOf } from './site-pages';

/** Where previews are: `/~preview/<space>/<change request>/` (`~site/<site>/` next for a chosen site). */
export const PREVIEW_PREFIX = '/~preview/';

const NOINDEX = [{ tag: 'meta' as const, name: 'robots', content: 'noindex' }];

/** The reader's own look when no site shows the space (GitBook's defaults, narrowed). */
const DEFAULT_CUSTOMIZATION: ReaderCustomization = {
  styling: { primaryColor: { light: '#346DDB', dark: '#346DDB' } },
  header: { links: [] },
  footer: { groups: [] },
  themes: { default: 'system', toggeable: true },
  socialAccounts: [],
};

/** The member a request's session cookie stands for, as an operation context; null without one. */
async function memberContext(services: Services, request: FastifyRequest): Promise<OperationContext | null> {
  const cookie = sessionCookieIn(request.headers.cookie);
  if (cookie === undefined) return null;
  const found = await authenticateSession(services, cookie);
  if (!found) return null;
  const ctx = Object.create(services) as OperationContext;
  ctx.caller = found.caller;
  ctx.clientAddress = request.ip;
  return ctx;
}

/** Runs a read as the member; any refusal (not found, forbidden, bad input) is `undefined`. */
async function readOrNothing<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

/** The segment before a chosen site's id in a preview's path: `/~preview/<space>/<cr>/~site/<site>/…`. */
const SITE_SEGMENT = '~site';

/** The most sites of an organization read to find the chosen one (the API's page limit). */
const MAX_SITES = 1000;

interface PreviewPath {
  spaceId: string;
  changeRequestId: string;
  /** The site the member chose to preview in (its frame); absent: the first they may see. */
  siteId?: string;
  /** The page path below the preview's base (`''`: its first page). */
  pagePath: string;
  base: string;
}

/** The parts of a preview's path; undefined when it is not one (or holds encoded separators). */
export function previewPathOf(pathname: string): PreviewPath | undefined {
  if (!pathname.startsWith(PREVIEW_PREFIX)) return undefined;
  const [spaceId, changeRequestId, ...after] = pathname.slice(PREVIEW_PREFIX.length).split('/');
  if (!spaceId || !changeRequestId) return undefined;
  const chosen = after[0] === SITE_SEGMENT;
  const siteId = chosen ? after[1] : undefined;
  if (chosen && !siteId) return undefined;
  const rest = chosen ? after.slice(2) : after;
  let pagePath: string;
  try {
    pagePath = rest.map((segment) => decodeURIComponent(segment)).join('/');
  } catch {
    return undefined;
  }
  if (rest.some((segment) => /%2f|%5c/i.test(segment))) return undefined;
  const site = siteId === undefined ? '' : `${SITE_SEGMENT}/${encodeURIComponent(siteId)}/`;
  return {
    spaceId,
    changeRequestId,
    ...(siteId === undefined ? {} : { siteId }),
    pagePath: pagePath.replace(/\/+$/, ''),
    base: `${PREVIEW_PREFIX}${encodeURIComponent(spaceId)}/${encodeURIComponent(changeRequestId)}/${site}`,
  };
}

/**
 * The site the preview is framed by, with its customization: the one the member chose, when it
 * shows the space and they may see it (`sites.list` as the member: a guest sees none), else the
 * first such site; `null` for a chosen site that is not one of them (the caller's 404, the same
 * whether the site exists or not); undefined when none shows the space.
 */
async function siteOf(ctx: OperationContext, organizationId: string, spaceId: string, siteId?: string) {
  const listed = await readOrNothing(() =>
    executeOperation(operations.sites.list, ctx, {
      organizationId,
      space: spaceId,
      limit: siteId === undefined ? 1 : MAX_SITES,
    }),
  );
  const site = siteId === undefined ? listed?.items[0] : listed?.items.find((item) => item.id === siteId);
  if (!site) return siteId === undefined ? undefined : null;
  const customization = await readOrNothing(() =>
    executeOperation(operations.sites.customization.get, ctx, { organizationId, siteId: site.id }),
  );
  if (customization) return { title: site.title, customization };
  return siteId === undefined ? undefined : null;
}

/**
 * The preview's answer: the page's HTML (200), or undefined (the caller's plain 404) for no
 * session, a change request the member may not read, or no page at the path.
 */
export async function previewHtml(
  services: Services,
  request: FastifyRequest,
  path: PreviewPath,
): Promise<string | undefined> {
  const ctx = await memberContext(services, request);
  if (!ctx) return undefined;
  const { spaceId } = path;
  const changeRequest = await readOrNothing(() =>
    executeOperation(operations.changeRequests.get, ctx, { spaceId, changeRequestId: path.changeRequestId }),
  );
  if (!changeRequest) return undefined;
  const revisionId = changeRequest.revision;
  const [space, listed] = await Promise.all([
    readOrNothing(() => executeOperation(operations.spaces.get, ctx, { spaceId })),
    readOrNothing(() => executeOperation(operations.spaces.content.pages.list, ctx, { spaceId, revisionId })),
  ]);
  if (!space || !listed) return undefined;
  const tree = listed.pages as PageTreeNode[];
  const pages = sitePagesOf(tree);
  const page = pages.pageAt(path.pagePath);
  if (!page) return undefined;
  const site = await siteOf(ctx, space.organization, spaceId, path.siteId);
  if (site === null) return undefined;
  const visit = {
    kind: 'visit',
    lookup: {
      organization: space.organization,
      space: spaceId,
      revision: revisionId,
      basePath: path.base,
      siteBasePath: path.base,
      siteSpace: '',
    } as unknown as PublishedSiteContent,
    ctx,
    siteUrl: path.base,
    baseUrl: path.base,
    site: {
      site: { title: site?.title ?? space.title },
      structure: { type: 'siteSpaces', structure: [] },
      customizations: { site: site?.customization, siteSpaces: {} },
    } as unknown as PublishedSite,
    pages: tree,
    claims: {},
  } satisfies ReaderVisit;
  const frame = previewFrame(visit, pages, site !== undefined, {
    number: changeRequest.number,
    subject: changeRequest.subject,
  });
  return pageHtml(visit, pages, page, { frame, headTags: () => NOINDEX });
}

/** The frame of a preview: the site's (or the defaults'), no search, a banner naming the change. */
function previewFrame(
  visit: ReaderVisit,
  pages: ReturnType<typeof sitePagesOf>,
  hasSite: boolean,
  change: { number: number; subject?: string | undefined },
): ReaderFrame {
  const frame: ReaderFrame = hasSite
    ? readerFrameOf(visit, pages)
    : {
        ...readerFrameOf(
          {
            ...visit,
            site: {
              ...visit.site,
              // Only the frame's links and tree are read from here: the customization is replaced below.
              customizations: { site: PLACEHOLDER_SETTINGS, siteSpaces: {} },
            } as unknown as PublishedSite,
          },
          pages,
        ),
        customization: DEFAULT_CUSTOMIZATION,
        lang: 'en',
      };
  const subject = change.subject ? `: ${change.subject}` : '';
  return {
    ...frame,
    searchAction: '',
    assets: readerAssetsUnder('/'),
    customization: {
      ...frame.customization,
      announcement: {
        enabled: true,
        style: 'warning',
        message: `Preview of change request #${change.number}${subject}. Not published.`,
      },
    },
  };
}

/** The least of GitBook's settings `readerFrameOf` reads, for a space no site shows. */
const PLACEHOLDER_SETTINGS = {
  styling: { primaryColor: DEFAULT_CUSTOMIZATION.styling.primaryColor },
  favicon: {},
  header: { links: [] },
  footer: { groups: [] },
  themes: DEFAULT_CUSTOMIZATION.themes,
  socialAccounts: [],
  pageActions: { items: [] },
};

/** Registers the preview's route; `notFound` answers the plain 404 (the same as the reader's). */
export function answerPreview(
  services: Services,
  notFound: (reply: FastifyReply) => FastifyReply,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  return async (request, reply) => {
    reply
      .header('cache-control', 'private, no-store')
      .header('vary', 'Cookie')
      .header('x-robots-tag', 'noindex');
    const path = previewPathOf(request.url.split('?')[0] ?? '');
    const html = path ? await previewHtml(services, request, path) : undefined;
    return html === undefined ? notFound(reply) : reply.type('text/html; charset=utf-8').send(html);
  };
}
