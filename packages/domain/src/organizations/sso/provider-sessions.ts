/**
 * Sessions an organization's identity provider opened (`SessionRecord.openedThrough`) end
 * when their person is about to join an organization that does not trust the provider's
 * authority: from then on the provider would no longer speak for them
 * (`provider-speaks-for.ts`), and a session it opened would otherwise go on opening the new
 * organization to whoever runs the provider. Called before the membership is written: a
 * crash between the two leaves sessions ended and no membership, and the person signs in again.
 *
 * Sessions opened by a password, a token or a mailed link are the person's own and stay.
 */
import type { DomainServices } from '../../core/context';
import type { SessionRecord } from '../../identity';
import { activeAuthoritiesOf } from './provider-speaks-for';

const PAGE = 100;
/** More live sessions than a person has; past it, the rest are left to their expiry. */
const MAX_PAGES = 20;

export async function endProviderSessionsBeforeJoining(
  services: Pick<DomainServices, 'repos' | 'clock'>,
  userId: string,
  organizationId: string,
): Promise<number> {
  const now = services.clock.now().toISOString();
  const opened: SessionRecord[] = [];
  let after: Parameters<typeof services.repos.sessions.listByUser>[2]['after'];
  for (let page = 0; page < MAX_PAGES; page++) {
    const slice = await services.repos.sessions.listByUser(userId, now, {
      limit: PAGE,
      ...(after ? { after } : {}),
    });
    for (const session of slice.items)
      if (session.openedThrough && session.openedThrough.organizationId !== organizationId)
        opened.push(session);
    if (!slice.next) break;
    after = slice.next;
  }
  if (opened.length === 0) return 0;
  const trusted = await activeAuthoritiesOf(services, organizationId);
  let ended = 0;
  for (const session of opened) {
    if (trusted.has(session.openedThrough!.authority)) continue;
    if (await services.repos.sessions.revoke(session.id)) ended++;
  }
  return ended;
}
