/**
 * The translations whose source is one space: every page of the organization's list read
 * (`translations.list` has no filter by space), those of other spaces left out. One cache
 * entry per space, which the screens invalidate after a create, a run or a delete.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TrpcClient } from '../api/trpc';
import type { Translation } from './translation-types';

const PAGE_LIMIT = 100;

export const spaceTranslationsKey = (organizationId: string, spaceId: string) =>
  ['translations', 'of-space', organizationId, spaceId] as const;

export async function listSpaceTranslations(
  client: TrpcClient,
  organizationId: string,
  spaceId: string,
): Promise<Translation[]> {
  const found: Translation[] = [];
  let page: string | undefined;
  do {
    const slice = await client.translations.list.query({
      organizationId,
      limit: PAGE_LIMIT,
      ...(page === undefined ? {} : { page }),
    });
    found.push(...slice.items.filter((translation) => translation.source.space === spaceId));
    page = slice.next?.page;
  } while (page !== undefined);
  return found;
}

export const spaceTranslationsQuery = (client: TrpcClient, organizationId: string, spaceId: string) =>
  queryOptions({
    queryKey: spaceTranslationsKey(organizationId, spaceId),
    queryFn: () => listSpaceTranslations(client, organizationId, spaceId),
  });
