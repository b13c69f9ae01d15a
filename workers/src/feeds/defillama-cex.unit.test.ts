/**
 * The DefiLlama CEX feed on a hand-made tree shaped like DefiLlama-Adapters (workers/test-fixtures/
 * feeds/defillama-adapters), read as a directory and as the .tar.gz GitHub serves: which adapters
 * are read, what their configs yield (literal lists, shared constants, the Bitcoin address book)
 * and what is left out and why; and that what a comment holds is never taken, whatever the strings,
 * comments and regular expressions around it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { toChecksumAddress } from '@walletscreen/contracts';
import { locationSource, memorySource, writeRepositoryArchive } from '../../testing/feed-sources';
import { addresses, traceAddresses } from '../../testing/replay-server';
import { FeedError } from '@walletscreen/domain/feed/errors';
import type { FeedEntry } from '@walletscreen/domain/feed/events';
import { DEFILLAMA_ADAPTERS_PAGE, DEFILLAMA_ADAPTERS_URL, DEFILLAMA_SKIP_REASONS, defiLlamaCexFeed, exchangeName, parseDefiLlamaCex } from './defillama-cex';

const fixture = path.resolve(__dirname, '../../test-fixtures/feeds/defillama-adapters');
const TOP = 'DefiLlama-Adapters-0748004f169415a13656a29188cdb956dad4afaf';

/** A CEX adapter of the given body (after its require of the helper), with more files of the repository. */
const adapter = (body: string, extra: Record<string, string> = {}) =>
  parseDefiLlamaCex(memorySource({ 'projects/demo-cex/index.js': `const { cexExports } = require("../helper/cex.js")\n${body}`, ...extra }));

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'defillama-cex-test-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const page = (slug: string) => `${DEFILLAMA_ADAPTERS_PAGE}/projects/${slug}/index.js`;
/** The entry an owner of `slug` becomes. */
const wallet = (slug: string, exchange: string, network: FeedEntry['network'], address: string): FeedEntry => ({
  address,
  network,
  category: 'exchange',
  name: `${exchange} (proof-of-reserves wallet, DefiLlama)`,
  source: page(slug),
  confidence: 'service_data',
  actor: slug,
});

/** What the fixture yields: the CEX adapters in slug order, each config in its order. */
const expectedEntries: FeedEntry[] = [
  // kraken: literal lists (EVM addresses recorded in their EIP-55 form, as EntryCollector normalizes them); its starknet wallet is left out.
  wallet('kraken', 'Kraken', 'ethereum', addresses.evmA),
  wallet('kraken', 'Kraken', 'ethereum', toChecksumAddress('0x1111111111111111111111111111111111111a01')),
  wallet('kraken', 'Kraken', 'ethereum', addresses.evmB),
  wallet('kraken', 'Kraken', 'bitcoin', addresses.btcA),
  wallet('kraken', 'Kraken', 'bitcoin', addresses.btcB),
  // mexc-cex: the book's `mexc` (a shorthand for a constant of the book), the shared `owners` constant.
  wallet('mexc-cex', 'MEXC', 'bitcoin', addresses.btcC),
  wallet('mexc-cex', 'MEXC', 'ethereum', toChecksumAddress('0x3333333333333333333333333333333333330c01')),
  wallet('mexc-cex', 'MEXC', 'ethereum', toChecksumAddress('0x3333333333333333333333333333333333330c02')),
  wallet('mexc-cex', 'MEXC', 'tron', addresses.tronC),
  // nonkyc: what its comments leave (its doge constant sits on a line after a URL in a string).
  wallet('nonkyc', 'NonKYC', 'litecoin', addresses.ltcA),
  wallet('nonkyc', 'NonKYC', 'dogecoin', addresses.dogeWallet),
  wallet('nonkyc', 'NonKYC', 'xrp', addresses.xrpA),
  wallet('nonkyc', 'NonKYC', 'bitcoin', addresses.btcD),
  // okex: Bitcoin from the book's okex.js (through its imports table), EVM from a local constant.
  wallet('okex', 'OKX', 'bitcoin', addresses.btcBusy),
  wallet('okex', 'OKX', 'bitcoin', traceAddresses.btc.x),
  wallet('okex', 'OKX', 'ethereum', toChecksumAddress('0x2222222222222222222222222222222222220b01')),
  wallet('okex', 'OKX', 'ethereum', addresses.evmC),
  wallet('okex', 'OKX', 'tron', addresses.tronA),
  wallet('okex', 'OKX', 'tron', addresses.tronB),
  wallet('okex', 'OKX', 'solana', addresses.solA),
];

