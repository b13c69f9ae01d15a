import { indexKeysFor, listedAsText, matchKeyFor, networkForTicker } from './match-key';
import fc from 'fast-check';
import { parseAddress, type Network } from '@walletscreen/contracts';
import { addressTypes } from '@walletscreen/contracts/addresses/random-addresses';
import { chainOfNetwork, describeListing, listedNetworkFor } from '@walletscreen/domain/sanctions-list/listing';

const eth = '0x0a4279202BE313Bce8954DF36Aa730aA5837aa16';
const tron = 'TPrB1PFCqxJximuVGjsZ1oDJ6nrCqfW1FV';
const solana = '6qL5Vtg25LkiXtgE8nYBDGqih16GbrxbT7HeHcTrWZPy';
const bchCashAddr = 'qqfs8chvxpdgpfgas7gffnhuqtsgkyfdpvzg8v9smw';
const bchLegacy = '12jYVgJsjtE1B4NuHueVsuG5uRnDrSoFYj'; // the same key hash in legacy form
// Invented, valid for their chains (see test-fixtures/sanctions/README.md), in the shapes OFAC lists.
const omniP2pkh = '129eYFMGqbRpqTpJn2TyvnM1gfjCEXTJxD';
const omniP2sh = '3E4Fu7E6e5EVoNYn6oLcqB9LcEJQsyr1Rw';
const bsv = '1Hs23f2VmZMqj1BrXaMWxaBNV26mFzfqRV';
const tronUnderXbt = 'THXKU71GGbQfcv4bpqTaz8Cey7pXcgQQFZ';
const etc = '0x10c6ab8397f12d44a0fee53204e9fa412b010e10';
const zec = 't1JBXwfYGtEKwnZUqwnCfaJx9GLFuvrMWXJ';
const xmr = '49Bs2p4JTMxCF61qaTq3NQ3JYcKf2BkMe9hEja6FtFpVY35TnpHXHvG56MPUhGsKuFCrrtd6AKCP72hPqZbLzoro7tM1mK3';

describe('OFAC tickers to the networks we screen', () => {
  it.each([
    ['XBT', '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ', 'bitcoin'],
    ['ETH', eth, 'ethereum'],
    ['TRX', tron, 'tron'],
    ['LTC', 'LVmfYis4EBbKpzyytYuA5QSmWdMAG3WRnm', 'litecoin'],
    ['BCH', bchCashAddr, 'bitcoin-cash'],
    ['XRP', 'rwVFsekm9AYcQg9jf2gfXMT982h1gvmpeu', 'xrp'],
    ['DOGE', 'DEzXbArWY36TksBEhtyNFJVSWdo7H5TFbU', 'dogecoin'],
    ['SOL', solana, 'solana'],
    ['ARB', eth, 'arbitrum'],
    ['BSC', eth, 'bsc'],
  ])('%s → its network', (ticker, address, network) => expect(networkForTicker(ticker, address)).toBe(network));

  it('USDT: the address form decides between Ethereum and TRON', () => {
    expect(networkForTicker('USDT', eth)).toBe('ethereum');
    expect(networkForTicker('USDT', tron)).toBe('tron');
    expect(networkForTicker('USDT', 'something else')).toBeNull();
  });

  it('USDC: Ethereum for 0x…, TRON for T…, Solana for a 32-byte base58 key', () => {
    expect(networkForTicker('USDC', eth)).toBe('ethereum');
    expect(networkForTicker('USDC', tron)).toBe('tron');
    expect(networkForTicker('USDC', solana)).toBe('solana');
  });

  it.each([
    ['XMR', 'monero'],
    ['ZEC', 'zcash'],
    ['ETC', 'ethereum-classic'],
    ['DASH', 'dash'],
    ['BTG', 'bitcoin-gold'],
    ['XVG', 'verge'],
    ['BSV', 'bitcoin-sv'],
  ] as const)('%s is a chain screened against the lists only: %s', (ticker, network) => expect(networkForTicker(ticker, eth)).toBe(network));

  it('a ticker we do not know, or USDT on the Omni Layer, has no network of its own: null', () => {
    expect(networkForTicker('XLM', eth)).toBeNull();
    expect(networkForTicker('USDT', omniP2pkh)).toBeNull();
  });

  it('say what they are listed as, chains we do not screen included', () => {
    expect(listedNetworkFor('USDT', omniP2pkh)).toBe('omni');
    expect(listedNetworkFor('USDT', omniP2sh)).toBe('omni');
    expect(listedNetworkFor('BSV', bsv)).toBe('bitcoin-sv');
    expect(listedNetworkFor('ETC', etc)).toBe('ethereum-classic');
    expect(listedNetworkFor('XBT', tronUnderXbt)).toBe('bitcoin');
    expect(listedNetworkFor('ZEC', zec)).toBe('zcash');
    expect(listedNetworkFor('XYZ', eth)).toBeNull();
    expect(listedAsText('USDT', 'omni')).toBe('USDT (Omni Layer)');
    expect(listedAsText('ETC', 'ethereum-classic')).toBe('ETC (Ethereum Classic)');
    expect(listedAsText('BSC', 'bsc')).toBe('BSC (BNB Chain)');
  });
});

