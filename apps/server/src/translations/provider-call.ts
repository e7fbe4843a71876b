/**
 * One call to a translation provider: a JSON POST through the outbound-fetch module (address
 * check, `QUIRE_FETCH_ALLOW_HOSTS`, timeout, size limit, no redirect followed), its answer
 * parsed as JSON. Every failure is an `AiProviderError` whose message names the
 * provider and what went wrong, never the key (sent in `headers` or the body, neither of which
 * any message repeats) nor a network error's internals.
 */
import { AiProviderError } from '@quire/domain';
import { fetchPublicUrl, type OutboundFetchLimits } from '../outbound/fetch-public-url';
import { OutboundFetchError, type OutboundFetchFailure } from '../outbound/outbound-fetch-error';

export interface ProviderCall {
  /** The provider's name in messages (`LibreTranslate`, `OpenAI-compatible`). */
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  limits: OutboundFetchLimits;
  signal?: AbortSignal | undefined;
}

export async function callProvider(call: ProviderCall): Promise<unknown> {
  call.signal?.throwIfAborted();
  const fetching = fetchPublicUrl(call.url, call.limits, {
    method: 'POST',
    headers: { ...call.headers, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(call.body),
  });
  let fetched: Awaited<typeof fetching>;
  try {
    fetched = await untilAborted(fetching, call.signal);
  } catch (error) {
    if (error instanceof OutboundFetchError) throw providerFailure(call.provider, error);
    throw error;
  }
  try {
    return JSON.parse(new TextDecoder().decode(fetched.bytes)) as unknown;
  } catch {
    throw new AiProviderError('bad-answer', `The ${call.provider} translation provider did not answer JSON`);
  }
}

/** The caller's abort ends the wait at once; the request itself ends by its timeout. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const kindOfFailure = {
  'bad-url': 'unreachable',
  'private-address': 'unreachable',
  unreachable: 'unreachable',
  timeout: 'timeout',
  'too-large': 'bad-answer',
  'bad-status': 'refused',
} as const satisfies Record<OutboundFetchFailure, AiProviderError['kind']>;

function providerFailure(provider: string, error: OutboundFetchError): AiProviderError {
  const why =
    error.reason === 'private-address'
      ? 'its address is private or local (list its host in QUIRE_FETCH_ALLOW_HOSTS to allow it)'
      : error.message.replace(/^The URL/, 'it').replace(/^The file at the URL/, 'its answer');
  return new AiProviderError(
    kindOfFailure[error.reason],
    `The ${provider} translation provider failed: ${why}`,
  );
}
