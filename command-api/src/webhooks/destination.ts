/**
 * SSRF: webhooks go only to public addresses. An address is classified by ipaddr.js; an
 * IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries. Only the
 * global unicast ranges pass: private, loopback, link-local, unique-local, carrier-grade NAT,
 * multicast, broadcast, unspecified, reserved and the IPv6 ranges that embed an IPv4 address
 * (NAT64, 6to4, Teredo) are refused.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The range ipaddr.js names for an IP address, or null when the text is not one. */
export function ipRange(ip: string): string | null {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(text)) return null;
  return ipaddr.process(text).range();
}

/** True for an address webhooks may be sent to (a public unicast address). */
export function isPublicAddress(ip: string): boolean {
  return ipRange(ip) === 'unicast';
}

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
