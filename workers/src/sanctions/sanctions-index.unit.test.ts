import { parseOfacText } from './ofac/parse';
import { createSanctionsIndex, foldSanctionsIndex } from './sanctions-index.projection';
import { decideSanctionsList } from '@walletscreen/domain/sanctions-list/decide';
import type { SanctionsListEvent } from '@walletscreen/domain/sanctions-list/events';
import { evolveSanctionsList, initialSanctionsListState } from '@walletscreen/domain/sanctions-list/state';

// A small SDN.XML, parsed (pure), as the entries of an import.
const sdnXml = (entries: string, date = '11/20/2026') => `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">
  <publshInformation><Publish_Date>${date}</Publish_Date><Record_Count>1</Record_Count></publshInformation>
  ${entries}
</sdnList>`;
const party = (uid: string, name: string, ids: Array<[string, string]>) =>
  `<sdnEntry><uid>${uid}</uid><lastName>${name}</lastName><sdnType>Entity</sdnType><programList><program>CYBER2</program></programList><idList>${ids
    .map(([t, n], i) => `<id><uid>${uid}${i}</uid><idType>Digital Currency Address - ${t}</idType><idNumber>${n}</idNumber></id>`)
    .join('')}</idList></sdnEntry>`;

const eth = '0x0a4279202BE313Bce8954DF36Aa730aA5837aa16';
const usdtEth = '0xe0cE36BB59ba0084B03d4880B4532999c4125f97';
const etc = '0x10c6ab8397f12d44a0fee53204e9fa412b010e10';
const xbt = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
const segwit = 'bc1qaz7jg7zpys29f5w5l3wgsn2zypdja5jt67ftut';
const bch = 'qqfs8chvxpdgpfgas7gffnhuqtsgkyfdpvzg8v9smw';
const bchLegacy = '12jYVgJsjtE1B4NuHueVsuG5uRnDrSoFYj';
const broken = '199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz';
const omni = '129eYFMGqbRpqTpJn2TyvnM1gfjCEXTJxD';
const bsv = '1Hs23f2VmZMqj1BrXaMWxaBNV26mFzfqRV';
const tronUnderXbt = 'THXKU71GGbQfcv4bpqTaz8Cey7pXcgQQFZ';
const zec = 't1JBXwfYGtEKwnZUqwnCfaJx9GLFuvrMWXJ';
const xmr = '49Bs2p4JTMxCF61qaTq3NQ3JYcKf2BkMe9hEja6FtFpVY35TnpHXHvG56MPUhGsKuFCrrtd6AKCP72hPqZbLzoro7tM1mK3';

/** The import the decider records for this list after `previous`. */
function imported(xml: string, sha256: string, importedAt = '2026-11-22T06:00:00.000Z', previous: SanctionsListEvent[] = []): SanctionsListEvent {
  const list = parseOfacText(xml);
  const state = previous.reduce(evolveSanctionsList, initialSanctionsListState);
  const [event] = decideSanctionsList(
    {
      type: 'ImportSanctionsList',
      data: { source: 'ofac-sdn', format: list.format, publishedAt: list.publishedAt, sha256, entries: list.entries },
      metadata: { now: importedAt },
    },
    state,
  );
  return event!;
}

const first = imported(
  sdnXml(
    party('90317', 'KESTREL BRIDGE EXCHANGE LTD.', [
      ['XBT', xbt],
      ['XBT', segwit],
      ['ETH', eth],
      ['XMR', xmr],
    ]) +
      party('90342', 'VARGA HOLDINGS', [['USDT', usdtEth]]) +
      party('90388', 'NORTHWIND LIQUIDITY HUB LLC', [
        ['BCH', bch],
        ['ETC', etc],
      ]) +
      party('90401', 'OSPREY COIN MIXER', [['XBT', broken]]) +
      party('90433', 'IBIS RELAY SERVICES LTD.', [
        ['USDT', omni],
        ['BSV', bsv],
        ['XBT', tronUnderXbt],
        ['ZEC', zec],
      ]),
  ),
  'aa11',
);
const index = createSanctionsIndex([first])!;

