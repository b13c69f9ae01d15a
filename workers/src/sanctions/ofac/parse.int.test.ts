import path from 'node:path';
import { createSanctionsIndex } from '../sanctions-index.projection';
import { parseOfacFile } from './parse';

const fixtures = path.resolve(__dirname, '../../../test-fixtures/sanctions');
const fixture = (name: string) => path.join(fixtures, name);

describe('the three OFAC formats of the same list', () => {
  it('yield the same entries', async () => {
    const [advanced, xml, csv] = await Promise.all(['SDN_ADVANCED.XML', 'SDN.XML', 'sdn.csv'].map((f) => parseOfacFile(fixture(f))));
    expect(advanced!.format).toBe('sdn-advanced-xml');
    expect(xml!.format).toBe('sdn-xml');
    expect(csv!.format).toBe('sdn-csv');
    expect(advanced!.entries).toHaveLength(19);
    // Only SDN_ADVANCED.XML states when each party was designated, and where it is.
    const undated = advanced!.entries.map(({ jurisdiction: _where, ...e }) => ({ ...e, designatedAt: null }));
    expect(xml!.entries).toEqual(undated);
    expect(csv!.entries).toEqual(undated);
  });

  it("SDN_ADVANCED.XML dates each party's designation (its EntryEvent)", async () => {
    const { entries } = await parseOfacFile(fixture('SDN_ADVANCED.XML'));
    expect(Object.fromEntries(entries.map((e) => [e.sdnId, e.designatedAt]))).toEqual({
      '90317': '2025-11-04',
      '90342': '2026-02-17',
      '90388': '2026-06-09',
      '90401': '2026-09-30',
      '90433': '2026-04-14',
    });
  });

  it("SDN_ADVANCED.XML places each party: its Location's country, else its nationality; none when undetermined or not stated", async () => {
    const { entries } = await parseOfacFile(fixture('SDN_ADVANCED.XML'));
    expect(Object.fromEntries(entries.map((e) => [e.sdnId, e.jurisdiction ?? null]))).toEqual({
      '90317': 'Korea, North',
      '90342': 'Romania',
      '90388': 'Russia',
      '90401': null,
      '90433': null,
    });
  });

  it('state the publication date, except sdn.csv, which has none', async () => {
    expect((await parseOfacFile(fixture('SDN_ADVANCED.XML'))).publishedAt).toBe('2026-11-20');
    expect((await parseOfacFile(fixture('SDN.XML'))).publishedAt).toBe('2026-11-20');
    expect(await parseOfacFile(fixture('sdn.csv'))).toMatchObject({ publishedAt: null, warnings: ['sdn.csv states no publication date'] });
  });

  it('map each listed address to the network we screen it on (its own chain for XMR and ZEC, against the lists only), normalized', async () => {
    const { entries } = await parseOfacFile(fixture('SDN_ADVANCED.XML'));
    expect(entries.map((e) => [e.sdnId, e.ticker, e.network, e.normalized, e.valid, e.listedNetwork, e.matchedChains, e.crossChain])).toEqual([
      ['90317', 'ETH', 'ethereum', '0x0a4279202BE313Bce8954DF36Aa730aA5837aa16', true, 'ethereum', ['evm', 'ethereum-classic'], false],
      ['90317', 'USDT', 'tron', 'TPrB1PFCqxJximuVGjsZ1oDJ6nrCqfW1FV', true, 'tron', ['tron'], false],
      ['90317', 'XBT', 'bitcoin', '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ', true, 'bitcoin', ['bitcoin', 'bitcoin-cash', 'bitcoin-sv'], false],
      ['90317', 'XBT', 'bitcoin', 'bc1qaz7jg7zpys29f5w5l3wgsn2zypdja5jt67ftut', true, 'bitcoin', ['bitcoin'], false],
      [
        '90317',
        'XMR',
        'monero',
        '49Bs2p4JTMxCF61qaTq3NQ3JYcKf2BkMe9hEja6FtFpVY35TnpHXHvG56MPUhGsKuFCrrtd6AKCP72hPqZbLzoro7tM1mK3',
        true,
        'monero',
        ['monero'],
        false,
      ],
      ['90342', 'LTC', 'litecoin', 'LVmfYis4EBbKpzyytYuA5QSmWdMAG3WRnm', true, 'litecoin', ['litecoin'], false],
      ['90342', 'TRX', 'tron', 'TQ4yFWWPQAb4UDbod8f9vjHbZRfK8zksx4', true, 'tron', ['tron'], false],
      ['90342', 'USDT', 'ethereum', '0xe0cE36BB59ba0084B03d4880B4532999c4125f97', true, 'ethereum', ['evm', 'ethereum-classic'], false],
      ['90388', 'ARB', 'arbitrum', '0xFA065F6a09251b13F342FF2daAAe7A6d159779Ba', true, 'arbitrum', ['evm', 'ethereum-classic'], false],
      ['90388', 'BCH', 'bitcoin-cash', 'bitcoincash:qqfs8chvxpdgpfgas7gffnhuqtsgkyfdpvzg8v9smw', true, 'bitcoin-cash', ['bitcoin-cash'], false],
      ['90388', 'ETC', 'ethereum-classic', '0x10C6aB8397f12D44A0FEe53204e9FA412B010E10', true, 'ethereum-classic', ['evm', 'ethereum-classic'], false],
      ['90388', 'USDC', 'solana', '6qL5Vtg25LkiXtgE8nYBDGqih16GbrxbT7HeHcTrWZPy', true, 'solana', ['solana'], false],
      ['90388', 'XRP', 'xrp', 'rwVFsekm9AYcQg9jf2gfXMT982h1gvmpeu', true, 'xrp', ['xrp'], false],
      ['90401', 'XBT', 'bitcoin', '199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz', false, 'bitcoin', [], false],
      ['90433', 'BSV', 'bitcoin-sv', '1Hs23f2VmZMqj1BrXaMWxaBNV26mFzfqRV', true, 'bitcoin-sv', ['bitcoin', 'bitcoin-cash', 'bitcoin-sv'], false],
      ['90433', 'USDT', 'bitcoin', '129eYFMGqbRpqTpJn2TyvnM1gfjCEXTJxD', true, 'omni', ['bitcoin', 'bitcoin-cash', 'bitcoin-sv'], true],
      ['90433', 'USDT', 'bitcoin', '3E4Fu7E6e5EVoNYn6oLcqB9LcEJQsyr1Rw', true, 'omni', ['bitcoin', 'bitcoin-cash', 'litecoin', 'bitcoin-sv'], true],
      ['90433', 'XBT', 'tron', 'THXKU71GGbQfcv4bpqTaz8Cey7pXcgQQFZ', true, 'bitcoin', ['tron'], true],
      ['90433', 'ZEC', 'zcash', 't1JBXwfYGtEKwnZUqwnCfaJx9GLFuvrMWXJ', true, 'zcash', ['zcash'], false],
    ]);
  });

  it("carry each party's name and every programme it is listed under", async () => {
    const { entries } = await parseOfacFile(fixture('SDN.XML'));
    const parties = new Map(entries.map((e) => [e.sdnId, { entity: e.entity, programs: e.programs }]));
    expect(Object.fromEntries(parties)).toEqual({
      '90317': { entity: 'KESTREL BRIDGE EXCHANGE LTD.', programs: ['CYBER2', 'DPRK3'] },
      '90342': { entity: 'VARGA, Dorin Alexandru', programs: ['CYBER2'] },
      '90388': { entity: 'NORTHWIND LIQUIDITY HUB LLC', programs: ['RUSSIA-EO14024'] },
      '90401': { entity: 'OSPREY COIN MIXER', programs: ['SDGT'] },
      '90433': { entity: 'IBIS RELAY SERVICES LTD.', programs: ['CYBER2'] },
    });
  });

  it('give an index whose EVM lookups ignore case, on every EVM network', async () => {
    const list = await parseOfacFile(fixture('sdn.csv'));
    const index = createSanctionsIndex([
      {
        type: 'SanctionsListImported',
        data: {
          source: 'ofac-sdn',
          format: list.format,
          publishedAt: null,
          sha256: 'x',
          importedAt: '2026-11-22T06:00:00.000Z',
          addressCount: 19,
          entries: list.entries,
        },
      },
    ])!;
    expect(index.lookup('ethereum', '0x0A4279202BE313BCE8954DF36AA730AA5837AA16').map((e) => e.entity)).toEqual(['KESTREL BRIDGE EXCHANGE LTD.']);
    expect(index.lookup('bsc', '0xe0ce36bb59ba0084b03d4880b4532999c4125f97').map((e) => e.ticker)).toEqual(['USDT']);
    expect(index.lookup('optimism', '0xfa065f6a09251b13f342ff2daaae7a6d159779ba').map((e) => e.ticker)).toEqual(['ARB']);
    expect(index.lookup('tron', 'TPrB1PFCqxJximuVGjsZ1oDJ6nrCqfW1FV').map((e) => e.programs)).toEqual([['CYBER2', 'DPRK3']]);
  });

  it('give an index that finds an address under whatever ticker it is listed', async () => {
    const list = await parseOfacFile(fixture('SDN.XML'));
    const index = createSanctionsIndex([
      {
        type: 'SanctionsListImported',
        data: {
          source: 'ofac-sdn',
          format: list.format,
          publishedAt: list.publishedAt,
          sha256: 'x',
          importedAt: '2026-11-22T06:00:00.000Z',
          addressCount: 19,
          entries: list.entries,
        },
      },
    ])!;
    const hit = (network: Parameters<typeof index.lookup>[0], address: string) => index.lookup(network, address).map((e) => [e.ticker, e.entity]);
    expect(hit('bitcoin', '129eYFMGqbRpqTpJn2TyvnM1gfjCEXTJxD')).toEqual([['USDT', 'IBIS RELAY SERVICES LTD.']]);
    expect(hit('bitcoin-cash', '3E4Fu7E6e5EVoNYn6oLcqB9LcEJQsyr1Rw')).toEqual([['USDT', 'IBIS RELAY SERVICES LTD.']]);
    expect(hit('bitcoin', '1Hs23f2VmZMqj1BrXaMWxaBNV26mFzfqRV')).toEqual([['BSV', 'IBIS RELAY SERVICES LTD.']]);
    expect(hit('tron', 'THXKU71GGbQfcv4bpqTaz8Cey7pXcgQQFZ')).toEqual([['XBT', 'IBIS RELAY SERVICES LTD.']]);
    expect(hit('polygon', '0x10c6ab8397f12d44a0fee53204e9fa412b010e10')).toEqual([['ETC', 'NORTHWIND LIQUIDITY HUB LLC']]);
    expect(index.meta).toMatchObject({ addressCount: 19, screenedCount: 19, crossChainCount: 3, unscreenable: {} });
    expect(hit('monero', '49Bs2p4JTMxCF61qaTq3NQ3JYcKf2BkMe9hEja6FtFpVY35TnpHXHvG56MPUhGsKuFCrrtd6AKCP72hPqZbLzoro7tM1mK3')).toEqual([
      ['XMR', 'KESTREL BRIDGE EXCHANGE LTD.'],
    ]);
    expect(hit('zcash', 't1JBXwfYGtEKwnZUqwnCfaJx9GLFuvrMWXJ')).toEqual([['ZEC', 'IBIS RELAY SERVICES LTD.']]);
  });
});
