import type { LookupAddress } from 'node:dns';
import { BlockList, isIPv4 } from 'node:net';
import fc from 'fast-check';
import { checkedLookup, ipv4SpecialBlocks, ipv6SpecialBlocks, isPublicAddress, literalIp, PrivateDestination, specialPurposeBlock } from './destination';

/**
 * IANA's IPv4 and IPv6 Special-Purpose Address Registries as published (every entry's address
 * block), with the address-space blocks that are no unicast destination: IPv4 multicast, IPv6
 * multicast and the deprecated site-local block. The reference the destination check is held to.
 */
const registryV4 = [
  '0.0.0.0/8',
  '0.0.0.0/32',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.0.0/29',
  '192.0.0.8/32',
  '192.0.0.9/32',
  '192.0.0.10/32',
  '192.0.0.170/32',
  '192.0.0.171/32',
  '192.0.2.0/24',
  '192.31.196.0/24',
  '192.52.193.0/24',
  '192.88.99.0/24',
  '192.88.99.2/32',
  '192.168.0.0/16',
  '192.175.48.0/24',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '240.0.0.0/4',
  '255.255.255.255/32',
  '224.0.0.0/4',
];
const registryV6 = [
  '::1/128',
  '::/128',
  '::ffff:0:0/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '100:0:0:1::/64',
  '2001::/23',
  '2001::/32',
  '2001:1::1/128',
  '2001:1::2/128',
  '2001:1::3/128',
  '2001:2::/48',
  '2001:3::/32',
  '2001:4:112::/48',
  '2001:10::/28',
  '2001:20::/28',
  '2001:30::/28',
  '2001:db8::/32',
  '2002::/16',
  '2620:4f:8000::/48',
  '3fff::/20',
  '5f00::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
];

/**
 * The rule, by another implementation (Node's BlockList, which judges an IPv4-mapped address by its
 * IPv4 rules): public when in no block of the registries and, for IPv6, inside 2000::/3.
 */
