import { chainOfNetwork, matchKeyFor, networkForTicker } from './match-key';

const eth = '0x0a4279202BE313Bce8954DF36Aa730aA5837aa16';
const tron = 'TPrB1PFCqxJximuVGjsZ1oDJ6nrCqfW1FV';
const solana = '6qL5Vtg25LkiXtgE8nYBDGqih16GbrxbT7HeHcTrWZPy';
const bchCashAddr = 'qqfs8chvxpdgpfgas7gffnhuqtsgkyfdpvzg8v9smw';
const bchLegacy = '12jYVgJsjtE1B4NuHueVsuG5uRnDrSoFYj'; // the same key hash in legacy form

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

  it.each(['XMR', 'ZEC', 'ETC', 'DASH', 'BTG', 'XVG', 'BSV', 'XLM'])('%s is listed but not a chain we screen: null', (ticker) =>
    expect(networkForTicker(ticker, eth)).toBeNull());
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
