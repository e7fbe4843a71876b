import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { type AddressRefusal, addressRefusal } from '../../src/outbound/refused-address';

const CASES: [address: string, expected: AddressRefusal | null][] = [
  // Public addresses pass.
  ['8.8.8.8', null],
  ['1.1.1.1', null],
  ['93.184.216.34', null],
  ['2606:4700:4700::1111', null],
  ['2001:4860:4860::8888', null],
  ['::ffff:8.8.8.8', null],
  // 1. unspecified and "this network"
  ['0.0.0.0', 'unspecified'],
  ['0.255.255.255', 'unspecified'],
  ['::', 'unspecified'],
  ['0:0:0:0:0:0:0:0', 'unspecified'],
  // 2. loopback
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  // 3. private, edges included
  ['10.0.0.0', 'private'],
  ['10.255.255.255', 'private'],
  ['11.0.0.0', null],
  ['172.15.255.255', null],
  ['172.16.0.0', 'private'],
  ['172.31.255.255', 'private'],
  ['172.32.0.0', null],
  ['192.168.0.1', 'private'],
  ['192.169.0.1', null],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:192.168.1.1', 'private'],
  ['fc00::1', 'private'],
  ['fd00:ec2::254', 'private'],
  ['fdff:ffff::1', 'private'],
  ['fe00::1', null],
  ['fec0::1', 'private'],
  // 4. carrier-grade NAT
  ['100.63.255.255', null],
  ['100.64.0.0', 'shared'],
  ['100.100.100.200', 'shared'],
  ['100.127.255.255', 'shared'],
  ['100.128.0.0', null],
  // 5. link-local and the usual metadata service
  ['169.254.169.254', 'link-local'],
  ['169.254.0.0', 'link-local'],
  ['169.255.0.0', null],
  ['::ffff:169.254.169.254', 'link-local'],
  ['fe80::1', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  // 6. IETF protocol assignments (Oracle's metadata service)
  ['192.0.0.192', 'metadata'],
  ['192.0.1.1', null],
  // 7. multicast
  ['224.0.0.1', 'multicast'],
  ['239.255.255.255', 'multicast'],
  ['ff02::1', 'multicast'],
  ['::ffff:224.0.0.1', 'multicast'],
  // 8. reserved
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['198.20.0.1', null],
  ['100::1', 'reserved'],
  // 9. documentation ranges
  ['192.0.2.2', 'reserved'],
  ['198.51.100.7', 'reserved'],
  ['203.0.113.255', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['203.0.114.0', null],
  // 10. IPv6 carrying an IPv4 address
  ['64:ff9b::7f00:1', 'embedded-ipv4'],
  ['64:ff9b::a9fe:a9fe', 'embedded-ipv4'],
  ['64:ff9b:1::a00:1', 'embedded-ipv4'],
  ['2002:7f00:1::1', 'embedded-ipv4'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'embedded-ipv4'],
  ['::127.0.0.1', 'embedded-ipv4'],
  ['::10.0.0.1', 'embedded-ipv4'],
  ['::8.8.8.8', 'embedded-ipv4'],
  // Not an address at all.
  ['localhost', 'not-an-address'],
  ['[::1]', 'not-an-address'],
  ['', 'not-an-address'],
];

describe('addressRefusal', () => {
  it.each(CASES)('%s → %s', (address, expected) => {
    expect(addressRefusal(address)).toBe(expected);
  });

  it("refuses every address of the host's own network interfaces, whatever its range", () => {
    const own = Object.values(networkInterfaces())
      .flat()
      .map((entry) => entry?.address.split('%')[0])
      .filter((address): address is string => address !== undefined);
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) expect(addressRefusal(address), address).not.toBeNull();
  });
});
