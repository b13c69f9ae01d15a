import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { evmNetworks, parseAddress, toChecksumAddress, type Network } from '@walletscreen/contracts';
import { riskCategories } from '../checks/risk-model';
import { matchKeyFor } from '../sanctions/match-key';
import { chainOfNetwork } from '@walletscreen/domain/sanctions-list/listing';
import { LabelsFileError, loadLabels, shippedLabelsVersion } from './labels';

const shippedFile = path.join(__dirname, 'labels.json');
const fixture = (name: string) => path.resolve(__dirname, '../../test-fixtures/intelligence', name);
const sha12 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

interface RawEntry {
  address: string;
  network: Network;
  category: string;
  name: string;
  source: string;
  jurisdiction?: string;
}
const shippedBytes = readFileSync(shippedFile);
const shipped = JSON.parse(shippedBytes.toString('utf8')) as { labels: RawEntry[] };

const TORNADO_01_ETH = '0x12D66f87A04A9E220743712cE6d9bB1B5616B8Fc';
const BINANCE_14 = '0x28C6c06298d514Db089934071355E5743bf21d60';
const BINANCE_BTC_COLD = '34xp4vRoCGJym3xR7yCVPFHoCNxv4Twseo';
const BITFINEX_BTC_COLD = 'bc1qgdjqv0av3q56jvd82tkdjpy7gdp9ut8tlqmgrpmv24sq90ecnvqqjwvw97';
const BINANCE_TRON = 'TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi';

describe('the shipped labels file', () => {
  const entries = shipped.labels.map((entry, i) => [`${i + 1}: ${entry.name} ${entry.address}`, entry] as const);

  it('holds between 30 and 80 entries across Bitcoin, Ethereum/EVM and TRON', () => {
    expect(shipped.labels.length).toBeGreaterThanOrEqual(30);
    expect(shipped.labels.length).toBeLessThanOrEqual(80);
    expect(new Set(shipped.labels.map((e) => e.network))).toEqual(new Set(['bitcoin', 'ethereum', 'tron']));
  });

  it.each(entries)('entry %s parses on its network and is stored normalized', (_, entry) => {
    const parsed = parseAddress(entry.address, entry.network);
    expect(parsed).toMatchObject({ ok: true });
    if (parsed.ok) expect(entry.address).toBe(parsed.address.normalized);
    if (parsed.ok && parsed.address.chain === 'evm') expect(entry.network).toBe('ethereum');
  });

  it.each(entries)('entry %s has a valid category, a name and an https source', (_, entry) => {
    expect(riskCategories).toContain(entry.category);
    expect(entry.name.trim()).not.toBe('');
    expect(new URL(entry.source).protocol).toBe('https:');
    expect(Object.keys(entry).every((k) => ['address', 'network', 'category', 'name', 'source', 'jurisdiction'].includes(k))).toBe(true);
  });

  it('labels each address once, so no address carries conflicting categories', () => {
    const keys = shipped.labels.map((e) => `${chainOfNetwork(e.network)}:${matchKeyFor(e.network, e.address)}`);
    const repeated = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(repeated).toEqual([]);
  });

  it('is written in the canonical form, so its version is the SHA-256 of its exact bytes', () => {
    expect(shippedBytes.toString('utf8')).toBe(`${JSON.stringify(JSON.parse(shippedBytes.toString('utf8')), null, 2)}\n`);
    expect(shippedLabelsVersion).toBe(sha12(shippedBytes));
    expect(shippedLabelsVersion).toMatch(/^[0-9a-f]{12}$/);
    expect(loadLabels().labelsVersion).toBe(shippedLabelsVersion);
  });

  it('loads every entry as a shipped label', () => {
    const index = loadLabels();
    expect(index.labels).toHaveLength(shipped.labels.length);
    expect(index.labels.every((l) => l.origin === 'shipped')).toBe(true);
  });
});

describe('labelsFor', () => {
  const index = loadLabels();

  it('matches an EVM address whatever its case, on every EVM network, keyed by the address as given', () => {
    const forms = [TORNADO_01_ETH, TORNADO_01_ETH.toLowerCase(), `0x${TORNADO_01_ETH.slice(2).toUpperCase()}`];
    for (const network of evmNetworks) {
      const found = index.labelsFor(network, forms);
      expect([...found.keys()]).toEqual(forms);
      for (const form of forms) {
        expect(found.get(form)).toEqual([
          expect.objectContaining({
            address: TORNADO_01_ETH,
            network: 'ethereum',
            category: 'mixer',
            origin: 'shipped',
            source: 'https://ofac.treasury.gov/recent-actions/20220808',
          }),
        ]);
      }
    }
  });

  it('matches Bitcoin base58 addresses exactly and bech32 addresses in either case', () => {
    const found = index.labelsFor('bitcoin', [BINANCE_BTC_COLD, BINANCE_BTC_COLD.toLowerCase(), BITFINEX_BTC_COLD.toUpperCase()]);
    expect(found.get(BINANCE_BTC_COLD)).toEqual([expect.objectContaining({ category: 'exchange', name: 'Binance cold wallet' })]);
    expect(found.has(BINANCE_BTC_COLD.toLowerCase())).toBe(false);
    expect(found.get(BITFINEX_BTC_COLD.toUpperCase())).toEqual([expect.objectContaining({ category: 'exchange', jurisdiction: 'British Virgin Islands' })]);
  });

  it('keeps chains apart: a Bitcoin label does not match on Bitcoin Cash or Litecoin', () => {
    expect(index.labelsFor('bitcoin-cash', [BINANCE_BTC_COLD]).size).toBe(0);
    expect(index.labelsFor('litecoin', [BINANCE_BTC_COLD]).size).toBe(0);
    expect(index.labelsFor('ethereum', [BINANCE_TRON]).size).toBe(0);
  });

  it('matches TRON addresses', () => {
    expect(index.labelsFor('tron', [BINANCE_TRON]).get(BINANCE_TRON)).toEqual([expect.objectContaining({ category: 'exchange', name: 'Binance' })]);
  });

  it('leaves out addresses without a label, and copes with text that is not an address', () => {
    const found = index.labelsFor('ethereum', ['0x0000000000000000000000000000000000000001', 'not an address', '', BINANCE_14]);
    expect([...found.keys()]).toEqual([BINANCE_14]);
  });

  it('returns copies: changing a result does not change the index', () => {
    const first = index.labelsFor('ethereum', [BINANCE_14]).get(BINANCE_14)![0]!;
    first.name = 'changed';
    expect(index.labelsFor('ethereum', [BINANCE_14]).get(BINANCE_14)![0]!.name).toBe('Binance 14');
  });
});