const expectedReasons = {
  [DEFILLAMA_SKIP_REASONS.computedConfig]: 1, // binance: cexExports(buildConfig(…))
  [DEFILLAMA_SKIP_REASONS.unscreened('starknet')]: 1, // kraken
  'not a valid ethereum address': 1, // mexc-cex: a starknet address in the shared EVM list
  'not a valid bsc address': 1, // the same, on bsc
  'address listed more than once in the same category (the first listing is kept)': 2, // mexc-cex: bsc repeats ethereum's list
  [DEFILLAMA_SKIP_REASONS.unscreened('avax')]: 3, // mexc-cex: each address of the shared list
  [DEFILLAMA_SKIP_REASONS.computed]: 2, // mexc-cex solana: getSolanaOwners(); okex bsc: ethOwners.concat(…)
  [DEFILLAMA_SKIP_REASONS.unscreened('cardano')]: 1, // nonkyc
  [DEFILLAMA_SKIP_REASONS.unscreened('era')]: 1, // okex
};

describe('defillama-cex: the CEX adapters of the repository', () => {
  it('reads every owner of every CEX adapter, as an exchange wallet named after the exchange', async () => {
    const { entries } = await parseDefiLlamaCex(locationSource(fixture));
    expect(entries).toEqual(expectedEntries);
  });

  it('counts what it leaves out by reason: configs and lists computed at run time, chains not screened, invalid and repeated addresses', async () => {
    const { skipped } = await parseDefiLlamaCex(locationSource(fixture));
    expect(skipped.reasons).toEqual(expectedReasons);
    expect(skipped.count).toBe(13);
    expect(skipped.examples[0]).toBe(`projects/binance/index.js: ${DEFILLAMA_SKIP_REASONS.computedConfig}`);
    expect(skipped.examples[1]).toBe(
      `projects/kraken/index.js starknet owner 1 (0x04a1b2c3d4e5f60718293a4b5c6d7e8f9012345678a…): ${DEFILLAMA_SKIP_REASONS.unscreened('starknet')}`,
    );
  });

  it('reads the .tar.gz GitHub serves exactly as the checkout', async () => {
    const archive = path.join(tmp, 'defillama-adapters.tar.gz');
    await writeRepositoryArchive(archive, fixture, TOP);
    const fromArchive = await parseDefiLlamaCex(locationSource(archive));
    expect(fromArchive.entries).toEqual(expectedEntries);
    expect(fromArchive.skipped.reasons).toEqual(expectedReasons);
  });

  it('takes nothing from a comment, and keeps a string whose URL holds //', async () => {
    const { entries } = await parseDefiLlamaCex(locationSource(fixture));
    const listed = new Set(entries.map((e) => e.address.toLowerCase()));
    // Commented out in nonkyc: an ethereum line, a bitcoincash block, a retired Bitcoin wallet; in the book's okex.js, one more.
    for (const hidden of [
      '0x4444444444444444444444444444444444440d99',
      'bitcoincash:qqfs8chvxpdgpfgas7gffnhuqtsgkyfdpvzg8v9smw',
      addresses.btcE,
      traceAddresses.btc.q,
    ])
      expect(listed.has(hidden.toLowerCase())).toBe(false);
    expect(entries.some((e) => e.network === 'bitcoin-cash')).toBe(false);
    // The doge list is declared after a string holding "https://…//…" on the same line.
    expect(entries).toContainEqual(wallet('nonkyc', 'NonKYC', 'dogecoin', addresses.dogeWallet));
  });

  it('never reads a starknet address as an EVM one, under its own chain or an EVM chain', async () => {
    const { entries } = await parseDefiLlamaCex(locationSource(fixture));
    expect(entries.filter((e) => /^0x[0-9a-f]{64}$/i.test(e.address))).toEqual([]);
    expect(entries.filter((e) => e.network === 'ethereum' || e.network === 'bsc').every((e) => /^0x[0-9a-fA-F]{40}$/.test(e.address))).toBe(true);
  });

  it('ignores adapters that are not CEX ones, even when a comment names the helper', async () => {
    const { entries, skipped } = await parseDefiLlamaCex(locationSource(fixture));
    expect(entries.some((e) => e.actor === 'some-dex')).toBe(false);
    expect(skipped.examples.some((x) => x.includes('some-dex'))).toBe(false);
  });

  it('refuses a tree with no CEX adapter', async () => {
    const source = memorySource({
      'README.md': '# not the repository',
      'projects/some-dex/index.js': "// require('../helper/cex'), cexExports(config)\nmodule.exports = {}",
    });
    await expect(parseDefiLlamaCex(source)).rejects.toThrow(FeedError);
    await expect(parseDefiLlamaCex(source)).rejects.toMatchObject({ code: 'invalid-file', message: expect.stringMatching(/holds no CEX adapter/) });
  });

  it('refuses an archive that is not one', async () => {
    const broken = path.join(tmp, 'broken.tar.gz');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(broken, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02, 0x03]));
    await expect(parseDefiLlamaCex(locationSource(broken))).rejects.toMatchObject({ code: 'invalid-file' });
  });
});

