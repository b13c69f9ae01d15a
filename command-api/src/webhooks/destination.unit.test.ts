import type { LookupAddress } from 'node:dns';
import { checkedLookup, isPublicAddress, literalIp, PrivateDestination } from './destination';

describe('webhook destinations', () => {
  it('are public unicast addresses only', () => {
    for (const ip of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) expect([ip, isPublicAddress(ip)]).toEqual([ip, true]);
    const refused = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
    ];
    for (const ip of refused) expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
  });

  it('are read from a URL host as the URL parser writes it', () => {
    expect(literalIp(new URL('http://2130706433/').hostname)).toBe('127.0.0.1');
    expect(literalIp(new URL('http://0x7f.1/').hostname)).toBe('127.0.0.1');
    expect(literalIp(new URL('http://[::ffff:192.168.1.1]/').hostname)).toBe('::ffff:c0a8:101');
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
    const mixed = await lookup(false, [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ]);
    expect(mixed.error).toBeInstanceOf(PrivateDestination);
    expect(await lookup(true, [{ address: '10.0.0.5', family: 4 }])).toEqual({ error: null, address: '10.0.0.5' });
  });
});