describe('a listed address is indexed by what its text is, whatever its ticker', () => {
  it('is indexed once per chain: Bitcoin by its text, Bitcoin Cash by its CashAddr; EVM once', () => {
    const keys = indexKeysFor({ address: bchLegacy, ...describeListing('USDT', bchLegacy) });
    expect(keys).toEqual([`bitcoin\u0000${bchLegacy}`, `bitcoin-cash\u0000bitcoincash:${bchCashAddr}`, `bitcoin-sv\u0000${bchLegacy}`]);
    expect(indexKeysFor({ address: eth, ...describeListing('ETC', eth) })).toEqual([
      `evm\u0000${eth.toLowerCase()}`,
      `ethereum-classic\u0000${eth.toLowerCase()}`,
    ]);
    expect(indexKeysFor({ address: xmr, ...describeListing('XMR', xmr) })).toEqual([`monero\u0000${xmr}`]);
  });

  it('indexes an entry recorded before its chain was recognised on that chain too (the text is read again)', () => {
    expect(indexKeysFor({ address: xmr, network: null, matchedChains: [] })).toEqual([`monero\u0000${xmr}`]);
  });

  it("indexes text valid on no chain by its exact text, as other, and on its ticker's network", () => {
    expect(indexKeysFor({ address: 'NOT-AN-ADDRESS', network: null, matchedChains: [] })).toEqual(['other\u0000NOT-AN-ADDRESS']);
    expect(indexKeysFor({ address: '199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz', ...describeListing('XBT', '199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz') })).toEqual([
      'other\u0000199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz',
      'bitcoin\u0000199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz',
    ]);
  });
});

describe('match keys', () => {
  it('EVM addresses match case-insensitively, one key for every EVM network', () => {
    const key = eth.toLowerCase();
    expect(matchKeyFor('ethereum', eth)).toBe(key);
    expect(matchKeyFor('bsc', eth.toUpperCase().replace('0X', '0x'))).toBe(key);
    expect(matchKeyFor('arbitrum', ` ${key} `)).toBe(key);
    expect(chainOfNetwork('polygon')).toBe('evm');
  });

  it('Bitcoin Cash keys on CashAddr, whether given legacy, with or without the prefix', () => {
    const key = `bitcoincash:${bchCashAddr}`;
    expect(matchKeyFor('bitcoin-cash', bchCashAddr)).toBe(key);
    expect(matchKeyFor('bitcoin-cash', key.toUpperCase())).toBe(key);
    expect(matchKeyFor('bitcoin-cash', bchLegacy)).toBe(key);
  });

  it('bech32 keys lower-case; base58 as it is', () => {
    expect(matchKeyFor('bitcoin', 'BC1QAZ7JG7ZPYS29F5W5L3WGSN2ZYPDJA5JT67FTUT')).toBe('bc1qaz7jg7zpys29f5w5l3wgsn2zypdja5jt67ftut');
    expect(matchKeyFor('tron', tron)).toBe(tron);
  });

  it('text that does not parse keys as itself, so a mistyped listing still matches the same text', () => {
    expect(matchKeyFor('bitcoin', ' 199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz ')).toBe('199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz');
    expect(matchKeyFor(null, 'abc')).toBe('abc');
  });
});

describe('the match key of a Base58 text, taken without parsing', () => {
  // What matchKeyFor answers by parsing: the normalized address, or the text when it does not parse.
  const byParsing = (network: Network, text: string) => {
    const parsed = parseAddress(text.trim(), network);
    return parsed.ok ? parsed.address.normalized : text.trim();
  };
  const shortcutNetworks: Network[] = ['bitcoin', 'litecoin', 'dogecoin', 'dash', 'zcash', 'bitcoin-gold', 'solana', 'tron', 'xrp', 'monero'];
  const variants = (text: string, r: number) => [
    text,
    text.toUpperCase(),
    text.toLowerCase(),
    text.slice(0, -1),
    `${text.slice(0, 5)}${'123456789abc'[r % 12]}${text.slice(6)}`,
  ];

  it('is the key parsing gives, for generated addresses of every type and their typos, on every network it serves', () =>
    fc.assert(
      fc.property(fc.constantFrom(...addressTypes), fc.uint8Array({ minLength: 128, maxLength: 128 }), fc.nat(), (type, random, r) => {
        const sample = type.make(random.subarray(0, type.bytes));
        for (const network of shortcutNetworks) for (const text of variants(sample.input, r)) expect(matchKeyFor(network, text)).toBe(byParsing(network, text));
      }),
      { numRuns: 400 },
    ));
});
