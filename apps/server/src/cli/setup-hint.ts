/**
 * What the start message adds on an instance nobody can use yet: no user (so no API token
 * works) and no `QUIRE_BOOTSTRAP_TOKEN` to create one. One page of one user is read, which
 * costs the same on an instance of any size.
 */
import type { DomainServices } from '@quire/domain';
import type { Store } from '@quire/store';
import type { Config } from '../config';

/** How to get a first token, or undefined when the instance has a user or bootstraps one. */
export async function setupHintOf(
  services: DomainServices,
  config: Pick<Config, 'bootstrapToken'>,
  engine: Store['engine'],
): Promise<string | undefined> {
  if (config.bootstrapToken !== undefined) return undefined;
  const { items } = await services.repos.users.list({ limit: 1 });
  if (items.length > 0) return undefined;
  const commands =
    'run `quire setup` (an administrator and their token) or `quire seed` (a demo organization and ' +
    "its people's tokens; `pnpm quire ...` in the repository)";
  // The embedded store admits one process at a time: the command goes through this server
  // (its command socket); with MongoDB it opens the store itself.
  const step =
    engine === 'embedded'
      ? `${commands} while it runs (no need to stop the server: the command goes through it)`
      : commands;
  return (
    `This instance has no user yet, so no API token works. To get one, ${step}; or restart with ` +
    "QUIRE_BOOTSTRAP_TOKEN set to a secret of 24 to 256 characters, which becomes the administrator's token."
  );
}
