/**
 * Each feed's parser on hand-made files in its documented shape (workers/test-fixtures/feeds):
 * what it reads, how it maps the feed onto the risk model's categories and our networks, and how
 * every entry it cannot use is counted by reason and named, never dropped without trace.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addresses as a } from '../../testing/replay-server';
import { contractSetsContent, contractSetsFeed } from './contract-sets';
import { parseCustomLabels } from './custom-labels';
import { ETHEREUM_DARKLIST_PAGE, parseDarklist } from './darklist';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { textSource } from './feed';
import { categoryOf, countryName, networkOfWallet, parseOpenSanctionsFtm } from './opensanctions';

const fixture = (name: string) => path.resolve(__dirname, '../../test-fixtures/feeds', name);
const source = (name: string) => textSource(readFileSync(fixture(name), 'utf8'), name);

describe('opensanctions-crypto: FollowTheMoney entities', () => {
  it('reads each CryptoWallet with its holder (before or after it in the file), the listing and the topics', async () => {
    const { entries } = await parseOpenSanctionsFtm(source('opensanctions-entities.ftm.json'));
    expect(entries).toEqual([
      {
        address: a.evmA,
        network: 'ethereum',
        category: 'sanctioned',
        name: 'HALCYON RELAY GROUP',
        source: 'https://www.opensanctions.org/entities/wallet-eth-1/',
        jurisdiction: 'North Korea',
        listedAt: '2026-03-02',
      },
      {
        address: a.btcA,
        network: 'bitcoin',
        category: 'sanctioned',
        name: 'HALCYON RELAY GROUP',
        source: 'https://www.opensanctions.org/entities/wallet-btc-1/',
        jurisdiction: 'North Korea',
        listedAt: '2026-03-02',
      },
      {
        address: a.tronA,
        network: 'tron',
        category: 'scam',
        name: 'IBIS EXCHANGE FRAUD RING',
        source: 'https://www.opensanctions.org/entities/wallet-tron-1/',
        jurisdiction: 'Russia',
        listedAt: '2026-01-15',
      },
      {
        address: a.solA,
        network: 'solana',
        category: 'theft',
        name: 'Wallet listed by OpenSanctions',
        source: 'https://www.opensanctions.org/entities/wallet-sol-1/',
        listedAt: '2026-01-15',
      },
    ]);
  });

  it('counts every wallet it leaves out by reason, and names the first few', async () => {
    const { skipped } = await parseOpenSanctionsFtm(source('opensanctions-entities.ftm.json'));
    expect(skipped.count).toBe(5);
    expect(skipped.reasons).toEqual({
      'not a JSON line': 1,
      // Monero is screened against the lists now: the fixture's invented Monero text is no valid Monero address.
      'not a valid monero address': 1,
      'no address (publicKey): an exchange account, not an on-chain wallet': 1,
      'not a valid ethereum address': 1,
      'address listed more than once in the same category (the first listing is kept)': 1,
    });
    expect(skipped.examples).toEqual([
      'line 8: not a JSON line',
      expect.stringMatching(/^line 6 \(4Invented.*…\): not a valid monero address$/),
      'line 7: no address (publicKey): an exchange account, not an on-chain wallet',
      'line 9 (0x1234): not a valid ethereum address',
      `line 11 (${a.evmA.toLowerCase()}): address listed more than once in the same category (the first listing is kept)`,
    ]);
  });

  it('gives nothing usable for a file whose wallets cannot be screened (the sync refuses it)', async () => {
    const result = await parseOpenSanctionsFtm(source('opensanctions-no-wallets.ftm.json'));
    expect(result.entries).toEqual([]);
    expect(result.skipped.reasons).toEqual({ 'not a valid monero address': 1 });
  });

  it.each([
    ['XBT', a.btcA, 'bitcoin'],
    ['BTC', a.btcA, 'bitcoin'],
    ['ETH', a.evmA, 'ethereum'],
    ['USDT', a.evmA, 'ethereum'],
    ['USDT', a.tronA, 'tron'],
    ['TRX', a.tronA, 'tron'],
    ['TRON', a.tronA, 'tron'],
    ['BNB', a.evmA, 'ethereum'],
    ['LTC', a.ltcA, 'litecoin'],
    ['XRP', a.xrpA, 'xrp'],
    ['SOL', a.solA, 'solana'],
  ])('maps the currency %s of %s onto %s (EVM addresses as ethereum: they match on every EVM network)', (currency, address, network) => {
    expect(networkOfWallet(currency, address)).toEqual({ network });
  });

  it('refuses a currency it does not screen, and an address not valid on its currency', () => {
    expect(networkOfWallet('XLM', 'GABC')).toEqual({ reason: 'currency XLM is not on a network WalletScreen screens' });
    expect(networkOfWallet('ZEC', 't1abc')).toEqual({ reason: 'not a valid zcash address' });
    expect(networkOfWallet('ZEC', 't1JBXwfYGtEKwnZUqwnCfaJx9GLFuvrMWXJ')).toEqual({ network: 'zcash' });
    expect(networkOfWallet('ETH', a.tronA)).toEqual({ reason: 'not a valid ethereum address' });
    expect(networkOfWallet(undefined, 'nonsense')).toEqual({ reason: 'no currency stated, and the address is valid on no network WalletScreen screens' });
  });

  it('takes the closest category: sanctioned first, then ransomware, theft, scam, darknet, other', () => {
    const set = (...xs: string[]) => new Set(xs);
    expect(categoryOf(set('crime.fraud', 'sanction'), set())).toBe('sanctioned');
    expect(categoryOf(set('crime.cyber'), set('ransomwhere'))).toBe('ransomware');
    expect(categoryOf(set('crime.theft'), set())).toBe('theft');
    expect(categoryOf(set('crime.fraud'), set())).toBe('scam');
    expect(categoryOf(set('crime.traffick.drug'), set())).toBe('darknet');
    expect(categoryOf(set('sanction.linked'), set())).toBe('other');
    expect(countryName('kp')).toBe('North Korea');
    expect(countryName('zz')).toBe('ZZ');
  });
});

describe('ethereum-darklist: MyEtherWallet address darklist', () => {
  it('reads each address as a scam label on every EVM network, with its comment and date', async () => {
    const { entries } = await parseDarklist(source('addresses-darklist.json'));
    expect(entries).toEqual([
      {
        address: a.evmB,
        network: 'ethereum',
        category: 'scam',
        name: 'MyEtherWallet darklist: Fake Halcyon token sale support',
        source: ETHEREUM_DARKLIST_PAGE,
        listedAt: '2026-04-08',
      },
      {
        address: a.evmC,
        network: 'ethereum',
        category: 'scam',
        name: 'MyEtherWallet darklist (no comment given)',
        source: ETHEREUM_DARKLIST_PAGE,
        listedAt: '2026-04-09',
      },
      {
        address: a.evmA,
        network: 'ethereum',
        category: 'scam',
        name: 'MyEtherWallet darklist: Phishing giveaway ("send 1 ETH, get 2 back")',
        source: ETHEREUM_DARKLIST_PAGE,
      },
    ]);
  });

  it('counts a mistyped checksum, a repeat and a missing address', async () => {
    const { skipped } = await parseDarklist(source('addresses-darklist.json'));
    expect(skipped).toEqual({
      count: 3,
      reasons: { 'not a valid ethereum address': 1, 'address listed more than once in the same category (the first listing is kept)': 1, 'no address': 1 },
      examples: [
        'entry 3 (0x6977dC8d3c64B877e491270f4821a519fCFb70d4): not a valid ethereum address',
        `entry 4 (${a.evmB.toLowerCase()}): address listed more than once in the same category (the first listing is kept)`,
        'entry 5: no address',
      ],
    });
  });

  it('refuses a file that is not the darklist', async () => {
    await expect(parseDarklist(textSource('{"labels": []}', 'labels.json'))).rejects.toThrow(
      new FeedError('invalid-file', 'labels.json is not a JSON array; the darklist is a JSON array of { address, comment, date }'),
    );
    await expect(parseDarklist(textSource('<html>', 'page.html'))).rejects.toThrow(/^page\.html is not valid JSON/);
  });
});

describe('custom-labels: your own labels file', () => {
  it("reads the labels file's format", async () => {
    const { entries, skipped } = await parseCustomLabels(source('custom-labels-v1.json'));
    expect(entries).toEqual([
      expect.objectContaining({ address: a.btcWallet, network: 'bitcoin', category: 'gambling', jurisdiction: 'Curaçao' }),
      // Stored normalized (EIP-55), though the file wrote it in lower case.
      expect.objectContaining({ address: a.evmC, network: 'polygon', category: 'scam' }),
    ]);
    expect(skipped.count).toBe(0);
  });

  it('refuses the whole file when one entry is bad, naming it', async () => {
    const error = await parseCustomLabels(source('custom-labels-bad.json')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedError);
    expect((error as FeedError).code).toBe('invalid-file');
    expect((error as FeedError).message).toMatch(/entry 2 \(Airdrop drainer \(internal case 3112\), 0xd27c.*\): category must be one of sanctioned, mixer/);
  });
});

describe('contract-sets: the shipped mixer and bridge contracts', () => {
  const shippedLabels = JSON.parse(readFileSync(path.resolve(__dirname, '../intelligence/labels.json'), 'utf8')) as { labels: Array<{ address: string }> };

  it('is kept as JSON.stringify(file, null, 2) plus a newline, so its version is the hash of its bytes', () => {
    expect(readFileSync(path.join(__dirname, 'contract-sets.json'), 'utf8')).toBe(contractSetsContent);
  });

  it('holds only mixers and bridges, every address valid, each with the public document it was checked against', () => {
    const { entries, version, sha256 } = contractSetsFeed.shipped();
    expect(entries.length).toBeGreaterThanOrEqual(20);
    for (const e of entries) {
      expect(['mixer', 'bridge']).toContain(e.category);
      expect(e.source).toMatch(/^https:\/\/github\.com\/(tornadocontrib\/tornado-scripts|ethereum-optimism\/superchain-registry)\//);
    }
    expect(sha256.slice(0, 12)).toBe(version);
  });

  it('repeats no address of the shipped labels file', () => {
    const shipped = new Set(shippedLabels.labels.map((l) => l.address.toLowerCase()));
    expect(contractSetsFeed.shipped().entries.filter((e) => shipped.has(e.address.toLowerCase()))).toEqual([]);
  });
});
