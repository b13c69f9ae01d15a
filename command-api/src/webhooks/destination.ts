/**
 * SSRF: webhooks go only to public addresses. An address is parsed and matched by ipaddr.js against
 * IANA's IPv4 and IPv6 Special-Purpose Address Registries, every block of them refused (private,
 * loopback, link-local, shared, documentation, benchmarking, translation, anycast, reserved…), and
 * against the address spaces: IPv4 multicast, and every IPv6 address outside 2000::/3, the only
 * global unicast space (so the IPv4-compatible ::/96, the deprecated site-local fec0::/10 and
 * multicast are refused too). An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4
 * address it carries, which is what a socket to it reaches; every other IPv6 form that carries an
 * IPv4 address (NAT64, 6to4, Teredo, IPv4-compatible) is refused whatever it carries.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A block of a registry: its CIDR, its name there, and the RFC that assigned it. */
export interface SpecialBlock {
  cidr: string;
  name: string;
  rfc: string;
}

/** IANA IPv4 Special-Purpose Address Registry (iana-ipv4-special-registry), with IPv4 multicast. */
export const ipv4SpecialBlocks: readonly SpecialBlock[] = [
  { cidr: '0.0.0.0/8', name: '"This network"', rfc: 'RFC 791' },
  { cidr: '0.0.0.0/32', name: '"This host on this network"', rfc: 'RFC 1122' },
  { cidr: '10.0.0.0/8', name: 'Private-Use', rfc: 'RFC 1918' },
  { cidr: '100.64.0.0/10', name: 'Shared Address Space', rfc: 'RFC 6598' },
  { cidr: '127.0.0.0/8', name: 'Loopback', rfc: 'RFC 1122' },
  { cidr: '169.254.0.0/16', name: 'Link Local', rfc: 'RFC 3927' },
  { cidr: '172.16.0.0/12', name: 'Private-Use', rfc: 'RFC 1918' },
  { cidr: '192.0.0.0/24', name: 'IETF Protocol Assignments', rfc: 'RFC 6890' },
  { cidr: '192.0.0.0/29', name: 'IPv4 Service Continuity Prefix', rfc: 'RFC 7335' },
  { cidr: '192.0.0.8/32', name: 'IPv4 dummy address', rfc: 'RFC 7600' },
  { cidr: '192.0.0.9/32', name: 'Port Control Protocol Anycast', rfc: 'RFC 7723' },
  { cidr: '192.0.0.10/32', name: 'Traversal Using Relays around NAT Anycast', rfc: 'RFC 8155' },
  { cidr: '192.0.0.170/32', name: 'NAT64/DNS64 Discovery', rfc: 'RFC 8880' },
  { cidr: '192.0.0.171/32', name: 'NAT64/DNS64 Discovery', rfc: 'RFC 8880' },
  { cidr: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', rfc: 'RFC 5737' },
  { cidr: '192.31.196.0/24', name: 'AS112-v4', rfc: 'RFC 7535' },
  { cidr: '192.52.193.0/24', name: 'AMT', rfc: 'RFC 7450' },
  { cidr: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', rfc: 'RFC 7526' },
  { cidr: '192.88.99.2/32', name: '6a44-relay anycast address', rfc: 'RFC 6751' },
  { cidr: '192.168.0.0/16', name: 'Private-Use', rfc: 'RFC 1918' },
  { cidr: '192.175.48.0/24', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534' },
  { cidr: '198.18.0.0/15', name: 'Benchmarking', rfc: 'RFC 2544' },
  { cidr: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', rfc: 'RFC 5737' },
  { cidr: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', rfc: 'RFC 5737' },
  { cidr: '240.0.0.0/4', name: 'Reserved', rfc: 'RFC 1112' },
  { cidr: '255.255.255.255/32', name: 'Limited Broadcast', rfc: 'RFC 919' },
  // IANA IPv4 Multicast Address Space Registry: no unicast destination.
  { cidr: '224.0.0.0/4', name: 'Multicast', rfc: 'RFC 5771' },
];

/** IANA IPv6 Special-Purpose Address Registry (iana-ipv6-special-registry), with IPv6 multicast and the deprecated site-local block. */
export const ipv6SpecialBlocks: readonly SpecialBlock[] = [
  { cidr: '::1/128', name: 'Loopback Address', rfc: 'RFC 4291' },
  { cidr: '::/128', name: 'Unspecified Address', rfc: 'RFC 4291' },
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped Address', rfc: 'RFC 4291' },
  { cidr: '64:ff9b::/96', name: 'IPv4-IPv6 Translat.', rfc: 'RFC 6052' },
  { cidr: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translat.', rfc: 'RFC 8215' },
  { cidr: '100::/64', name: 'Discard-Only Address Block', rfc: 'RFC 6666' },
  { cidr: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', rfc: 'RFC 9780' },
  { cidr: '2001::/23', name: 'IETF Protocol Assignments', rfc: 'RFC 2928' },
  { cidr: '2001::/32', name: 'TEREDO', rfc: 'RFC 4380' },
  { cidr: '2001:1::1/128', name: 'Port Control Protocol Anycast', rfc: 'RFC 7723' },
  { cidr: '2001:1::2/128', name: 'Traversal Using Relays around NAT Anycast', rfc: 'RFC 8155' },
  { cidr: '2001:1::3/128', name: 'DNS-SD Service Registration Protocol Anycast', rfc: 'RFC 9665' },
  { cidr: '2001:2::/48', name: 'Benchmarking', rfc: 'RFC 5180' },
  { cidr: '2001:3::/32', name: 'AMT', rfc: 'RFC 7450' },
  { cidr: '2001:4:112::/48', name: 'AS112-v6', rfc: 'RFC 7535' },
  { cidr: '2001:10::/28', name: 'Deprecated (previously ORCHID)', rfc: 'RFC 4843' },
  { cidr: '2001:20::/28', name: 'ORCHIDv2', rfc: 'RFC 7343' },
  { cidr: '2001:30::/28', name: 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', rfc: 'RFC 9374' },
  { cidr: '2001:db8::/32', name: 'Documentation', rfc: 'RFC 3849' },
  { cidr: '2002::/16', name: '6to4', rfc: 'RFC 3056' },
  { cidr: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534' },
  { cidr: '3fff::/20', name: 'Documentation', rfc: 'RFC 9637' },
  { cidr: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', rfc: 'RFC 9602' },
  { cidr: 'fc00::/7', name: 'Unique-Local', rfc: 'RFC 4193' },
  { cidr: 'fe80::/10', name: 'Link-Local Unicast', rfc: 'RFC 4291' },
  // IANA IPv6 Address Space: deprecated site-local, and multicast.
  { cidr: 'fec0::/10', name: 'Site-Local (deprecated)', rfc: 'RFC 3879' },
  { cidr: 'ff00::/8', name: 'Multicast', rfc: 'RFC 4291' },
];

/** The one global unicast space of IPv6 (IANA IPv6 Address Space): every address outside it is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const OUTSIDE_GLOBAL_UNICAST: SpecialBlock = { cidr: '2000::/3', name: 'outside the global unicast space', rfc: 'RFC 4291' };

const parsed = (blocks: readonly SpecialBlock[]) => blocks.map((block) => ({ block, range: ipaddr.parseCIDR(block.cidr) }));
const v4 = parsed(ipv4SpecialBlocks);
const v6 = parsed(ipv6SpecialBlocks.filter((b) => b.cidr !== '::ffff:0:0/96'));

/**
 * An IP address as text: brackets and an IPv6 zone (`%eth0`) dropped; null when it is no address.
 * An IPv6 address is first written as the URL standard writes it, in hexadecimal only: ipaddr.js
 * reads a dotted IPv4 tail after `::` as IPv4-mapped (`::8.8.8.8` as `::ffff:8.8.8.8`), which it is not.
 */
function addressOf(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const raw = (ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip).replace(/%.*$/, '');
  const family = isIP(raw);
  if (family === 0) return null;
  const text = family === 6 ? new URL(`http://[${raw}]/`).hostname.slice(1, -1) : raw;
  return ipaddr.isValid(text) ? ipaddr.parse(text) : null;
}

/**
 * Why an address is no webhook destination: the special-purpose block it is in (an IPv4-mapped one
 * judged by its IPv4 address), `outside the global unicast space` for any other IPv6 address outside
 * 2000::/3, or null when it is a public address. Text that is no IP address is refused too.
 */
export function specialPurposeBlock(ip: string): SpecialBlock | null {
  const address = addressOf(ip);
  if (!address) return { cidr: ip, name: 'not an IP address', rfc: '' };
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    return specialPurposeBlock((address as ipaddr.IPv6).toIPv4Address().toString());
  const table = address.kind() === 'ipv4' ? v4 : v6;
  const found = table.find(({ range }) => range[0].kind() === address.kind() && address.match(range));
  if (found) return found.block;
  if (address.kind() === 'ipv6' && !address.match(GLOBAL_UNICAST_V6)) return OUTSIDE_GLOBAL_UNICAST;
  return null;
}

/** True for an address webhooks may be sent to (a public unicast address). */
export function isPublicAddress(ip: string): boolean {
  return specialPurposeBlock(ip) === null;
}

/** `10.0.0.0/8, Private-Use`: where a refused address is, for its message. */
export const blockText = (block: SpecialBlock) => (block.rfc ? `${block.name}, ${block.cidr}` : block.name);

/**
 * A URL's host when it is an IP address (IPv6 without its brackets), else null. The URL parser
 * has already written other spellings (2130706433, 0x7f.1) as dotted decimals.
 */
export function literalIp(hostname: string): string | null {
  const text = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(text) ? text : null;
}

/** The destination's address is not public (and private destinations are not allowed). */
export class PrivateDestination extends Error {
  constructor(readonly address: string) {
    super('destination is a private address');
    this.name = 'PrivateDestination';
  }
}

/**
 * A `lookup` for http(s) agents: resolves the host, refuses it when any address it resolves to is
 * not public, and hands the socket the address it checked, so a second resolution (DNS rebinding)
 * cannot slip in another one.
 */
export function checkedLookup(allowPrivate: boolean, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses;
      const refused = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (refused) return callback(new PrivateDestination(refused.address), '', 0);
      if (list.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
