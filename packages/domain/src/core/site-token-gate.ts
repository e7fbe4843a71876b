/**
 * What a site API token may run at all (its bearer is a visitor of one published site:
 * `Caller.site`), checked by `executeOperation` after the input validated and before the
 * operation runs. The rules, in order (the first that decides wins):
 *
 * 1. An operation that changes something: refused (403), whatever it names, but the writes a
 *    visitor makes (`SITE_TOKEN_WRITES`: the URL lookup, which makes tokens, and the reader's
 *    insights events). A visitor changes nothing else, and the answer does not depend on the
 *    target, so it tells nothing.
 * 2. An operation that is not one of the reads a visitor has (`SITE_TOKEN_READS`): not found
 *    (404), as for a caller who sees nothing of the organization.
 * 3. A read of a change request's content (`changeRequestId` in the input): not found
 *    (404 'Change request'): a visitor reads live content only (GitBook's `draft: false`).
 *    A read naming a revision by id is checked where the revision is read: only the space's
 *    current revision and its history (`siteTokenMayReadRevision`, `policies/site-token-access.ts`).
 * 4. Otherwise the operation runs, and its own rules decide: the space rules give the token
 *    'read' on the spaces of its grant and nothing anywhere else
 *    (`policies/site-token-access.ts`); the published view shows the grant's site only.
 *
 * Names only, no imports: core imports no area. An operation a renderer needs with a site
 * token is added here (its own rules must then know the token: `authorizeSpace` does).
 */
import type { Caller } from './context';
import { DomainError, forbidden } from './errors';
import type { AnyOperation } from './operation';

/** The reads a site API token's visitor may make: the space, its revisions, pages, files, search, the site, the specs its pages show. */
export const SITE_TOKEN_READS: ReadonlySet<string> = new Set([
  'spaces.get',
  'spaces.content.get',
  'spaces.content.pages.list',
  'spaces.content.page.get',
  'spaces.content.path.get',
  'spaces.content.files.list',
  'spaces.content.files.get',
  'spaces.content.reusableContents.list',
  'spaces.content.reusableContents.get',
  'spaces.content.reusableContents.document',
  'spaces.revisions.page.document',
  'spaces.documents.get',
  'spaces.content.page.metaLinks',
  'spaces.embed.get',
  'spaces.content.computed.document',
  'spaces.revisions.list',
  'spaces.revisions.get',
  'spaces.revisions.changes',
  'spaces.search',
  'sites.published',
  'sites.redirects.resolve',
  'sites.search',
  'sites.askQuestions',
  'sites.ask',
  'urls.published',
  // The specs its pages show (`policies/openapi-policy.ts` rule 0): their newest version only.
  'openapi.versions.latest',
  'openapi.versions.latestContent',
  'openapi.versions.get',
  'openapi.versions.content',
]);

/** The writes a site API token's visitor makes: the lookup (it makes tokens) and a reader's events. */
export const SITE_TOKEN_WRITES: ReadonlySet<string> = new Set([
  'urls.published',
  'sites.insights.trackEvents',
]);

export function assertSiteTokenMayRun(caller: Caller, op: AnyOperation, input: unknown): void {
  if (caller.site === undefined) return;
  if (op.kind === 'mutation' && !SITE_TOKEN_WRITES.has(op.name))
    throw forbidden('A site API token reads a published site; it changes nothing'); // 1
  if (!SITE_TOKEN_READS.has(op.name) && !SITE_TOKEN_WRITES.has(op.name))
    throw new DomainError('not_found', 'Not found'); // 2
  const changeRequestId = (input as { changeRequestId?: unknown } | null)?.changeRequestId;
  if (changeRequestId !== undefined) throw new DomainError('not_found', 'Change request not found'); // 3
}
