/**
 * The one way the server fetches a URL it was given (a file's `url`, and later imports,
 * OpenAPI specifications and Git remotes): http and https only, public addresses only,
 * with a size limit and a total timeout.
 *
 * - The address check runs on the address the socket connects to: names go through
 *   `guardedLookup` inside the connection, IP literals are checked before it. Hosts listed
 *   in `allowHosts` (`QUIRE_FETCH_ALLOW_HOSTS`) skip the check, by the URL's host name.
 * - Redirects are followed by hand, at most 5, each hop checked like the first.
 * - A `Content-Length` over `maxBytes` is refused before reading; a body without one is
 *   aborted as soon as it passes `maxBytes`.
 * - `timeoutMs` covers everything: every hop, headers and body.
 * - URLs with credentials are refused, so no secret is ever sent, stored or logged.
 * - A request with a body (`outgoing`, a call to an API) follows no redirect: its headers
 *   (an API key) and body go to the URL given, never to where a redirect points.
 *
 * Every failure is an `OutboundFetchError` with a `reason` and a message safe to show.
 */
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { Agent, request, errors as undiciErrors } from 'undici';
import { causesOf } from './error-causes';
import { guardedLookup, RefusedAddressError } from './guarded-lookup';
import { OutboundFetchError } from './outbound-fetch-error';
import { addressRefusal } from './refused-address';

export interface OutboundFetchLimits {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Time allowed for the whole fetch, redirects and body included. */
  timeoutMs: number;
  /** Host names (or IP literals) exempt from the address check, lower case. */
  allowHosts: readonly string[];
}

/** A call to an API instead of a GET: its method, headers (an API key among them) and body. */
export interface OutgoingRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  /** Each part of the answer's body as it arrives (a streamed answer read as it comes), within the same limits. */
  onPart?: (part: Uint8Array) => void;
  /** The caller's stop (its reader went away): the request is abandoned at once, as at its deadline. */
  signal?: AbortSignal;
}

export interface FetchedResource {
  bytes: Uint8Array;
  /** The `Content-Type` the server declared, if any (unchecked: the caller decides). */
  contentType?: string;
  /** The URL the bytes came from, after redirects. */
  finalUrl: string;
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function fetchPublicUrl(
  url: string,
  limits: OutboundFetchLimits,
  outgoing?: OutgoingRequest,
): Promise<FetchedResource> {
  const allowHosts = new Set(limits.allowHosts.map(hostOf));
  const agent = new Agent({ connect: { lookup: guardedLookup(allowHosts) } });
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
  const abandon = () => deadline.abort();
  outgoing?.signal?.addEventListener('abort', abandon, { once: true });
  try {
    let current = parseFetchableUrl(url);
    for (let hop = 0; ; hop++) {
      refuseLiteralAddress(current, allowHosts);
      const response = await send(current, agent, deadline.signal, limits.timeoutMs, outgoing);
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string') {
        discard(response.body);
        if (outgoing) throw new OutboundFetchError('bad-status', 'The URL answered with a redirect');
        if (hop === MAX_REDIRECTS)
          throw new OutboundFetchError('bad-status', `The URL redirected more than ${MAX_REDIRECTS} times`);
        current = parseFetchableUrl(location, current);
        continue;
      }
      if (response.statusCode < 200 || response.statusCode > 299) {
        discard(response.body);
        throw new OutboundFetchError(
          'bad-status',
          `The URL answered with HTTP status ${response.statusCode}`,
        );
      }
      const bytes = await readLimited(response, limits, deadline.signal, outgoing?.onPart);
      const contentType = response.headers['content-type'];
      return {
        bytes,
        ...(typeof contentType === 'string' ? { contentType } : {}),
        finalUrl: current.href,
      };
    }
  } finally {
    clearTimeout(timer);
    outgoing?.signal?.removeEventListener('abort', abandon);
    agent.destroy().catch(() => {});
  }
}

/** A host as compared with `allowHosts`: lower case, IPv6 literals without brackets. */
const hostOf = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');

function parseFetchableUrl(text: string, base?: URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(text, base);
  } catch {
    throw new OutboundFetchError(
      'bad-url',
      base ? 'The URL redirected to an invalid URL' : 'The URL is not valid',
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new OutboundFetchError('bad-url', 'Only http and https URLs can be fetched');
  if (parsed.username !== '' || parsed.password !== '')
    throw new OutboundFetchError('bad-url', 'URLs with credentials cannot be fetched');
  return parsed;
}

/** Sockets skip the lookup for IP literals, so those are checked here. */
function refuseLiteralAddress(url: URL, allowHosts: ReadonlySet<string>): void {
  const host = hostOf(url.hostname);
  if (isIP(host) === 0 || allowHosts.has(host)) return;
  if (addressRefusal(host) !== null) throw privateAddress();
}

const privateAddress = () =>
  new OutboundFetchError('private-address', 'The URL points to a private, local or reserved address');

async function send(
  url: URL,
  agent: Agent,
  signal: AbortSignal,
  timeoutMs: number,
  outgoing: OutgoingRequest | undefined,
) {
  // undici's `request` follows no redirect by itself: they come back here, hop by hop.
  try {
    return await request(url, {
      method: outgoing?.method ?? 'GET',
      dispatcher: agent,
      signal,
      headers: { ...outgoing?.headers, 'user-agent': 'Quire' },
      ...(outgoing ? { body: outgoing.body } : {}),
    });
  } catch (error) {
    throw failureOf(error, signal, timeoutMs);
  }
}

async function readLimited(
  response: Awaited<ReturnType<typeof request>>,
  limits: OutboundFetchLimits,
  signal: AbortSignal,
  onPart?: (part: Uint8Array) => void,
): Promise<Uint8Array> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    discard(response.body);
    throw tooLarge(limits.maxBytes);
  }
  const parts: Buffer[] = [];
  let received = 0;
  try {
    for await (const part of response.body) {
      received += (part as Buffer).byteLength;
      if (received > limits.maxBytes) {
        discard(response.body);
        throw tooLarge(limits.maxBytes);
      }
      parts.push(part as Buffer);
      onPart?.(part as Buffer);
    }
  } catch (error) {
    throw failureOf(error, signal, limits.timeoutMs);
  }
  return new Uint8Array(Buffer.concat(parts, received));
}

/** Drops a body not read (a redirect's, an error page's, one too large) and its abort error. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

const tooLarge = (maxBytes: number) =>
  new OutboundFetchError('too-large', `The file at the URL is larger than ${maxBytes} bytes`);

/** What a failed request or body read means, in the caller's terms. */
function failureOf(error: unknown, signal: AbortSignal, timeoutMs: number): OutboundFetchError {
  if (error instanceof OutboundFetchError) return error;
  if (signal.aborted)
    return new OutboundFetchError('timeout', `The URL did not answer within ${timeoutMs} ms`);
  if (causesOf(error).some((cause) => cause instanceof RefusedAddressError)) return privateAddress();
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError)
    return new OutboundFetchError('timeout', `The URL did not answer within ${timeoutMs} ms`);
  return new OutboundFetchError('unreachable', 'The URL could not be reached');
}