describe('defillama-cex: reading a config statically', () => {
  it('reads an inline config, templates without substitutions, spreads of constants and constants in lists', async () => {
    const { entries, skipped } = await adapter(`
      const hot = '${addresses.tronA}'
      const cold = [\`${addresses.tronB}\`]
      const re = /['"\\/]+/g // a regular expression with quotes is no string
      module.exports = cexExports({
        tron: { owners: [hot, ...cold, \`\${hot}x\`] },
        bitcoincash: { owners: ['bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'] },
        ripple: { tokensAndOwners: [['XRP', '${addresses.xrpB}']] },
      })`);
    expect(entries.map((e) => [e.network, e.address, e.name])).toEqual([
      ['tron', addresses.tronA, 'Demo (proof-of-reserves wallet, DefiLlama)'],
      ['tron', addresses.tronB, 'Demo (proof-of-reserves wallet, DefiLlama)'],
      ['bitcoin-cash', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 'Demo (proof-of-reserves wallet, DefiLlama)'],
    ]);
    expect(skipped.reasons).toEqual({ [DEFILLAMA_SKIP_REASONS.computedOwner]: 1, [DEFILLAMA_SKIP_REASONS.noOwners]: 1 });
  });

  it("counts a book entry that only a fetcher fills, and a config that spreads another's", async () => {
    const { entries, skipped } = await adapter(
      `const book = require('../helper/bitcoin-book')
       const { lbank } = require('../helper/bitcoin-book/index.js')
       const base = { ethereum: { owners: ['${traceAddresses.eth.wallet}'] } }
       const config = { ...base, bitcoin: { owners: book.binanceFetcher }, litecoin: { owners: lbank }, doge: 'DBMwyhPCsSMjtk86GKTWh6rxE4Fq25d722' }
       module.exports = cexExports(config)`,
      {
        'projects/helper/bitcoin-book/index.js': `const fetchers = require('./fetchers.js')\nmodule.exports = { ...fetchers, lbank: ['${addresses.ltcWallet}'] }`,
      },
    );
    // lbank's list is a litecoin address: read on litecoin, as the config says.
    expect(entries.map((e) => [e.network, e.address])).toEqual([['litecoin', addresses.ltcWallet]]);
    expect(skipped.reasons).toEqual({
      [DEFILLAMA_SKIP_REASONS.computedConfig]: 1,
      [DEFILLAMA_SKIP_REASONS.computedBook]: 1,
      [DEFILLAMA_SKIP_REASONS.computedChain]: 1,
    });
  });

  it('reads an adapter whose odd code it cannot follow without throwing', async () => {
    const { entries } = await adapter(`
      const weird = ((a) => a)({ nested: [1, 2, { deep: '}' }] })
      async function later() { return { owners: await x } }
      const config = { get bitcoin() { return 1 }, [computed]: 1, tron: { owners: ['${addresses.tronC}'] }, 'solana': { owners: ['${addresses.solB}'], }, }
      module.exports = cexExports(config)`);
    expect(entries.map((e) => e.address)).toEqual([addresses.tronC, addresses.solB]);
  });
  it("counts an adapter that cannot be parsed as not read, with the parser's message, and reads the others", async () => {
    const { entries, skipped } = await parseDefiLlamaCex(
      memorySource({
        'projects/broken-cex/index.js': `const { cexExports } = require('../helper/cex')\nconst owners = ['${addresses.tronA}'\nmodule.exports = cexExports({ tron: { owners } })`,
        'projects/demo-cex/index.js': `const { cexExports } = require('../helper/cex')\nmodule.exports = cexExports({ tron: { owners: ['${addresses.tronB}'] } })`,
      }),
    );
    expect(entries.map((e) => e.address)).toEqual([addresses.tronB]);
    expect(skipped.reasons).toEqual({ [DEFILLAMA_SKIP_REASONS.unreadable]: 1 });
    expect(skipped.examples).toEqual([`projects/broken-cex/index.js (Unexpected token (3:0)): ${DEFILLAMA_SKIP_REASONS.unreadable}`]);
  });
});