const special = new BlockList();
for (const cidr of [...registryV4, ...registryV6].filter((c) => c !== '::ffff:0:0/96')) {
  const [network, prefix] = cidr.split('/');
  special.addSubnet(network!, Number(prefix), isIPv4(network!) ? 'ipv4' : 'ipv6');
}
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
globalUnicast.addSubnet('0.0.0.0', 0, 'ipv4');
const mappedV4 = (ip: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
const referencePublic = (ip: string): boolean => {
  const family = isIPv4(ip) ? 'ipv4' : 'ipv6';
  if (mappedV4(ip)) return !special.check(mappedV4(ip)!, 'ipv4');
  return !special.check(ip, family) && globalUnicast.check(ip, family);
};

/** The first and last addresses of a block, and those just outside it. */
const BIG = (ip: string) =>
  isIPv4(ip)
    ? ip.split('.').reduce((n, o) => (n << 8n) + BigInt(o), 0n)
    : expand(ip)
        .split(':')
        .reduce((n, h) => (n << 16n) + BigInt(`0x${h}`), 0n);
const expand = (ip: string) => {
  const [head, tail = ''] = ip.split('::');
  const parts = (s: string) => (s === '' ? [] : s.split(':'));
  const h = parts(head!);
  const t = parts(tail);
  return (ip.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h).join(':');
};
const text = (n: bigint, v4: boolean) =>
  v4
    ? [24n, 16n, 8n, 0n].map((s) => String((n >> s) & 255n)).join('.')
    : Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');
const edges = (cidr: string) => {
  const [network, prefix] = cidr.split('/');
  const v4 = isIPv4(network!);
  const bits = v4 ? 32n : 128n;
  const first = BIG(network!);
  const last = first + (1n << (bits - BigInt(prefix!))) - 1n;
  const max = (1n << bits) - 1n;
  return { first: text(first, v4), last: text(last, v4), before: first > 0n ? text(first - 1n, v4) : null, after: last < max ? text(last + 1n, v4) : null };
};

describe('webhook destinations', () => {
  it('know every block of IANA\u2019s special-purpose registries', () => {
    expect(ipv4SpecialBlocks.map((b) => b.cidr).sort()).toEqual([...registryV4].sort());
    expect(ipv6SpecialBlocks.map((b) => b.cidr).sort()).toEqual([...registryV6].sort());
  });

  it('refuse the first and the last address of every block, and judge the addresses just outside it as the rule does', () => {
    for (const cidr of [...registryV4, ...registryV6]) {
      const { first, last, before, after } = edges(cidr);
      if (cidr === '::ffff:0:0/96') {
        // Written as IPv4-mapped, an address is the IPv4 address it carries: 0.0.0.0 and 255.255.255.255.
        expect([cidr, isPublicAddress(`::ffff:${edges('0.0.0.0/32').first}`), isPublicAddress('::ffff:255.255.255.255')]).toEqual([cidr, false, false]);
        continue;
      }
      expect([cidr, first, isPublicAddress(first)]).toEqual([cidr, first, false]);
      expect([cidr, last, isPublicAddress(last)]).toEqual([cidr, last, false]);
      for (const outside of [before, after]) if (outside) expect([cidr, outside, isPublicAddress(outside)]).toEqual([cidr, outside, referencePublic(outside)]);
    }
  });

  it('refuse every IPv6 form that carries an IPv4 address of a special-purpose block, and the translation forms whatever they carry', () => {
    for (const cidr of registryV4) {
      const { first, last } = edges(cidr);
      for (const v4 of [first, last]) {
        const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
        const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        for (const form of [
          `::ffff:${v4}`,
          `::ffff:${hex}`,
          `::${v4}`,
          `::${hex}`,
          `64:ff9b::${v4}`,
          `64:ff9b:1::${hex}`,
          `2002:${hex}::1`,
          `2001:0:${hex}::1`,
          `::ffff:0:${v4}`,
        ])
          expect([form, isPublicAddress(form)]).toEqual([form, false]);
      }
    }
    // Carrying a public IPv4 address: only the IPv4-mapped form reaches it as itself; the others are special-purpose blocks.
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    for (const form of ['::8.8.8.8', '::808:808', '64:ff9b::8.8.8.8', '64:ff9b:1::808:808', '2002:808:808::1', '2001:0:808:808::1', '::ffff:0:8.8.8.8'])
      expect([form, isPublicAddress(form)]).toEqual([form, false]);
  });

  it('refuse what the issue found classed public: ::/96, 64:ff9b:1::/48, fec0::/10, 100::/64', () => {
    for (const ip of ['::127.0.0.1', '::7f00:1', '::10.0.0.1', '64:ff9b:1::1', '64:ff9b:1::a00:1', 'fec0::1', 'feff::1', '100::1', '100::ffff:ffff:ffff:ffff'])
      expect([ip, isPublicAddress(ip), specialPurposeBlock(ip)?.cidr]).toEqual([ip, false, expect.any(String)]);
    expect(specialPurposeBlock('::7f00:1')).toMatchObject({ cidr: '2000::/3', name: 'outside the global unicast space' });
    expect(specialPurposeBlock('fec0::1')).toMatchObject({ cidr: 'fec0::/10' });
    expect(specialPurposeBlock('[64:ff9b:1::1]')).toMatchObject({ cidr: '64:ff9b:1::/48' });
  });

  it('are public unicast addresses only', () => {
    for (const ip of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001::200e'])
      expect([ip, isPublicAddress(ip)]).toEqual([ip, true]);
    for (const ip of ['fe80::1%eth0', 'not-an-ip', '', '1.2.3', '::ffff:10.0.0.1', '169.254.169.254', '[::1]'])
      expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
  });

  it('judge every generated address as the registries do (property)', () => {
    const inGlobalUnicast = fc
      .tuple(fc.integer({ min: 0x2000, max: 0x3fff }), fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 7, maxLength: 7 }))
      .map(([first, rest]) => [first, ...rest].map((h) => h.toString(16)).join(':'));
    const nearBlocks = fc
      .tuple(fc.constantFrom(...registryV4, ...registryV6.filter((c) => c !== '::ffff:0:0/96')), fc.bigInt({ min: -2n, max: 1n << 20n }))
      .map(([cidr, offset]) => {
        const [network] = cidr.split('/');
        const v4 = isIPv4(network!);
        const n = BIG(network!) + offset;
        const max = (1n << (v4 ? 32n : 128n)) - 1n;
        return text(n < 0n ? 0n : n > max ? max : n, v4);
      });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.ipV4(),
          fc.ipV6(),
          inGlobalUnicast,
          nearBlocks,
          fc.ipV4().map((v4) => `::ffff:${v4}`),
        ),
        (ip) => {
          expect([ip, isPublicAddress(ip)]).toEqual([ip, referencePublic(ip)]);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('are read from a URL host as the URL parser writes it', () => {
    expect(literalIp(new URL('http://2130706433/').hostname)).toBe('127.0.0.1');
    expect(literalIp(new URL('http://0x7f.1/').hostname)).toBe('127.0.0.1');
    expect(literalIp(new URL('http://[::ffff:192.168.1.1]/').hostname)).toBe('::ffff:c0a8:101');
    expect(literalIp(new URL('http://[::127.0.0.1]/').hostname)).toBe('::7f00:1');
    expect(literalIp('hooks.example.com')).toBeNull();
  });

  it('are checked when a name is resolved, every address it resolves to', async () => {
    const resolving = (addresses: LookupAddress[]) =>
      ((_host: string, _options: object, callback: (e: null, a: LookupAddress[]) => void) => callback(null, addresses)) as never;
    const lookup = (allowPrivate: boolean, addresses: LookupAddress[]) =>
      new Promise<{ error: unknown; address: unknown }>((resolve) =>
        checkedLookup(allowPrivate, resolving(addresses))('hooks.example.com', {}, (error, address) => resolve({ error, address })),
      );
    expect(await lookup(false, [{ address: '93.184.215.14', family: 4 }])).toEqual({ error: null, address: '93.184.215.14' });
    expect(await lookup(false, [{ address: '2606:4700:4700::1111', family: 6 }])).toEqual({ error: null, address: '2606:4700:4700::1111' });
    for (const refused of ['10.0.0.5', '::7f00:1', '64:ff9b:1::a00:1', 'fec0::1', '100::1', '::ffff:127.0.0.1', '2001:db8::1', '192.0.2.1']) {
      const mixed = await lookup(false, [
        { address: '93.184.215.14', family: 4 },
        { address: refused, family: isIPv4(refused) ? 4 : 6 },
      ]);
      expect([refused, mixed.error]).toEqual([refused, expect.any(PrivateDestination)]);
    }
    expect(await lookup(true, [{ address: '10.0.0.5', family: 4 }])).toEqual({ error: null, address: '10.0.0.5' });
  });
});
