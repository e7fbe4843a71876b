/**
 * The docs site a new instance publishes on its first start (`QUIRE_BOOTSTRAP_TOKEN`), so
 * that the README's first command ends with something to read: a space "Getting started"
 * holding `WELCOME_PAGES`, and a public site "Docs" showing it, published. Everything is made
 * through the operations, as the first administrator over the API, so it is exactly what the
 * API would make (audited, indexed for search, counted).
 *
 * Outcomes:
 * - made: the site's published address is returned;
 * - a failure (a store refusal, the process stopping): the instance is bootstrapped all the
 *   same and the caller logs the failure; a stop halfway leaves a space with some of the
 *   pages, or an unpublished site, which the team keeps or deletes like any other. Later
 *   starts never make it again (they bootstrap nothing once a user exists).
 */
import { type AnyOperation, type DomainServices, operations } from '@quire/domain';
import { runOperation } from '../faces/run-operation';
import { WELCOME_PAGES, welcomeMarkdownOf } from './welcome-pages';

export const WELCOME_SPACE_TITLE = 'Getting started';
export const WELCOME_SITE_TITLE = 'Docs';
export const WELCOME_SITE_BASENAME = 'docs';

interface Made {
  id: string;
  urls?: { app?: string; published?: string };
}

export async function publishWelcomeSite(
  services: DomainServices,
  administrator: { userId: string; tokenId: string; organizationId: string },
): Promise<string | undefined> {
  const access = {
    ctx: {
      ...services,
      caller: { userId: administrator.userId, tokenId: administrator.tokenId, isInstanceAdmin: true },
    },
    charge: async () => {},
  };
  const run = async (op: AnyOperation, input: unknown) => (await runOperation(op, access, input)) as Made;
  const { organizationId } = administrator;

  const space = await run(operations.spaces.create, {
    organizationId,
    title: WELCOME_SPACE_TITLE,
    emoji: '🚀',
  });
  const spacePath = space.urls?.app ? new URL(space.urls.app).pathname : '/';
  const addresses = { app: services.urls.app, space: spacePath };
  await run(operations.spaces.content.update, {
    spaceId: space.id,
    changes: WELCOME_PAGES.map((page) => ({
      operation: 'insert_page',
      title: page.title,
      document: { markdown: welcomeMarkdownOf(page, addresses) },
    })),
  });
  const site = await run(operations.sites.create, {
    organizationId,
    title: WELCOME_SITE_TITLE,
    spaces: [space.id],
  });
  // A readable address to print and share: `/~sites/<organization>/docs/`, not the site's id.
  await run(operations.sites.update, { organizationId, siteId: site.id, basename: WELCOME_SITE_BASENAME });
  const published = await run(operations.sites.publish, { organizationId, siteId: site.id });
  return published.urls?.published ?? site.urls?.published;
}