describe('defillama-cex: comments, strings and regular expressions', () => {
  const special = ['a', '0', ' ', '/', '*', "'", '"', '`', '\\', ':', '$', '{', '}', '[', ']', ',', 'h'];
  const text = (chars: string[]) => fc.array(fc.constantFrom(...chars), { maxLength: 12 }).map((cs) => cs.join(''));
  /** A string literal of any text, in any of the three quotes. */
  const literal = (quote: string, value: string) => {
    const escaped = value.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`);
    return quote + (quote === '`' ? escaped.replaceAll('${', '\\${') : escaped) + quote;
  };
  /** Six ethereum addresses (lower case; entries hold them in their EIP-55 form). */
  const pool = Array.from({ length: 6 }, (_, i) => `0x${'5a'.repeat(19)}${i.toString(16).padStart(2, '0')}`);

  it('takes an address in a string literal, never one in a comment, whatever the strings, comments and regular expressions around them', async () => {
    const quote = fc.constantFrom("'", '"', '`');
    const at = fc.nat(pool.length - 1);
    const piece = fc.oneof(
      fc.record({ kind: fc.constant('owner' as const), quote, at }),
      fc.record({ kind: fc.constant('line' as const), quote, at, before: text(special), after: text(special) }),
      fc.record({
        kind: fc.constant('block' as const),
        quote,
        at,
        before: text([...special, '\n']).filter((v) => !v.includes('*/')),
        after: text([...special, '\n']).filter((v) => !v.includes('*/')),
      }),
      // Not addresses: left out as computed, or as invalid addresses; none may hide or reveal what follows.
      fc.record({ kind: fc.constant('decoy' as const), quote, value: text(special) }),
      fc.record({ kind: fc.constant('code' as const), value: fc.constantFrom("/'\\/\\//g", '/"\\/\\*/', '/[/*\'"`]+/', '4 / 2 / 1', '(a) / 2 // 1') }),
    );
    await fc.assert(
      fc.asyncProperty(text(special), fc.array(piece, { maxLength: 16 }), async (note, pieces) => {
        const taken: string[] = [];
        const items = pieces.map((p) => {
          switch (p.kind) {
            case 'owner':
              taken.push(pool[p.at]!);
              return `${literal(p.quote, pool[p.at]!)},`;
            case 'line':
              return `//${p.before} ${literal(p.quote, pool[p.at]!)}, ${p.after}\n`;
            case 'block':
              return `/*${p.before} ${literal(p.quote, pool[p.at]!)}, ${p.after}*/`;
            case 'decoy':
              return `${literal(p.quote, p.value)},`;
            case 'code':
              return `${p.value}\n,`;
          }
        });
        // A string that looks like a comment opener on the line of the list, as in nonkyc's adapter.
        const { entries, skipped } = await adapter(
          `const note = ${literal("'", note)}; const owners = [${items.join(' ')}]\nmodule.exports = cexExports({ ethereum: { owners } })`,
        );
        expect(skipped.reasons[DEFILLAMA_SKIP_REASONS.unreadable]).toBeUndefined();
        expect(entries.map((e) => e.address.toLowerCase())).toEqual([...new Set(taken)]);
      }),
    );
  });
});

describe('defillama-cex: the definition', () => {
  it('is a downloaded feed of exchange wallets, on by default, ISC per its package.json', () => {
    expect(defiLlamaCexFeed).toMatchObject({
      id: 'defillama-cex',
      kind: 'download',
      categories: ['exchange'],
      enabledByDefault: true,
      defaultUrl: DEFILLAMA_ADAPTERS_URL,
      licence: { name: 'ISC', url: 'https://github.com/DefiLlama/DefiLlama-Adapters', commercialUse: true },
      covers: ['bitcoin', 'litecoin', 'dogecoin', 'bitcoin-cash', 'evm', 'tron', 'solana', 'xrp'],
    });
    expect(DEFILLAMA_ADAPTERS_URL).toBe('https://codeload.github.com/DefiLlama/DefiLlama-Adapters/tar.gz/refs/heads/main');
    expect(defiLlamaCexFeed.parse).toBe(parseDefiLlamaCex);
  });

  it('names exchanges after their folder', () => {
    expect(['kraken', 'okex', 'mexc-cex', 'bitkub-cex', 'crypto-com', 'bybit'].map(exchangeName)).toEqual([
      'Kraken',
      'OKX',
      'MEXC',
      'Bitkub',
      'Crypto.com',
      'Bybit',
    ]);
  });
});
