/**
 * Which network addresses an outbound fetch may not connect to: everything that reaches the
 * server itself, its private network or its cloud's metadata service rather than the public
 * internet. One table, checked in order; the first range that holds the address names why.
 * IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`) are checked as the IPv4 address they carry
 * (Node's BlockList does so for IPv4 ranges); the other IPv6 forms that carry an IPv4 address
 * (NAT64, 6to4, Teredo, IPv4-compatible) are refused whole, since the address they reach is
 * the gateway's to decide. Last, the addresses of the server's own network interfaces: a
 * public address of the host itself reaches whatever listens there (Quire included).
 */
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

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
  | 'embedded-ipv4'
  | 'own-address'
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
  // 9. Documentation (RFC 5737, RFC 3849): never a public server's.
  { network: '192.0.2.0', prefix: 24, family: 'ipv4', why: 'reserved' },
  { network: '198.51.100.0', prefix: 24, family: 'ipv4', why: 'reserved' },
  { network: '203.0.113.0', prefix: 24, family: 'ipv4', why: 'reserved' },
  { network: '2001:db8::', prefix: 32, family: 'ipv6', why: 'reserved' },
  // 10. IPv6 that carries an IPv4 address: NAT64 (well-known and local-use), 6to4, Teredo,
  //     and the deprecated IPv4-compatible form (`::10.0.0.1`).
  { network: '64:ff9b::', prefix: 96, family: 'ipv6', why: 'embedded-ipv4' },
  { network: '64:ff9b:1::', prefix: 48, family: 'ipv6', why: 'embedded-ipv4' },
  { network: '2002::', prefix: 16, family: 'ipv6', why: 'embedded-ipv4' },
  { network: '2001::', prefix: 32, family: 'ipv6', why: 'embedded-ipv4' },
  { network: '::', prefix: 96, family: 'ipv6', why: 'embedded-ipv4' },
];

const RANGE_LISTS = REFUSED_RANGES.map(({ network, prefix, family, why }) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, why };
});

/** How long the list of the host's own addresses is kept before it is read again. */
const OWN_ADDRESSES_TTL_MS = 60_000;
let ownAddresses: { list: BlockList; readAt: number } | undefined;

/** The addresses of this host's network interfaces (read again once a minute: they change). */
function ownAddressList(now: number): BlockList {
  if (ownAddresses === undefined || now - ownAddresses.readAt > OWN_ADDRESSES_TTL_MS) {
    const list = new BlockList();
    for (const addresses of Object.values(networkInterfaces()))
      for (const { address, family } of addresses ?? [])
        list.addAddress(address.split('%')[0]!, family === 'IPv4' ? 'ipv4' : 'ipv6');
    ownAddresses = { list, readAt: now };
  }
  return ownAddresses.list;
}

/**
 * Why `address` (an IP address as resolved, without brackets) may not be connected to, or
 * null when it is a public address. Anything that is not an IP address is refused.
 */
export function addressRefusal(address: string): AddressRefusal | null {
  const version = isIP(address);
  if (version === 0) return 'not-an-address';
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  for (const { list, why } of RANGE_LISTS) if (list.check(address, family)) return why;
  if (ownAddressList(Date.now()).check(address, family)) return 'own-address';
  return null;
}
