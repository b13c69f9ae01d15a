import { addressMessages } from '../addresses/parse';
import { customListUploadRequestSchema, CUSTOM_LIST_LIMITS, detectCustomListFormat, networkFromLabel, parseCustomList } from './custom-lists';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('a plain-text list', () => {
  it('keeps one normalized address per line, skipping blanks and # comments, notes after #', () => {
    const parsed = parseCustomList(['# our block list', '', `  ${EVM.toLowerCase()}  `, `${BTC.toUpperCase()} # stolen funds, case 12`, TRON, ''].join('\n'));
    expect(parsed.format).toBe('text');
    expect(parsed.error).toBeUndefined();
    expect(parsed.rejected).toEqual([]);
    expect(parsed.entries).toEqual([
      { address: EVM, chain: 'evm', network: 'ethereum' },
      { address: BTC, chain: 'bitcoin', network: 'bitcoin', note: 'stolen funds, case 12' },
      { address: TRON, chain: 'tron', network: 'tron' },
    ]);
  });

  it('rejects lines that are not addresses with their line number and reason, and keeps the rest', () => {
    const parsed = parseCustomList(`${EVM}\r\nnot-an-address\r\n0x1234\r\n${EVM.slice(0, -1)}D\r\n${BTC}`);
    expect(parsed.entries.map((e) => e.address)).toEqual([EVM, BTC]);
    expect(parsed.rejected).toEqual([
      { line: 2, text: 'not-an-address', reason: addressMessages.unrecognized },
      { line: 3, text: '0x1234', reason: addressMessages.evmLength },
      { line: 4, text: `${EVM.slice(0, -1)}D`, reason: addressMessages.eip55 },
    ]);
  });

  it('matches EVM addresses case-insensitively: the same address in another case is a duplicate', () => {
    const parsed = parseCustomList([EVM, EVM.toLowerCase(), EVM.toUpperCase().replace('0X', '0x')].join('\n'));
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.duplicates).toBe(2);
  });

  it('has no entries when nothing parses', () => {
    const parsed = parseCustomList('# only comments\n\nhello\n');
    expect(parsed.entries).toEqual([]);
    expect(parsed.rejected).toHaveLength(1);
  });
});

describe('a CSV list', () => {
  it('reads the address, network and note columns by name, in any order and case', () => {
    const csv = ['\uFEFFNote,Chain,Wallet_Address', `"Exchange hack, 2024",eth,${EVM.toLowerCase()}`, `,bitcoin,${BTC}`, `scam,TRC20,${TRON}`].join('\n');
    expect(detectCustomListFormat(csv)).toBe('csv');
    const parsed = parseCustomList(csv);
    expect(parsed.format).toBe('csv');
    expect(parsed.entries).toEqual([
      { address: EVM, chain: 'evm', network: 'ethereum', note: 'Exchange hack, 2024' },
      { address: BTC, chain: 'bitcoin', network: 'bitcoin' },
      { address: TRON, chain: 'tron', network: 'tron', note: 'scam' },
    ]);
  });

  it('takes the network the file names for an EVM address, and refuses one on the wrong network', () => {
    const parsed = parseCustomList(`address;network;reason\n${EVM};BNB Chain;x\n${BTC};ethereum;y\n${TRON};moon;z\n;bsc;w\n`);
    expect(parsed.entries).toEqual([{ address: EVM, chain: 'evm', network: 'bsc', note: 'x' }]);
    expect(parsed.rejected).toEqual([
      { line: 3, text: `${BTC};ethereum;y`, reason: 'This is a Bitcoin address; it cannot be screened on Ethereum' },
      { line: 4, text: `${TRON};moon;z`, reason: 'Unknown network "moon"' },
      { line: 5, text: ';bsc;w', reason: 'No address in this row' },
    ]);
  });

  it('counts lines across quoted line breaks and skips comment lines', () => {
    const parsed = parseCustomList(`# exported 2026-01-01\naddress,note\n${EVM},"two\nlines"\n  # a comment\nbad,x\n`, 'csv');
    expect(parsed.entries).toEqual([{ address: EVM, chain: 'evm', network: 'ethereum', note: 'two lines' }]);
    expect(parsed.rejected).toEqual([{ line: 6, text: 'bad,x', reason: addressMessages.unrecognized }]);
  });

  it('refuses a CSV without an address column as a whole', () => {
    const parsed = parseCustomList(`id,name\n1,${EVM}\n`, 'csv');
    expect(parsed.entries).toEqual([]);
    expect(parsed.error).toMatch(/no address column/);
  });

  it('reads a file without a header as plain text', () => {
    expect(detectCustomListFormat(`${EVM}\n${BTC}\n`)).toBe('text');
  });
});

describe('network labels', () => {
  it.each([
    ['Ethereum', 'ethereum'],
    ['BSC', 'bsc'],
    ['bnb_chain', 'bsc'],
    ['Bitcoin Cash', 'bitcoin-cash'],
    ['bitcoin-cash', 'bitcoin-cash'],
    ['XRP Ledger', 'xrp'],
    ['sol', 'solana'],
  ])('%s names %s', (label, network) => expect(networkFromLabel(label)).toBe(network));
  it('names nothing for an unknown label', () => expect(networkFromLabel('stellar')).toBeNull());
  it('names the chains screened against the lists only', () => {
    expect(networkFromLabel('XMR')).toBe('monero');
    expect(networkFromLabel('monero')).toBe('monero');
    expect(networkFromLabel('Ethereum Classic')).toBe('ethereum-classic');
  });
});

describe('the upload body', () => {
  it('wants a name of 1 to 100 characters, a kind, and content', () => {
    expect(customListUploadRequestSchema.safeParse({ name: ' Internal ', kind: 'block', content: EVM }).data).toEqual({
      name: 'Internal',
      kind: 'block',
      content: EVM,
    });
    expect(customListUploadRequestSchema.safeParse({ name: '  ', kind: 'block', content: EVM }).success).toBe(false);
    expect(customListUploadRequestSchema.safeParse({ name: 'x'.repeat(101), kind: 'block', content: EVM }).success).toBe(false);
    expect(customListUploadRequestSchema.safeParse({ name: 'a\nRisk score: 0/100', kind: 'block', content: EVM }).success).toBe(false);
    expect(customListUploadRequestSchema.safeParse({ name: 'x', kind: 'deny', content: EVM }).success).toBe(false);
    expect(customListUploadRequestSchema.safeParse({ name: 'x', kind: 'allow', content: ' \n ' }).success).toBe(false);
    expect(customListUploadRequestSchema.safeParse({ name: 'x', kind: 'allow', content: 'é'.repeat(CUSTOM_LIST_LIMITS.maxBytes / 2 + 1) }).success).toBe(false);
  });
});
