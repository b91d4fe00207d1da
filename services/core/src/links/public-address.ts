import { BlockList, isIP } from 'node:net';

/**
 * Addresses a link check must never reach (IANA's special-purpose registries): private, loopback, link-local,
 * unique-local, CGNAT, multicast, unspecified, documentation, benchmarking, reserved, and the IPv6 ranges that
 * embed an IPv4 address another host would translate (NAT64, 6to4, Teredo). Node's BlockList also matches an
 * IPv4-mapped IPv6 address (::ffff:10.0.0.1) against the IPv4 ranges.
 */
const NOT_PUBLIC: readonly [network: string, prefix: number, type: 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  // IPv4-compatible (deprecated) addresses, the unspecified :: and the loopback ::1.
  ['::', 96, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const notPublic = new BlockList();
for (const [network, prefix, type] of NOT_PUBLIC) notPublic.addSubnet(network, prefix, type);

/** True for an IP address on the public internet; false for the ranges above and for anything that is not an address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
