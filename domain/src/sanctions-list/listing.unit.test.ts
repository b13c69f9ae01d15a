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
const xmr = '4Xbzw6Y2y7ouJF5QUbhvyYwuEyC51zyPb9wEbWjpfQbE6D8MUSQRxHFPo8531UmQrt7hfg95SACjb2HEKvwCQEiBmkVsqbW';

describe('a listed address is screened by what its text is, whatever its ticker', () => {
  it('finds the networks a text is valid on', () => {
    expect(networksFor(omniP2pkh)).toEqual(['bitcoin', 'bitcoin-cash']);
    expect(networksFor(eth)).toEqual(['ethereum', 'bsc', 'polygon', 'arbitrum', 'base', 'optimism']);
    expect(networksFor(tronUnderXbt)).toEqual(['tron']);
    expect(networksFor(bchCashAddr)).toEqual(['bitcoin-cash']);
    for (const text of [xmr, zec, dash, '199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz']) expect(networksFor(text)).toEqual([]);
  });

  it('USDT on the Omni Layer: a Bitcoin address, screened on Bitcoin and Bitcoin Cash (a 3… also as Litecoin’s old P2SH), under another chain than its ticker', () => {
    for (const [address, matchedChains] of [
      [omniP2pkh, ['bitcoin', 'bitcoin-cash']],
      [omniP2sh, ['bitcoin', 'bitcoin-cash', 'litecoin']],
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

  it('BSV: a Bitcoin-format address, screened as Bitcoin and Bitcoin Cash', () =>
    expect(describeListing('BSV', bsv)).toMatchObject({
      network: 'bitcoin',
      valid: true,
      listedNetwork: 'bitcoin-sv',
      matchedChains: ['bitcoin', 'bitcoin-cash'],
      crossChain: true,
    }));

  it('ETC: an EVM address, screened on every EVM network', () =>
    expect(describeListing('ETC', etc)).toMatchObject({
      network: 'ethereum',
      normalized: '0x10C6aB8397f12D44A0FEe53204e9FA412B010E10',
      valid: true,
      listedNetwork: 'ethereum-classic',
      matchedChains: ['evm'],
      crossChain: true,
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
      matchedChains: ['bitcoin', 'bitcoin-cash'],
      crossChain: false,
    });
    expect(describeListing('BCH', bchLegacy)).toMatchObject({ network: 'bitcoin-cash', crossChain: false });
    expect(describeListing('ARB', eth)).toMatchObject({ network: 'arbitrum', normalized: eth, crossChain: false });
  });

  it('XMR, ZEC, DASH: valid on no network we screen, so they cannot be screened', () => {
    for (const [ticker, address] of [
      ['XMR', xmr],
      ['ZEC', zec],
      ['DASH', dash],
    ] as const) {
      expect(describeListing(ticker, address)).toEqual({
        network: null,
        normalized: address,
        valid: false,
        listedNetwork: expect.any(String),
        matchedChains: [],
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
