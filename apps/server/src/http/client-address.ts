/**
 * The client's address of a raw Node request, as Fastify's `request.ip` gives it under the same
 * `trustProxy` (QUIRE_TRUST_PROXY): for what Fastify never sees as a request, a WebSocket's
 * upgrade. Without trust, the socket's peer. With it, `X-Forwarded-For` is walked from the
 * nearest hop: each address a trusted proxy reports is taken while the one reporting is trusted,
 * so the first untrusted address (or the farthest reported) is the client's (`proxy-addr`'s rule,
 * which Fastify uses; `client-address.test.ts` checks both agree). Behind a reverse proxy, the
 * co-editing socket caps per address would otherwise count every person as the proxy.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

export type ClientAddressOf = (incoming: IncomingMessage) => string;

/** `proxy-addr`'s names for ranges, which Fastify's `trustProxy` also takes. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function trustedRanges(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries.flatMap((entry) => NAMED_RANGES[entry] ?? [entry])) {
    const [network = '', prefix] = entry.split('/');
    const family = isIP(network) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(network) === 0) continue;
    if (prefix === undefined) list.addAddress(network, family);
    else list.addSubnet(network, Number(prefix), family);
  }
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 6 ? 'ipv6' : 'ipv4');
  };
}

export function clientAddressOf(trustProxy: boolean | readonly string[]): ClientAddressOf {
  const peer = (incoming: IncomingMessage) => incoming.socket.remoteAddress ?? '';
  if (trustProxy === false) return peer;
  const trusted = trustProxy === true ? () => true : trustedRanges(trustProxy);
  return (incoming) => {
    let address = peer(incoming);
    const header = incoming.headers['x-forwarded-for'];
    const reported = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
    for (let hop = reported.length - 1; hop >= 0; hop--) {
      const next = reported[hop]!.trim();
      if (next === '' || !trusted(address)) break;
      address = next;
    }
    return address;
  };
}
