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

/** A lookup refusing non-public answers, except for the names in `allowHosts`. */
export function guardedLookup(allowHosts: ReadonlySet<string>): LookupFunction {
  return (hostname, options, callback) => {
    const all: LookupAllOptions = { ...options, all: true };
    lookup(hostname, all, (error, addresses: LookupAddress[]) => {
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
