/**
 * The fetch openid-client calls the provider with (discovery, keys, token, userinfo),
 * following Quire's outbound rules (`outbound/fetch-public-url.ts`): http and https only, no
 * credentials in URLs, and public addresses only (checked on the address connected to, by
 * `guardedLookup`, and on IP literals before), except for the hosts the instance allows
 * (`QUIRE_FETCH_ALLOW_HOSTS`, as for every outbound fetch: a provider on the private network
 * must be listed there). Answers larger than `MAX_BYTES` by their Content-Length are refused.
 * Redirects are openid-client's to follow or not (it asks for none).
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
      redirect: options.redirect,
      signal: options.signal,
      dispatcher: agent,
    });
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > MAX_BYTES) {
      await response.body?.cancel();
      throw new RefusedOidcUrl(`The provider answered more than ${MAX_BYTES} bytes`);
    }
    // undici's Response is the one Node's fetch returns; openid-client checks it by its tag.
    return response as unknown as Response;
  };
}
