/**
 * The store's outage as the domain's refusal, one way for every face: 'unavailable' (503),
 * the store's message (never a host or a stack), `Retry-After`. Either engine: the embedded
 * engine's full or failing disk, MongoDB's lost connection or missing primary.
 */
import { DomainError } from '@quire/domain';
import { STORE_UNAVAILABLE_RETRY_AFTER_SECONDS, storeUnavailableOf } from '@quire/store';

export function storeRefusalOf(error: unknown): DomainError | undefined {
  const unavailable = storeUnavailableOf(error);
  return unavailable === undefined
    ? undefined
    : new DomainError('unavailable', unavailable.message, {
        retryAfterSeconds: STORE_UNAVAILABLE_RETRY_AFTER_SECONDS,
      });
}
