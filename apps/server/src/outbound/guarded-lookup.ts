/**
 * The DNS lookup an outbound connection uses: Node's own, whose answers are checked before
 * the socket connects, so the address checked is the address connected to (no window for a
 * DNS answer to change between a check and the connection). Addresses that are refused
 * are dropped; when none is left, the connection fails with `RefusedAddressError`.
 */
import { type LookupAddress, type LookupAllOptions, lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { addressRefusal } from './refused-address';

/** Every address the name resolved to is refused; caught by `fetchPublicUrl`. */
export class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';
}

/** How names are resolved: Node's `dns.lookup` asked for every address. */
export type ResolveAll = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A lookup refusing non-public answers, except for the names in `allowHosts`. `resolve` is
 * Node's resolver; a test gives the answers a DNS server would (a public name resolving to
 * a private address, a mix of both).
 */
export function guardedLookup(allowHosts: ReadonlySet<string>, resolve: ResolveAll = lookup): LookupFunction {
  return (hostname, options, callback) => {
    const all: LookupAllOptions = { ...options, all: true };
    resolve(hostname, all, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '');
      const usable = allowHosts.has(hostname.toLowerCase())
        ? addresses
        : addresses.filter(({ address }) => addressRefusal(address) === null);
      const [first] = usable;
      if (!first) return callback(new RefusedAddressError('refused address'), '');
      // Node asks for every address when it races families (autoSelectFamily), else for one.
      if (options.all) return callback(null, usable);
      callback(null, first.address, first.family);
    });
  };
}
