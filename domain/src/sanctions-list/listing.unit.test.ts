import { networksFor } from '@walletscreen/contracts';
import { addressIdentity, describeListing } from './listing';

const eth = '0x0a4279202BE313Bce8954DF36Aa730aA5837aa16';
const bchCashAddr = 'qqfs8chvxpdgpfgas7gffnhuqtsgkyfdpvzg8v9smw';
const bchLegacy = '12jYVgJsjtE1B4NuHueVsuG5uRnDrSoFYj'; // the same key hash in legacy form
// Invented, valid for their chains (see test-fixtures/sanctions/README.md), in the shapes OFAC lists.
const omniP2pkh = '129eYFMGqbRpqTpJn2TyvnM1gfjCEXTJxD';
const omniP2sh = '3E4Fu7E6e5EVoNYn6oLcqB9LcEJQsyr1Rw';
const bsv = '1Hs23f2VmZMqj1BrXaMWxaBNV26mFzfqRV';
const tronUnderXbt = 'THXKU71GGbQfcv4bpqTaz8Cey7pXcgQQFZ';
const etc = '0x10c6ab8397f12d44a0fee53204e9fa412b010e10';
const zec = 't1JBXwfYGtEKwnZUqwnCfaJx9GLFuvrMWXJ';
const dash = 'Xxohepgc8HbvhunDsy7ZdMrQrxRKCMf9br';
const xmr = '49Bs2p4JTMxCF61qaTq3NQ3JYcKf2BkMe9hEja6FtFpVY35TnpHXHvG56MPUhGsKuFCrrtd6AKCP72hPqZbLzoro7tM1mK3';

describe('a listed address is screened by what its text is, whatever its ticker', () => {
  it('finds the networks a text is valid on', () => {
    expect(networksFor(omniP2pkh)).toEqual(['bitcoin', 'bitcoin-cash', 'bitcoin-sv']);
    expect(networksFor(eth)).toEqual(['ethereum', 'bsc', 'polygon', 'arbitrum', 'base', 'optimism', 'ethereum-classic']);
    expect(networksFor(tronUnderXbt)).toEqual(['tron']);
    expect(networksFor(bchCashAddr)).toEqual(['bitcoin-cash']);
    expect([xmr, zec, dash].map(networksFor)).toEqual([['monero'], ['zcash'], ['dash']]);
    expect(networksFor('199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz')).toEqual([]);
  });

  it('USDT on the Omni Layer: a Bitcoin address, screened on Bitcoin, Bitcoin Cash and Bitcoin SV (a 3… also as Litecoin’s old P2SH), under another chain than its ticker', () => {
    for (const [address, matchedChains] of [
      [omniP2pkh, ['bitcoin', 'bitcoin-cash', 'bitcoin-sv']],
      [omniP2sh, ['bitcoin', 'bitcoin-cash', 'litecoin', 'bitcoin-sv']],
    ] as const) {
      expect(describeListing('USDT', address)).toEqual({
        network: 'bitcoin',
        normalized: address,
        valid: true,
        listedNetwork: 'omni',
        matchedChains,
        crossChain: true,
      });
    }
  });

  it('BSV: a Bitcoin-format address, screened as Bitcoin SV (its own chain, against the lists only), Bitcoin and Bitcoin Cash', () =>
    expect(describeListing('BSV', bsv)).toMatchObject({
      network: 'bitcoin-sv',
      valid: true,
      listedNetwork: 'bitcoin-sv',
      matchedChains: ['bitcoin', 'bitcoin-cash', 'bitcoin-sv'],
      crossChain: false,
    }));

  it('ETC: an EVM address, screened on Ethereum Classic and every EVM network', () =>
    expect(describeListing('ETC', etc)).toMatchObject({
      network: 'ethereum-classic',
      normalized: '0x10C6aB8397f12D44A0FEe53204e9FA412B010E10',
      valid: true,
      listedNetwork: 'ethereum-classic',
      matchedChains: ['evm', 'ethereum-classic'],
      crossChain: false,
    }));

  it('a TRON address OFAC listed under XBT: screened as TRON', () =>
    expect(describeListing('XBT', tronUnderXbt)).toMatchObject({
      network: 'tron',
      valid: true,
      listedNetwork: 'bitcoin',
      matchedChains: ['tron'],
      crossChain: true,
    }));

  it("an address on its ticker's own chain is not under another chain, even when it is valid on more", () => {
    expect(describeListing('XBT', omniP2pkh)).toMatchObject({
      network: 'bitcoin',
      listedNetwork: 'bitcoin',
      matchedChains: ['bitcoin', 'bitcoin-cash', 'bitcoin-sv'],
      crossChain: false,
    });
    expect(describeListing('BCH', bchLegacy)).toMatchObject({ network: 'bitcoin-cash', crossChain: false });
    expect(describeListing('ARB', eth)).toMatchObject({ network: 'arbitrum', normalized: eth, crossChain: false });
  });

  it('XMR, ZEC, DASH: addresses of their own chains, screened there (against the lists only)', () => {
    for (const [ticker, address, chain] of [
      ['XMR', xmr, 'monero'],
      ['ZEC', zec, 'zcash'],
      ['DASH', dash, 'dash'],
    ] as const) {
      expect(describeListing(ticker, address)).toEqual({
        network: chain,
        normalized: address,
        valid: true,
        listedNetwork: chain,
        matchedChains: [chain],
        crossChain: false,
      });
    }
  });

  it("a mistyped address under a ticker we screen keeps its ticker's network, to match its exact text", () =>
    expect(describeListing('XBT', '199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz')).toEqual({
      network: 'bitcoin',
      normalized: '199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz',
      valid: false,
      listedNetwork: 'bitcoin',
      matchedChains: [],
      crossChain: false,
    }));

  it('tells listings apart by their address however it is written', () => {
    expect(addressIdentity(eth)).toBe(eth.toLowerCase());
    expect(addressIdentity(`bitcoincash:${bchCashAddr.toUpperCase()}`)).toBe(bchCashAddr);
    expect(addressIdentity(` ${omniP2pkh} `)).toBe(omniP2pkh);
  });
});