describe('an extra labels file', () => {
  it('is merged over the shipped labels: its entries replace the shipped label of the same address and add new ones', () => {
    const index = loadLabels({ extraLabelsFile: fixture('custom-labels.json') });
    expect(index.labelsFor('ethereum', [BINANCE_14.toLowerCase()]).get(BINANCE_14.toLowerCase())).toEqual([
      {
        address: BINANCE_14,
        network: 'ethereum',
        category: 'exchange',
        name: 'Binance 14 (reviewed by our compliance team)',
        source: 'https://compliance.example.com/cases/1842',
        origin: 'custom',
      },
    ]);
    // Written in lower case for BSC, stored normalized, found on every EVM network.
    expect(index.labelsFor('polygon', ['0x00000000000000000000000000000000000000AA']).get('0x00000000000000000000000000000000000000AA')).toEqual([
      expect.objectContaining({ address: toChecksumAddress('0x00000000000000000000000000000000000000aa'), network: 'bsc', category: 'scam', origin: 'custom' }),
    ]);
    expect(index.labelsFor('bitcoin', ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4']).get('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toEqual([
      expect.objectContaining({ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', category: 'other', origin: 'custom' }),
    ]);
    // Shipped labels the extra file does not mention stay.
    expect(index.labelsFor('ethereum', [TORNADO_01_ETH]).get(TORNADO_01_ETH)).toEqual([expect.objectContaining({ origin: 'shipped' })]);
    expect(index.labels).toHaveLength(shipped.labels.length + 2);
  });

  it('is part of the labels version: shipped+extra, each the SHA-256 of its file', () => {
    const index = loadLabels({ extraLabelsFile: fixture('custom-labels.json') });
    expect(index.labelsVersion).toBe(`${shippedLabelsVersion}+${sha12(readFileSync(fixture('custom-labels.json')))}`);
  });

  describe('that is invalid', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'walletscreen-labels-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const write = (content: string) => {
      const file = path.join(dir, 'labels.json');
      writeFileSync(file, content);
      return file;
    };
    const problemsOf = (file: string): string[] => {
      try {
        loadLabels({ extraLabelsFile: file });
      } catch (error) {
        expect(error).toBeInstanceOf(LabelsFileError);
        expect((error as Error).message).toContain(`Invalid labels file ${file}:`);
        return (error as LabelsFileError).problems;
      }
      throw new Error('expected a LabelsFileError');
    };

    it('names every bad entry by its number, name and address, and says what is wrong', () => {
      expect(problemsOf(fixture('invalid-labels.json'))).toEqual([
        'entry 2 (Mistyped checksum, 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD): the address is not a valid ethereum address: The mixed-case checksum (EIP-55) of this address does not match: check it for a typo',
        'entry 3 (Unknown category, 0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359): category must be one of sanctioned, mixer, darknet, ransomware, scam, theft, gambling, exchange, defi, bridge, other, sextortion, phishing, exploit, terrorism, miner, coinjoin, frozen',
        'entry 4 (No link to the evidence, 0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB): source must be the http(s) URL of the public document the label comes from',
        'entry 5 (Misspelt field, 0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb): unknown field "notes"',
        'entry 6 (Same address as the first entry, 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed): the address is already labelled by entry 1; give each address one entry',
      ]);
    });

    it('says which field is missing, and which network an address does not belong to', () => {
      const file = write(
        JSON.stringify({
          labels: [
            { address: BINANCE_BTC_COLD, network: 'tron', category: 'exchange', name: 'x', source: 'https://example.com/x' },
            { network: 'bitcoin', category: 'exchange', name: 'y', source: 'https://example.com/y' },
            'oops',
          ],
        }),
      );
      expect(problemsOf(file)).toEqual([
        `entry 1 (x, ${BINANCE_BTC_COLD}): the address is not a valid tron address: This is a Bitcoin address; it cannot be screened on TRON`,
        'entry 2 (y): address is missing',
        'entry 3: must be an object',
      ]);
    });

    it('reports a missing file, a file that is not JSON and a file without a labels list', () => {
      expect(problemsOf(path.join(dir, 'absent.json'))).toEqual(['no such file']);
      expect(problemsOf(write('{"labels": [')).join()).toMatch(/^not valid JSON: /);
      expect(problemsOf(write('[]'))).toEqual(['the file must be an object with a "labels" array']);
    });
  });
});