describe('the sanctions index', () => {
  it('is null before any list was imported: the UI says no list is loaded', () => {
    expect(createSanctionsIndex([])).toBeNull();
    expect(foldSanctionsIndex(null, { type: 'SomethingElse', data: {} })).toBeNull();
  });

  it('carries the list version a check records, and per-network counts', () => {
    expect(index.meta).toEqual({
      source: 'ofac-sdn',
      format: 'sdn-xml',
      publishedAt: '2026-11-20',
      sha256: 'aa11',
      importedAt: '2026-11-22T06:00:00.000Z',
      addressCount: 12,
      byNetwork: { bitcoin: 4, ethereum: 2, 'bitcoin-cash': 1, tron: 1, monero: 1, zcash: 1, 'ethereum-classic': 1, 'bitcoin-sv': 1 },
      invalidCount: 1,
      screenedCount: 12,
      crossChainCount: 2,
      unscreenable: {},
      delistedCount: 0,
    });
  });

  it('matches EVM addresses case-insensitively, on every EVM network', () => {
    for (const text of [eth, eth.toLowerCase(), `0x${eth.slice(2).toUpperCase()}`]) {
      expect(index.lookup('ethereum', text).map((e) => e.entity)).toEqual(['KESTREL BRIDGE EXCHANGE LTD.']);
    }
    expect(index.lookup('bsc', eth.toLowerCase())).toHaveLength(1);
    expect(index.lookup('polygon', usdtEth.toLowerCase())[0]).toMatchObject({ ticker: 'USDT', network: 'ethereum', programs: ['CYBER2'], sdnId: '90342' });
  });

  it('matches per chain: a listed address is a hit on the chains its text is valid on, not others', () => {
    expect(index.lookup('bitcoin', xbt)).toHaveLength(1);
    // A legacy Bitcoin address is the same key hash on Bitcoin Cash.
    expect(index.lookup('bitcoin-cash', xbt)).toHaveLength(1);
    expect(index.lookup('bitcoin', segwit.toUpperCase())).toHaveLength(1);
    expect(index.lookup('bitcoin-cash', segwit)).toEqual([]);
    expect(index.lookup('bitcoin', bch)).toEqual([]);
  });

  it('finds an address whatever ticker it is listed under, saying what it was listed as', () => {
    expect(index.lookup('bitcoin', omni)).toEqual([
      expect.objectContaining({
        ticker: 'USDT',
        listedNetwork: 'omni',
        matchedChains: ['bitcoin', 'bitcoin-cash', 'bitcoin-sv'],
        crossChain: true,
        entity: 'IBIS RELAY SERVICES LTD.',
      }),
    ]);
    expect(index.lookup('bitcoin-cash', omni)).toHaveLength(1);
    expect(index.lookup('bitcoin', bsv)).toEqual([expect.objectContaining({ ticker: 'BSV', listedNetwork: 'bitcoin-sv', crossChain: false })]);
    expect(index.lookup('bitcoin-sv', bsv)).toHaveLength(1);
    expect(index.lookup('tron', tronUnderXbt)).toEqual([
      expect.objectContaining({ ticker: 'XBT', listedNetwork: 'bitcoin', matchedChains: ['tron'], crossChain: true }),
    ]);
    for (const network of ['ethereum', 'bsc', 'base'] as const) {
      expect(index.lookup(network, etc.toUpperCase().replace('0X', '0x'))).toEqual([
        expect.objectContaining({ ticker: 'ETC', listedNetwork: 'ethereum-classic', entity: 'NORTHWIND LIQUIDITY HUB LLC' }),
      ]);
    }
  });

  it('matches Bitcoin Cash in CashAddr and legacy form alike', () => {
    expect(index.lookup('bitcoin-cash', `bitcoincash:${bch}`)).toHaveLength(1);
    expect(index.lookup('bitcoin-cash', bchLegacy)).toHaveLength(1);
  });

  it('finds Monero and Zcash listings on their own chains, and nowhere else', () => {
    expect(index.entries.filter((e) => e.network === null)).toEqual([]);
    expect(index.lookup('monero', xmr)).toEqual([expect.objectContaining({ ticker: 'XMR', entity: 'KESTREL BRIDGE EXCHANGE LTD.' })]);
    expect(index.lookup('zcash', zec)).toEqual([expect.objectContaining({ ticker: 'ZEC', entity: 'IBIS RELAY SERVICES LTD.' })]);
    expect(index.lookup('bitcoin', zec)).toEqual([]);
  });

  it('keeps a listed address that does not parse, flagged, and matches its exact text', () => {
    expect(index.lookup('bitcoin', broken)).toEqual([expect.objectContaining({ valid: false, normalized: broken, entity: 'OSPREY COIN MIXER' })]);
  });

  it('reflects the latest import only: a listing that left it is found as delisted, not as listed', () => {
    const second = imported(sdnXml(party('90342', 'VARGA HOLDINGS', [['USDT', usdtEth]]), '11/21/2026'), 'bb22', '2026-11-23T06:00:00.000Z', [first]);
    const latest = [first, second].reduce(foldSanctionsIndex, null)!;
    expect(latest.meta).toMatchObject({ sha256: 'bb22', publishedAt: '2026-11-21', addressCount: 1, delistedCount: 11 });
    expect(latest.lookup('ethereum', eth)).toEqual([]);
    expect(latest.lookupDelisted('polygon', eth)).toEqual([
      expect.objectContaining({ entity: 'KESTREL BRIDGE EXCHANGE LTD.', listedSince: '2026-11-20', delistedAt: '2026-11-21' }),
    ]);
    expect(latest.lookup('ethereum', usdtEth)).toEqual([expect.objectContaining({ listedSince: '2026-11-20' })]);
    expect(latest.lookupDelisted('ethereum', usdtEth)).toEqual([]);
    expect(latest.lookupDelisted('tron', tronUnderXbt)).toEqual([expect.objectContaining({ ticker: 'XBT', crossChain: true })]);
  });

  it('reads an import recorded before cross-chain matching by what its addresses are', () => {
    const list = parseOfacText(
      sdnXml(
        party('90433', 'IBIS RELAY SERVICES LTD.', [
          ['USDT', omni],
          ['ETC', etc],
        ]),
      ),
    );
    const old = list.entries.map(({ listedNetwork: _l, matchedChains: _m, crossChain: _c, designatedAt: _d, ...e }) => ({ ...e, network: null, valid: false }));
    const recorded = createSanctionsIndex([
      {
        type: 'SanctionsListImported',
        data: {
          source: 'ofac-sdn',
          format: 'sdn-xml',
          publishedAt: '2026-11-20',
          sha256: 'old',
          importedAt: '2026-11-22T06:00:00.000Z',
          addressCount: 2,
          entries: old,
        },
      },
    ])!;
    expect(recorded.lookup('bitcoin', omni)).toEqual([
      expect.objectContaining({ ticker: 'USDT', network: 'bitcoin', listedSince: '2026-11-20', designatedAt: null }),
    ]);
    expect(recorded.lookup('arbitrum', etc)).toHaveLength(1);
    expect(recorded.delisted).toEqual([]);
  });
});
