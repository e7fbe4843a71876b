/**
 * How an import fetches: always through `fetchPublicUrl` (its address, redirect, size and
 * time rules), its failures told in the import's terms. A body over the size limit is
 * 'too-large'; every other failure (bad URL, private address, unreachable, timeout, bad
 * status, redirect loop) is 'fetch-failed', with the outbound module's safe message.
 */
import { ContentImportError } from '@quire/domain';
import { type FetchedResource, fetchPublicUrl, type OutboundFetchLimits } from '../outbound/fetch-public-url';
import { OutboundFetchError } from '../outbound/outbound-fetch-error';

export type ImportFetcher = (url: string) => Promise<FetchedResource>;

export function importFetcher(limits: OutboundFetchLimits): ImportFetcher {
  return async (url) => {
    try {
      return await fetchPublicUrl(url, limits);
    } catch (error) {
      if (!(error instanceof OutboundFetchError)) throw error;
      throw new ContentImportError(
        error.reason === 'too-large' ? 'too-large' : 'fetch-failed',
        error.message,
      );
    }
  };
}
