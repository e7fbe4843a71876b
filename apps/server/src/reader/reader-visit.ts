/**
 * One visit of a published site's URL, as Quire's reader serves it (issue 29): resolved by
 * the very operation GitBook's renderer calls (`urls.published`, in process, with the
 * visitor's credentials), then read through the site API token it hands out — the published
 * site (structure with conditions applied, customization) and the site space's pages — so
 * the reader sees exactly what a renderer would, and has no second path into the store.
 *
 * Outcomes: `visit` (the content answer, a context whose caller is the site token, the
 * published site and the pages); `external` (a visitor-auth site's fallback redirect);
 * `none` (no site, or nothing this visitor may read: the lookup's 404).
 */
import {
  authenticateSiteToken,
  DomainError,
  executeOperation,
  LoadedValues,
  type OperationContext,
  operations,
  type PageTreeNodeSchema,
} from '@quire/domain';
import type { z } from 'zod';
import type { Services } from '../services';
import { deepFreeze } from './deep-freeze';
import type { LookupInput } from './visitor-session';

type Answer<Op extends { output: z.ZodType }> = z.input<Op['output']>;
/** The lookup's content answer (not an external redirect). */
export type PublishedSiteContent = Extract<Answer<typeof operations.urls.published>, { apiToken: string }>;
export type PublishedSite = Answer<typeof operations.sites.published>;
export type PageTreeNode = z.output<typeof PageTreeNodeSchema>;

export interface ReaderVisit {
  kind: 'visit';
  /** The lookup's answer: site, section, site space, space, revision, pathname, base paths, token. */
  lookup: PublishedSiteContent;
  /** The visitor's context: its caller is the site API token's, every read goes through it. */
  ctx: OperationContext;
  /** The site's root, absolute, ending in `/` (origin + `siteBasePath`). */
  siteUrl: string;
  /** The current section and site space's root, absolute, ending in `/` (origin + `basePath`). */
  baseUrl: string;
  /** The published view: the structure this visitor is shown and the customizations. */
  site: PublishedSite;
  /** The pages of the site space's revision, nested. */
  pages: readonly PageTreeNode[];
  /** The visitor's claims (signed, and unsigned under `unsigned`), for `if` blocks. */
  claims: Record<string, unknown>;
}

export type ReaderVisitOutcome = ReaderVisit | { kind: 'external'; redirect: string } | { kind: 'none' };

const visitorContext = (services: Services, caller: OperationContext['caller']): OperationContext => {
  const ctx = Object.create(services) as OperationContext;
  ctx.caller = caller;
  return ctx;
};

const isNotFound = (error: unknown): boolean =>
  error instanceof DomainError && (error.code === 'not_found' || error.code === 'validation');

/** Runs an operation as the visitor; a 404 (or a refused input) is `undefined`. */
export async function readOrNothing<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * The pages of a revision, read once per process and kept (16 revisions): a revision never
 * changes, and the lookup that named this space and revision for the visitor is what lets
 * them read it (the site token grants exactly what the lookup showed), so every visitor the
 * lookup sends to a revision reads the same tree. Presenting a 5,000-page tree was about half
 * of a cached page's CPU (issue 29's target, `bench/sites-reader.ts`). Frozen: shared.
 */
const revisionPages = new WeakMap<Services, LoadedValues<string, readonly PageTreeNode[] | undefined>>();

function pagesOfRevision(
  services: Services,
  spaceId: string,
  revisionId: string,
  read: () => Promise<readonly PageTreeNode[] | undefined>,
): Promise<readonly PageTreeNode[] | undefined> {
  let kept = revisionPages.get(services);
  if (kept === undefined) {
    kept = new LoadedValues(16);
    revisionPages.set(services, kept);
  }
  // A read that failed or found nothing is not kept (`undefined` is no kept value): the next
  // visitor reads again.
  return kept.get(`${spaceId}@${revisionId}`, read);
}

/**
 * Resolves a published URL for a visitor (the `urls.published` input: the URL, the visitor's
 * token and unsigned claims, as `visitor-session` reads them from the request): the lookup,
 * the site token's caller, then the published view and the pages.
 */
export async function openReaderVisit(services: Services, input: LookupInput): Promise<ReaderVisitOutcome> {
  const anonymous = visitorContext(services, null);
  const answer = await readOrNothing(() => executeOperation(operations.urls.published, anonymous, input));
  if (answer === undefined) return { kind: 'none' };
  if ('target' in answer) return { kind: 'external', redirect: answer.redirect };
  const caller = await authenticateSiteToken(services, answer.apiToken);
  if (!caller?.site) return { kind: 'none' };
  const ctx = visitorContext(services, caller);
  const readPages = () =>
    readOrNothing(() =>
      executeOperation(operations.spaces.content.pages.list, ctx, {
        spaceId: answer.space,
        ...(answer.revision === undefined ? {} : { revisionId: answer.revision }),
      }),
    ).then((read) => (read === undefined ? undefined : deepFreeze(read.pages as PageTreeNode[])));
  const [site, pages] = await Promise.all([
    readOrNothing(() =>
      executeOperation(operations.sites.published, ctx, {
        organizationId: answer.organization,
        siteId: answer.site,
      }),
    ),
    answer.revision === undefined
      ? readPages()
      : pagesOfRevision(services, answer.space, answer.revision, readPages),
  ]);
  if (!site || !pages) return { kind: 'none' };
  const origin = new URL(input.url).origin;
  return {
    kind: 'visit',
    lookup: answer,
    ctx,
    siteUrl: origin + answer.siteBasePath,
    baseUrl: origin + answer.basePath,
    site,
    pages,
    claims: caller.site.claims,
  };
}
