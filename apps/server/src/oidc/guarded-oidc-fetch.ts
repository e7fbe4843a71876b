/**
 * The fetch openid-client calls the provider with (discovery, keys, token, userinfo),
 * following Quire's outbound rules (`outbound/fetch-public-url.ts`): http and https only, no
 * credentials in URLs, and public addresses only (checked on the address connected to, by
 * `guardedLookup`, and on IP literals before), except for the hosts the instance allows
 * (`QUIRE_FETCH_ALLOW_HOSTS`, as for every outbound fetch: a provider on the private network
 * must be listed there). An answer is read here, whole, up to `MAX_BYTES` as decoded (undici's
 * fetch inflates gzip and brotli: a Content-Length counts the compressed bytes, and an answer
 * may have none), and handed to openid-client as a Response of those bytes; past the limit it
 * is refused and the connection dropped, whatever was declared.
 * A redirect is handed back, never followed, whatever the caller asks (openid-client asks for
 * none): undici would follow it to an IP literal without the lookup that checks addresses.
 */
import { isIP } from 'node:net';
import type { CustomFetch } from 'openid-client';
import { Agent, fetch as undiciFetch } from 'undici';
import { guardedLookup } from '../outbound/guarded-lookup';
import { addressRefusal } from '../outbound/refused-address';

/** Larger than any discovery document, key set or token answer. */
const MAX_BYTES = 1024 * 1024;

export class RefusedOidcUrl extends Error {
  override readonly name = 'RefusedOidcUrl';
}

const hostOf = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');

export function guardedOidcFetch(allowHosts: readonly string[]): CustomFetch {
  const allowed = new Set(allowHosts.map(hostOf));
  const agent = new Agent({ connect: { lookup: guardedLookup(allowed) } });
  return async (url, options) => {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new RefusedOidcUrl('Only http and https URLs can be fetched');
    if (target.username !== '' || target.password !== '')
      throw new RefusedOidcUrl('URLs with credentials cannot be fetched');
    const host = hostOf(target.hostname);
    if (isIP(host) !== 0 && !allowed.has(host) && addressRefusal(host) !== null)
      throw new RefusedOidcUrl('The URL points to a private, local or reserved address');
    const response = await undiciFetch(url, {
      method: options.method,
      headers: options.headers,
      body: options.body as string | undefined,
      redirect: 'manual',
      signal: options.signal,
      dispatcher: agent,
    });
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > MAX_BYTES) {
      await response.body?.cancel();
      throw tooLarge();
    }
    const bytes = await cappedBytes(response.body);
    const headers = new Headers(response.headers as unknown as Headers);
    // The bytes are decoded already: the headers must not say otherwise.
    headers.delete('content-encoding');
    headers.delete('content-length');
    const nullBody = NULL_BODY_STATUSES.has(response.status);
    // Node's Response, whose tag openid-client checks.
    return new Response(nullBody ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/** Statuses a Response may not have a body with. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

const tooLarge = () => new RefusedOidcUrl(`The provider answered more than ${MAX_BYTES} bytes`);

/** A body read up to MAX_BYTES (decoded); past it, the reading stops (the stream is cancelled) and is refused. */
async function cappedBytes(body: AsyncIterable<Uint8Array> | null): Promise<Uint8Array<ArrayBuffer>> {
  if (body === null) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let received = 0;
  for await (const part of body) {
    received += part.byteLength;
    if (received > MAX_BYTES) throw tooLarge(); // leaving the loop cancels the stream
    parts.push(part);
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}
