/**
 * isomorphic-git's HTTP client for Git's smart HTTP protocol, under the outbound rules every
 * fetch the server makes follows (`fetchPublicUrl`'s): http and https only; the address
 * checked is the one connected to (`guardedLookup`, IP literals before connecting), private,
 * local and reserved addresses refused unless the host is in `allowHosts`
 * (`QUIRE_FETCH_ALLOW_HOSTS`); redirects of a GET followed by hand, at most 5, each hop
 * checked like the first, the `Authorization` header dropped when a hop leaves the origin;
 * a POST (a pack sent or asked for) follows none, but, as with Git, once the first request
 * (`info/refs`) was redirected, the requests after it go to the repository's new place. `timeoutMs` covers the whole transfer,
 * and the bytes received in all answers together stop at `maxBytes`.
 *
 * Every failure is an `OutboundFetchError` with a message safe to show.
 */
import { isIP } from 'node:net';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { Agent, request, errors as undiciErrors } from 'undici';
import { causesOf } from '../outbound/error-causes';
import { guardedLookup, RefusedAddressError } from '../outbound/guarded-lookup';
import { OutboundFetchError } from '../outbound/outbound-fetch-error';
import { addressRefusal } from '../outbound/refused-address';

export interface GitTransferLimits {
  /** Bytes received at most, all answers of the transfer together. */
  maxBytes: number;
  /** Time allowed for the whole transfer. */
  timeoutMs: number;
  /** Host names (or IP literals) exempt from the address check. */
  allowHosts: readonly string[];
}

/** A client for one transfer (a read or a write); `close` frees its connections. */
export interface GitHttpTransfer {
  http: HttpClient;
  close(): void;
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function gitHttpTransfer(limits: GitTransferLimits, signal?: AbortSignal): GitHttpTransfer {
  const allowHosts = new Set(limits.allowHosts.map(hostOf));
  const agent = new Agent({ connect: { lookup: guardedLookup(allowHosts) } });
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
  const aborted = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
  let received = 0;
  // Where the repository said it moved (a redirected `info/refs`): later requests go there, as Git's do.
  let moved: { from: string; to: string } | undefined;

  const fail = (error: unknown): OutboundFetchError => {
    if (error instanceof OutboundFetchError) return error;
    if (deadline.signal.aborted)
      return new OutboundFetchError('timeout', `The repository did not answer within ${limits.timeoutMs} ms`);
    if (signal?.aborted) return new OutboundFetchError('timeout', 'The transfer was cancelled');
    if (causesOf(error).some((cause) => cause instanceof RefusedAddressError)) return privateAddress();
    if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError)
      return new OutboundFetchError('timeout', `The repository did not answer within ${limits.timeoutMs} ms`);
    return new OutboundFetchError('unreachable', 'The repository could not be reached');
  };

  async function* limited(body: AsyncIterable<unknown>): AsyncIterableIterator<Uint8Array> {
    try {
      for await (const part of body) {
        const bytes = part as Uint8Array;
        received += bytes.byteLength;
        if (received > limits.maxBytes)
          throw new OutboundFetchError(
            'too-large',
            `The repository sent more than the ${limits.maxBytes} bytes allowed`,
          );
        yield bytes;
      }
    } catch (error) {
      throw fail(error);
    }
  }

  const send = async (gitRequest: GitHttpRequest): Promise<GitHttpResponse> => {
    const method = gitRequest.method ?? 'GET';
    const body = gitRequest.body ? await collected(gitRequest.body) : undefined;
    let headers: Record<string, string> = { ...gitRequest.headers, 'user-agent': 'git/isomorphic-git Quire' };
    const relocated = moved && gitRequest.url.startsWith(`${moved.from}/`);
    const first = fetchableUrl(
      relocated ? `${moved?.to}${gitRequest.url.slice(moved?.from.length)}` : gitRequest.url,
    );
    if (relocated && first.origin !== new URL(gitRequest.url).origin) headers = withoutAuthorization(headers);
    let current = first;
    for (let hop = 0; ; hop++) {
      refuseLiteralAddress(current, allowHosts);
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(current, {
          method: method as 'GET' | 'POST',
          dispatcher: agent,
          signal: aborted,
          headers,
          ...(body ? { body } : {}),
        });
      } catch (error) {
        throw fail(error);
      }
      const location = response.headers.location;
      if (method === 'GET' && REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string') {
        discard(response.body);
        if (hop === MAX_REDIRECTS)
          throw new OutboundFetchError(
            'bad-status',
            `The repository redirected more than ${MAX_REDIRECTS} times`,
          );
        const next = fetchableUrl(location, current);
        if (next.origin !== current.origin) headers = withoutAuthorization(headers);
        current = next;
        continue;
      }
      if (current.href !== first.href) moved = movedBase(first, current) ?? moved;
      return {
        url: current.href,
        method,
        statusCode: response.statusCode,
        statusMessage: '',
        headers: flatHeaders(response.headers),
        body: limited(response.body),
      };
    }
  };

  return {
    http: { request: send },
    close() {
      clearTimeout(timer);
      agent.destroy().catch(() => {});
    },
  };
}

async function collected(body: AsyncIterableIterator<Uint8Array> | Uint8Array[]): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

function fetchableUrl(text: string, base?: URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(text, base);
  } catch {
    throw new OutboundFetchError('bad-url', 'The repository redirected to an invalid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new OutboundFetchError('bad-url', 'Only http and https repositories can be reached');
  if (parsed.username !== '' || parsed.password !== '')
    throw new OutboundFetchError('bad-url', 'The repository redirected to a URL with credentials');
  return parsed;
}

const hostOf = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');

/** Sockets skip the lookup for IP literals, so those are checked here. */
function refuseLiteralAddress(url: URL, allowHosts: ReadonlySet<string>): void {
  const host = hostOf(url.hostname);
  if (isIP(host) === 0 || allowHosts.has(host)) return;
  if (addressRefusal(host) !== null) throw privateAddress();
}

const privateAddress = () =>
  new OutboundFetchError(
    'private-address',
    'The repository is on a private, local or reserved address (see QUIRE_FETCH_ALLOW_HOSTS)',
  );

/** The base the redirect of `from` to `to` moved the repository to, when both name `info/refs`. */
function movedBase(from: URL, to: URL): { from: string; to: string } | undefined {
  const suffix = '/info/refs';
  if (!from.pathname.endsWith(suffix) || !to.pathname.endsWith(suffix) || from.search !== to.search)
    return undefined;
  const baseOf = (url: URL) => `${url.origin}${url.pathname.slice(0, -suffix.length)}`;
  return { from: baseOf(from), to: baseOf(to) };
}

const withoutAuthorization = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

function discard(body: { on(event: 'error', listener: () => void): unknown; destroy(): unknown }): void {
  body.on('error', () => {});
  body.destroy();
}
