/**
 * Answers a reader's request for a machine format (issue 29, item 5), once the visit is
 * resolved (the lookup let the visitor in, the published view and pages read with their site
 * API token): a page's markdown, `llms.txt`, `llms-full.txt`, `sitemap.xml`, `robots.txt`.
 * Every output is made from what the visitor is shown — the structure with their conditions,
 * documents with their `if` blocks — kept in the reader's cache under the visitor's exact
 * state (`render-cache`), and answered with its ETag (304 when the client holds it) and
 * `Cache-Control` public only for a public site's anonymous visitor.
 *
 * A sitemap only for a public site (404 otherwise); `robots.txt` lets crawlers in only there.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReaderVisit } from '../reader-visit';
import {
  type Audience,
  type ConditionRead,
  conditionRead,
  conditionsReadIn,
  conditionsWith,
  type PageConditions,
  pageConditionsOf,
  type RenderKeyParts,
  renderCacheOf,
  renderKey,
  sendRendered,
  siteVersionOf,
  visitorKeyOf,
} from '../render-cache';
import { visitorCondition } from '../visitor-condition';
import { llmsFullTxt } from './llms-full-txt';
import { llmsTxt, siteTitleOf } from './llms-txt';
import { type MachineRequest, machineRequestOf } from './machine-request';
import { linkQueryOf, pageLinksOf, pageMarkdown } from './page-markdown';
import { ROBOTS_TXT_CLOSED, robotsTxtOpen } from './robots-txt';
import { listedPages, type TreeNode } from './shown-site-spaces';
import { canonicalBaseOf, sitemapXml } from './sitemap-xml';
import { socialImagePng } from './social-image';
import { lookupOf } from './visit-lookup';

const MARKDOWN = 'text/markdown; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const XML = 'application/xml; charset=utf-8';

/** The answer when the request asks for a machine format; undefined when it does not (the HTML page's then). */
export function answerMachineFormat(
  visit: ReaderVisit,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> | undefined {
  const asked = machineRequestOf(lookupOf(visit), request.headers.accept);
  return asked === undefined ? undefined : answer(visit, asked, request, reply);
}

/**
 * For a request the lookup refused (no site, or nothing this visitor may read): `robots.txt`
 * closed, as for any site that is not public; undefined for anything else (the reader's
 * not-found page). `sitePath` is the request's path.
 */
export function answerMachineFormatUnseen(
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  const path = request.url.split('?')[0] ?? '';
  if (!path.endsWith('/robots.txt')) return undefined;
  return reply.code(200).header('cache-control', 'no-cache').type(TEXT).send(ROBOTS_TXT_CLOSED);
}

async function answer(
  visit: ReaderVisit,
  asked: MachineRequest,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const lookup = lookupOf(visit);
  const visibility = visit.site.site.visibility;
  const audience: Audience = {
    visibility,
    personal: Object.keys(visit.claims).length > 0 || lookup.shareKey !== undefined,
  };
  if (asked.kind === 'sitemap' && visibility !== 'public')
    return reply
      .code(404)
      .header('x-robots-tag', 'noindex')
      .type(TEXT)
      .send('No sitemap: this site is not public.\n');
  const cache = renderCacheOf(visit.ctx);
  const keyParts: RenderKeyParts = {
    revisions: lookup.revision === undefined ? [] : [lookup.revision],
    siteVersion: siteVersionOf(visit.site),
    // The structure the visitor is shown is in `siteVersion`; links carry a share key.
    visitor: { shareKey: lookup.shareKey ?? null },
    path: `${visit.baseUrl}${'pagePath' in asked ? asked.pagePath : ''}`,
    format: asked.kind,
  };
  // A page's image shows its title and description only, the same for every visitor it is shown to.
  if (asked.kind === 'social-image') keyParts.visitor = {};
  if (asked.kind !== 'markdown' && asked.kind !== 'llms-full') {
    const key = renderKey(keyParts);
    const cached = cache.get(key);
    if (cached !== undefined) return sendRendered(request, reply, cached, audience);
    const made = await render(visit, asked);
    if (made === undefined) return reply.code(404).type(TEXT).send('No page at this address.\n');
    return sendRendered(request, reply, cache.set(key, made.body, made.contentType), audience);
  }
  // Pages' markdown: the visitor as the conditions the output reads say of them, as for the
  // HTML page (`page-conditions.ts`), never their claims (any `visitor.*` a new render).
  const holds = visitorCondition(visit.claims);
  const conditionsKey = renderKey(keyParts);
  // Kept by the store's repositories, as the render cache is (a visit's context is per request).
  const pageConditions = pageConditionsOf(visit.ctx.repos);
  const keyOf = (conditions: PageConditions) =>
    renderKey({
      ...keyParts,
      visitor: {
        conditions: visitorKeyOf(conditions, holds, visit.claims),
        shareKey: lookup.shareKey ?? null,
      },
    });
  const known = pageConditions.get(conditionsKey);
  const cached = known === undefined ? undefined : cache.get(keyOf(known));
  if (cached !== undefined) return sendRendered(request, reply, cached, audience);
  const read = new Set<string>();
  const made = await render(visit, asked, (expression) => read.add(expression));
  if (made === undefined) return reply.code(404).type(TEXT).send('No page at this address.\n');
  const conditions = conditionsWith(pageConditions.get(conditionsKey), read);
  if (conditions !== pageConditions.get(conditionsKey)) pageConditions.set(conditionsKey, conditions);
  return sendRendered(request, reply, cache.set(keyOf(conditions), made.body, made.contentType), audience);
}

async function render(
  visit: ReaderVisit,
  asked: MachineRequest,
  conditionsRead?: ConditionRead,
): Promise<{ body: string | Buffer; contentType: string } | undefined> {
  if (conditionsRead !== undefined) visit = { ...visit, ctx: conditionsReadIn(visit.ctx, conditionsRead) };
  switch (asked.kind) {
    case 'llms':
      return { body: await llmsTxt(visit), contentType: MARKDOWN };
    case 'llms-full':
      return { body: await llmsFullTxt(visit, conditionsRead), contentType: MARKDOWN };
    case 'sitemap':
      return { body: await sitemapXml(visit), contentType: XML };
    case 'robots':
      return {
        body:
          visit.site.site.visibility === 'public'
            ? robotsTxtOpen(`${canonicalBaseOf(visit)}sitemap.xml`)
            : ROBOTS_TXT_CLOSED,
        contentType: TEXT,
      };
    case 'social-image': {
      const page =
        asked.pagePath === '' ? undefined : pageAt(visit.pages as unknown as TreeNode[], asked.pagePath);
      if (page === undefined) return undefined;
      const body = await socialImagePng({
        siteTitle: siteTitleOf(visit),
        title: page.title,
        description: page.description,
        color: primaryColorOf(visit),
      });
      return { body, contentType: 'image/png' };
    }
    case 'markdown': {
      const lookup = lookupOf(visit);
      const page = pageAt(visit.pages as unknown as TreeNode[], asked.pagePath);
      if (page === undefined) return undefined;
      const links = pageLinksOf(
        listedPages(visit.pages, Number.POSITIVE_INFINITY, { withHidden: true }),
        visit.baseUrl,
        linkQueryOf(lookup),
      );
      const body = await pageMarkdown(
        visit,
        { spaceId: lookup.space, revisionId: lookup.revision },
        page,
        conditionRead(visitorCondition(visit.claims), conditionsRead),
        links,
      );
      return body === undefined ? undefined : { body, contentType: MARKDOWN };
    }
  }
}

/**
 * The document page at `path` (hidden ones too: they are read by whoever has the link); the
 * site space's first document page for '' ; a group's first document page for a group's path.
 */
function pageAt(pages: readonly TreeNode[], path: string): TreeNode | undefined {
  const wanted = path.replace(/^\/+|\/+$/g, '');
  const firstDocument = (nodes: readonly TreeNode[]): TreeNode | undefined => {
    for (const node of nodes) {
      if (node.type === 'document') return node;
      if (node.type === 'group') {
        const found = firstDocument(node.pages ?? []);
        if (found) return found;
      }
    }
    return undefined;
  };
  if (wanted === '') return firstDocument(pages);
  const find = (nodes: readonly TreeNode[]): TreeNode | undefined => {
    for (const node of nodes) {
      if (node.path === wanted) return node.type === 'document' ? node : firstDocument(node.pages ?? []);
      if (wanted.startsWith(`${node.path}/`)) {
        const found = find(node.pages ?? []);
        if (found) return found;
      }
    }
    return undefined;
  };
  return find(pages);
}

/** The site space's (else the site's) primary colour in light mode, for its pages' images. */
function primaryColorOf(visit: ReaderVisit): string | undefined {
  type Styled = { styling?: { primaryColor?: { light?: string } } } | undefined;
  const own = visit.site.customizations.siteSpaces[lookupOf(visit).siteSpace] as Styled;
  const site = visit.site.customizations.site as Styled;
  return own?.styling?.primaryColor?.light ?? site?.styling?.primaryColor?.light;
}
