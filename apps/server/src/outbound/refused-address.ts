/**
 * Which network addresses an outbound fetch may not connect to: everything that reaches the
 * server itself, its private network or its cloud's metadata service rather than the public
 * internet. One table, checked in order; the first range that holds the address names why.
 * IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`) are checked as the IPv4 address they carry
 * (Node's BlockList does so for IPv4 ranges).
 */
import { BlockList, isIP } from 'node:net';

type Family = 'ipv4' | 'ipv6';

/** Why an address is refused. */
export type AddressRefusal =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared' // carrier-grade NAT, where some clouds put their metadata services
  | 'link-local'
  | 'metadata'
  | 'multicast'
  | 'reserved'
  | 'not-an-address';

const REFUSED_RANGES: readonly { network: string; prefix: number; family: Family; why: AddressRefusal }[] = [
  // 1. "This network" and the unspecified addresses.
  { network: '0.0.0.0', prefix: 8, family: 'ipv4', why: 'unspecified' },
  { network: '::', prefix: 128, family: 'ipv6', why: 'unspecified' },
  // 2. Loopback.
  { network: '127.0.0.0', prefix: 8, family: 'ipv4', why: 'loopback' },
  { network: '::1', prefix: 128, family: 'ipv6', why: 'loopback' },
  // 3. Private networks (RFC 1918) and unique local IPv6 (fc00::/7), where AWS's IPv6
  //    metadata service (fd00:ec2::254) also lives; site-local IPv6, deprecated but routable.
  { network: '10.0.0.0', prefix: 8, family: 'ipv4', why: 'private' },
  { network: '172.16.0.0', prefix: 12, family: 'ipv4', why: 'private' },
  { network: '192.168.0.0', prefix: 16, family: 'ipv4', why: 'private' },
  { network: 'fc00::', prefix: 7, family: 'ipv6', why: 'private' },
  { network: 'fec0::', prefix: 10, family: 'ipv6', why: 'private' },
  // 4. Carrier-grade NAT (100.64/10; Alibaba's metadata service is 100.100.100.200).
  { network: '100.64.0.0', prefix: 10, family: 'ipv4', why: 'shared' },
  // 5. Link-local (169.254/16 holds the AWS, GCP and Azure metadata service 169.254.169.254).
  { network: '169.254.0.0', prefix: 16, family: 'ipv4', why: 'link-local' },
  { network: 'fe80::', prefix: 10, family: 'ipv6', why: 'link-local' },
  // 6. IETF protocol assignments (Oracle Cloud's metadata service is 192.0.0.192).
  { network: '192.0.0.0', prefix: 24, family: 'ipv4', why: 'metadata' },
  // 7. Multicast.
  { network: '224.0.0.0', prefix: 4, family: 'ipv4', why: 'multicast' },
  { network: 'ff00::', prefix: 8, family: 'ipv6', why: 'multicast' },
  // 8. Reserved (240/4, broadcast included), benchmarking, and IPv6's discard prefix.
  { network: '240.0.0.0', prefix: 4, family: 'ipv4', why: 'reserved' },
  { network: '198.18.0.0', prefix: 15, family: 'ipv4', why: 'reserved' },
  { network: '100::', prefix: 64, family: 'ipv6', why: 'reserved' },
];

const RANGE_LISTS = REFUSED_RANGES.map(({ network, prefix, family, why }) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, why };
});

/**
 * Why `address` (an IP address as resolved, without brackets) may not be connected to, or
 * null when it is a public address. Anything that is not an IP address is refused.
 */
export function addressRefusal(address: string): AddressRefusal | null {
  const version = isIP(address);
  if (version === 0) return 'not-an-address';
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  for (const { list, why } of RANGE_LISTS) if (list.check(address, family)) return why;
  return null;
}
