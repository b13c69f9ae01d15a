/**
 * The GraphSense TagPacks feed on samples cut from the real packs (workers/test-fixtures/feeds/
 * graphsense-tagpacks), read as a directory and as the .tar.gz GitHub serves: how tags inherit
 * their pack's header, how they map onto our categories and networks, which packs are left out and
 * why; and the archive reader under it.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeTarGz } from '../../testing/archives';
import { locationSource, memorySource, filesUnder, writeRepositoryArchive } from '../../testing/feed-sources';
import { sourceFiles } from './archive';
import { FeedError } from '@walletscreen/domain/feed/errors';
import type { FeedEntry } from '@walletscreen/domain/feed/events';
import type { FeedSource, SourceFile } from './feed';
import {
  categoryOfTag,
  GRAPHSENSE_EXCLUDED_SOURCES,
  GRAPHSENSE_TAGPACKS_PAGE,
  graphsenseTagpacksFeed,
  networkOfTag,
  parseGraphsenseTagpacks,
} from './graphsense';

const fixture = path.resolve(__dirname, '../../test-fixtures/feeds/graphsense-tagpacks');
const TOP = 'graphsense-tagpacks-29ff93c8ab0db37370453a290b7becba429b73f8';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'graphsense-test-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const count = (entries: readonly FeedEntry[], by: (e: FeedEntry) => string) =>
  entries.reduce<Record<string, number>>((m, e) => ({ ...m, [by(e)]: (m[by(e)] ?? 0) + 1 }), {});

describe('graphsense-tagpacks: the packs of the repository', () => {
  it('maps every tag it keeps onto a category, from its abuse first, then its category, then a US Treasury source', async () => {
    const { entries } = await parseGraphsenseTagpacks(locationSource(fixture));
    expect(entries).toHaveLength(36);
    expect(count(entries, (e) => e.category)).toEqual({
      defi: 3, // defi_dex
      exchange: 8, // bitmex 3, bitfinex 3 (BTC, ETH, USDT on Solana), and hacks.yaml's Bitstamp 2 (a category on the tag)
      sanctioned: 5, // lazarus (abuse sanction) 3, ofac (category user, Treasury source) 2
      miner: 3,
      scam: 2,
      ransomware: 3,
      sextortion: 3,
      mixer: 3, // Tornado Cash: a mixer, though its source is the Treasury's
      frozen: 3,
      coinjoin: 2,
      exploit: 1,
    });
  });

  it('gives each tag its pack header, and the tag its own values over it', async () => {
    const { entries } = await parseGraphsenseTagpacks(locationSource(fixture));
    const byAddress = new Map(entries.map((e) => [`${e.address}|${e.category}`, e]));
    // Everything from the header: label, source, confidence, actor (with the actor pack's jurisdiction), lastmod.
    expect(byAddress.get('3BMEXbSSrK2K7cRgqxrtqUWfxowBBrW1BE|exchange')).toEqual({
      address: '3BMEXbSSrK2K7cRgqxrtqUWfxowBBrW1BE',
      network: 'bitcoin',
      category: 'exchange',
      name: 'bitmex reserve wallet',
      source: 'https://s3-eu-west-1.amazonaws.com/public.bitmex.com/data/porl/20221115-reserves-763269-20221115D113036434534000.yaml',
      jurisdiction: 'Seychelles',
      listedAt: '2022-11-16',
      confidence: 'service_data',
      actor: 'bitmex',
    });
    // hacks.yaml's header has no category, label, source or actor: the tag brings them; currency, confidence and lastmod are the header's.
    expect(byAddress.get('1JoktQJhCzuCQkt3GnQ8Xddcq4mUgNyXEa|exchange')).toEqual({
      address: '1JoktQJhCzuCQkt3GnQ8Xddcq4mUgNyXEa',
      network: 'bitcoin',
      category: 'exchange',
      name: 'Bitstamp',
      source: 'https://www.reddit.com/r/Bitcoin/comments/2rdvi7/bistamps_cold_storage_address/',
      jurisdiction: 'United Kingdom, Luxembourg',
      listedAt: '2021-11-12',
      confidence: 'web_crawl',
      actor: 'bitstamp',
    });
    expect(byAddress.get('1HVi6re6zDr5c5v9Sk2mmL9u7svEHfiBt4|exploit')).toMatchObject({
      name: 'Betco.in hack',
      source: 'https://bitcointalk.org/index.php?topic=576337',
    });
    expect(byAddress.get('1HVi6re6zDr5c5v9Sk2mmL9u7svEHfiBt4|exploit')).not.toHaveProperty('actor');
    // Labels on the tags (ransomware.yaml's header has none); actors on the tags (miners.yaml).
    expect(byAddress.get('1Lud76Q98VRHCUiyK7XUs7AgFofrqXeP78|ransomware')).toMatchObject({ name: '7ev3n', confidence: 'forensic', listedAt: '2021-11-14' });
    expect(byAddress.get('1NFw6R8ySoyzCvRrKGK2jWDuVUcq8ECggP|miner')).toMatchObject({ name: 'Sigmapool.com', actor: 'sigmapool', jurisdiction: 'Singapore' });
    expect(byAddress.get('1D5bvwaJqvG9S682YFE31TQRjZSnkhE8cy|miner')).toMatchObject({ actor: 'bitcoincom', jurisdiction: 'Bahamas' });
    // The currency on each tag (bitfinex): ETH, and USDT on a Solana address.
    expect(byAddress.get('0x77134cbC06cB00b66F4c7e623D5fdBF6777635EC|exchange')).toMatchObject({ network: 'ethereum', name: 'bitfinex ETH/ERC20 hot wallet' });
    expect(byAddress.get('GnCRxKqUEPouYMvTb5nJMGrDB3VkTXZnDTaDuVZdnWA3|exchange')).toMatchObject({ network: 'solana', jurisdiction: 'British Virgin Islands' });
  });

  it('reads the sanctioned, frozen, mixer and DeFi packs with their confidence and actors', async () => {
    const { entries } = await parseGraphsenseTagpacks(locationSource(fixture));
    const of = (category: string) => entries.filter((e) => e.category === category);
    // An actor with no jurisdiction (lazarusgroup): none given.
    expect(of('sanctioned')[0]).toEqual({
      address: '134r8iHv69xdT6p5qVKTsHrcUEuBVZAYak',
      network: 'bitcoin',
      category: 'sanctioned',
      name: 'Lazarus group',
      source: 'https://www.treasury.gov/resource-center/sanctions/OFAC-Enforcement/Pages/20200302.aspx',
      listedAt: '2022-04-15',
      confidence: 'authority_data',
      actor: 'lazarusgroup',
    });
    // ofac.yaml states no confidence: none given.
    expect(of('sanctioned').find((e) => e.address === '3K35dyL85fR9ht7UgzPfd1gLRRXQtNTqE3')).toEqual({
      address: '3K35dyL85fR9ht7UgzPfd1gLRRXQtNTqE3',
      network: 'bitcoin',
      category: 'sanctioned',
      name: 'Asset listed under US Treasury OFAC Sanctions List',
      source: 'https://www.treasury.gov/ofac/downloads/sdnlist.txt',
      listedAt: '2024-02-26',
    });
    expect(of('frozen').map((e) => [e.address, e.network, e.confidence, e.name])).toEqual([
      ['0x008fe40574e881E7247b50b991c0Cc057D66647F', 'ethereum', 'ledger_immanent', 'USDT_blacklisted'],
      ['0x0000000000000000000000000000000000000000', 'ethereum', 'ledger_immanent', 'USDT_blacklisted'],
      ['0x0000000000000000000000000000000000000018', 'ethereum', 'ledger_immanent', 'USDT_blacklisted'],
    ]);
    expect(of('mixer').every((e) => e.actor === 'tornado' && e.name === 'tornado.cash' && e.confidence === 'authority_data' && !e.jurisdiction)).toBe(true);
    expect(of('defi').map((e) => [e.name, e.actor, e.jurisdiction])).toEqual([
      ['curvefinance_Emergency-Token', 'curve', 'Switzerland'],
      ['curvefinance_MetaPool-Factory.vy', 'curve', 'Switzerland'],
      ['curvefinance_3pool-MetaImplementationUSD.vy', 'curve', 'Switzerland'],
    ]);
    expect(of('coinjoin').map((e) => [e.address, e.name])).toEqual([
      ['bc1qs604c7jv6amk4cxqlnvuxv26hv3e48cds4m0ew', 'Wasabi Fee'],
      ['bc1qa24tsgchvuxsaccp8vrnkfd85hrcpafg20kmjw', 'Wasabi Fee'],
    ]);
  });

  it('leaves out every tag of a pack that re-packages etherscan.io or walletexplorer.com, and counts every tag it cannot use', async () => {
    const { entries, skipped } = await parseGraphsenseTagpacks(locationSource(fixture));
    expect(skipped.count).toBe(10);
    expect(skipped.reasons).toEqual({
      're-packages etherscan.io data, whose terms forbid reuse': 3,
      're-packages walletexplorer.com data, whose terms forbid reuse': 3,
      // bitfinex's Polygon hot wallet is its ETH hot wallet: one EVM address, one entry.
      'address listed more than once in the same category (the first listing is kept)': 1,
      'currency AVAX is not on a network WalletScreen screens': 1,
      'USDT on a network WalletScreen does not screen (its Ethereum, TRON and Solana addresses are read)': 1,
      'not a valid bitcoin address': 1,
    });
    expect(skipped.examples).toEqual([
      'packs/etherscan-wordcloud-mixing_service.yaml tag 1 (0xdd4c48c0b24039969fc16d1cdf626eab821d3384): re-packages etherscan.io data, whose terms forbid reuse',
      'packs/etherscan-wordcloud-mixing_service.yaml tag 2 (0x77777feddddffc19ff86db637967013e6c6a116c): re-packages etherscan.io data, whose terms forbid reuse',
      'packs/etherscan-wordcloud-mixing_service.yaml tag 3 (0x3efa30704d2b8bbac821307230376556cf8cc39e): re-packages etherscan.io data, whose terms forbid reuse',
      'packs/exchange-wallets-bitfinexcom.yaml tag 3 (0x77134cbc06cb00b66f4c7e623d5fdbf6777635ec): address listed more than once in the same category (the first listing is kept)',
      'packs/exchange-wallets-bitfinexcom.yaml tag 4 (0x77134cbc06cb00b66f4c7e623d5fdbf6777635ec): currency AVAX is not on a network WalletScreen screens',
    ]);
    // Tornado Cash's first address is also in the etherscan pack: it is here once, from tornado_cash.yaml.
    expect(entries.filter((e) => e.address.toLowerCase() === '0xdd4c48c0b24039969fc16d1cdf626eab821d3384').map((e) => e.name)).toEqual(['tornado.cash']);
    // plustoken.yaml's first address does not check out as Bitcoin; its others do.
    expect(entries.filter((e) => e.name === 'Plus Token Scam').map((e) => e.address)).toEqual([
      '3ETAVt2scYBFkBFksuNDk1i5tDLQ2c4zWR',
      '3EYsru4LUcN258sENYPu5Py3S5WnqxEcnE',
    ]);
    expect(GRAPHSENSE_EXCLUDED_SOURCES.map((e) => e.host)).toEqual(['etherscan.io', 'walletexplorer.com']);
  });

  it('reads the same from the .tar.gz GitHub serves (one top folder) as from the directory', async () => {
    const archive = path.join(tmp, 'master');
    await writeRepositoryArchive(archive, fixture, TOP);
    const fromArchive = await parseGraphsenseTagpacks(locationSource(archive));
    expect(fromArchive).toEqual(await parseGraphsenseTagpacks(locationSource(fixture)));
  });

  it('skips transaction tags, reads `network` over `currency`, a date with a time, and names a pack with no web source by its GitHub page', async () => {
    const { entries, skipped } = await parseGraphsenseTagpacks(
      memorySource({
        'packs/sub/mixed.yaml': [
          'title: Mixed pack',
          'creator: test',
          'lastmod: 2023-08-16 12:18:52.619444',
          'currency: BTC',
          'abuse: scam',
          'confidence: very_sure',
          'source: https://etherscan.io.example.org/not-etherscan',
          'tags:',
          '- tx_hash: 348a042dfedaf64400bf6660fe0ed523b373f172b7914985600d882ac09e0631',
          '- address: TMuA6YqfCeX8EhbfYEg5y7S4DqzSJireY9',
          '  network: TRX',
          '  currency: USDT',
          '- address: 1Lud76Q98VRHCUiyK7XUs7AgFofrqXeP78',
          '  source: internal note',
          '  abuse: money_laundering',
          '  lastmod: 2020-01-02',
          '- address: 1Lud76Q98VRHCUiyK7XUs7AgFofrqXeP78',
          '  category: exchange',
          '  abuse: null',
          '- address: bnb136ns6lfw4zs5hg4n85vdthaad7hq5m4gtkgf23',
          '  currency: BNB',
          '- address: 3BMEXbSSrK2K7cRgqxrtqUWfxowBBrW1BE',
          '  currency: ""',
          '  network: ""',
          '- just text',
          '',
        ].join('\n'),
        'packs/broken.yaml': 'title: [unclosed\ntags:\n- address: x\n',
        'packs/empty.yaml': 'title: no tags\n',
      }),
    );
    expect(entries).toEqual([
      {
        address: 'TMuA6YqfCeX8EhbfYEg5y7S4DqzSJireY9',
        network: 'tron',
        category: 'scam',
        name: 'Mixed pack',
        source: 'https://etherscan.io.example.org/not-etherscan',
        listedAt: '2023-08-16',
      },
      {
        // An abuse we have no category for, and no category: other.
        address: '1Lud76Q98VRHCUiyK7XUs7AgFofrqXeP78',
        network: 'bitcoin',
        category: 'other',
        name: 'Mixed pack',
        source: `${GRAPHSENSE_TAGPACKS_PAGE}/packs/sub/mixed.yaml`,
        listedAt: '2020-01-02',
      },
      {
        // `abuse: null` on the tag: the pack's abuse does not apply.
        address: '1Lud76Q98VRHCUiyK7XUs7AgFofrqXeP78',
        network: 'bitcoin',
        category: 'exchange',
        name: 'Mixed pack',
        source: 'https://etherscan.io.example.org/not-etherscan',
        listedAt: '2023-08-16',
      },
    ]);
    expect(skipped.reasons).toEqual({
      'a transaction (tx_hash), not an address: not screened': 1,
      'not a valid bsc address': 1,
      'no currency or network stated': 1,
      'tag is not a mapping': 1,
      'pack is not valid YAML (none of its tags is read)': 1,
      'pack has no list of tags': 1,
    });
    expect(skipped.examples).toContain('packs/sub/mixed.yaml tag 1: a transaction (tx_hash), not an address: not screened');
    expect(skipped.examples).toContain('packs/broken.yaml line 2: pack is not valid YAML (none of its tags is read)');
  });

  it('reads the files once when the actors come first, and gives the actors to every pack when a source lists them after', async () => {
    const actors = 'actors:\n  - id: curve\n    label: Curve\n    jurisdictions: [CH]\n';
    const pack =
      'title: DeFi\ncurrency: ETH\ncategory: defi\nactor: curve\ntags:\n  - address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"\n    label: curve pool\n';
    const reads: string[] = [];
    const counted = (files: Record<string, string>): FeedSource => {
      const inner = memorySource(files);
      return {
        ...inner,
        async *files() {
          reads.push('pass');
          yield* inner.files();
        },
      };
    };
    const first = await parseGraphsenseTagpacks(counted({ 'actors/curve.yaml': actors, 'packs/defi.yaml': pack }));
    expect(reads).toHaveLength(1);
    expect(first.entries.map((e) => [e.actor, e.jurisdiction])).toEqual([['curve', 'Switzerland']]);
    reads.length = 0;
    const late = await parseGraphsenseTagpacks(counted({ 'packs/defi.yaml': pack, 'actors/curve.yaml': actors }));
    expect(reads).toHaveLength(2);
    expect(late.entries).toEqual(first.entries);
    expect(late.skipped).toEqual(first.skipped);
  });

  it('reads one pack given on its own, and refuses files that hold no pack', async () => {
    const single = path.join(tmp, 'lazarus.yaml');
    await writeFile(single, await readFile(path.join(fixture, 'packs/lazarus.yaml')));
    const { entries } = await parseGraphsenseTagpacks(locationSource(single));
    expect(entries.map((e) => [e.category, e.actor, e.jurisdiction])).toEqual([
      ['sanctioned', 'lazarusgroup', undefined],
      ['sanctioned', 'lazarusgroup', undefined],
      ['sanctioned', 'lazarusgroup', undefined],
    ]);
    await expect(parseGraphsenseTagpacks(memorySource({ 'README.md': '# hello', LICENSE: 'MIT' }))).rejects.toThrow(
      expect.objectContaining({ code: 'invalid-file', message: expect.stringContaining('holds no packs/*.yaml') }) as Error,
    );
  });

  it('states its licence, its default URL and every category it can give', () => {
    expect(graphsenseTagpacksFeed).toMatchObject({
      id: 'graphsense-tagpacks',
      kind: 'download',
      enabledByDefault: true,
      defaultUrl: 'https://codeload.github.com/graphsense/graphsense-tagpacks/tar.gz/refs/heads/master',
      licence: { name: 'MIT', url: 'https://github.com/graphsense/graphsense-tagpacks/blob/master/LICENSE', commercialUse: true },
    });
    expect([...graphsenseTagpacksFeed.categories].sort()).toEqual(
      [
        'bridge',
        'coinjoin',
        'darknet',
        'defi',
        'exchange',
        'exploit',
        'frozen',
        'gambling',
        'miner',
        'mixer',
        'other',
        'phishing',
        'ransomware',
        'sanctioned',
        'scam',
        'sextortion',
        'terrorism',
      ].sort(),
    );
    expect(graphsenseTagpacksFeed.description).toMatch(/etherscan\.io or walletexplorer\.com/);
  });
});

describe('categoryOfTag and networkOfTag', () => {
  it.each([
    ['sextortion', undefined, null, 'sextortion'],
    ['phishing', 'exchange', null, 'phishing'],
    ['ponzi_scheme', undefined, null, 'scam'],
    ['pyramid_scheme', 'service', null, 'scam'],
    ['investment_fraud', undefined, null, 'scam'],
    ['service_hack', undefined, null, 'exploit'],
    ['extremism', 'organization', null, 'terrorism'],
    ['sanction', 'user', 'fbi.gov', 'sanctioned'],
    [undefined, 'mixing_service', 'home.treasury.gov', 'mixer'],
    [undefined, 'market', 'home.treasury.gov', 'darknet'],
    [undefined, 'user', 'treasury.gov', 'sanctioned'],
    [undefined, undefined, 'ofac.treasury.gov', 'sanctioned'],
    [undefined, 'black_list', 'ikna.io', 'frozen'],
    [undefined, 'defi_lending', null, 'defi'],
    [undefined, 'defi_bridge', null, 'bridge'],
    [undefined, 'gambling', null, 'gambling'],
    [undefined, 'wallet_service', null, 'other'],
    ['macro_malware', undefined, 'nottreasury.gov.example', 'other'],
  ])('abuse %s, category %s, source host %s: %s', (abuse, category, host, expected) => {
    expect(categoryOfTag(abuse, category, host)).toBe(expected);
  });

  it('places each currency on its network, and stablecoins by the address', () => {
    expect(networkOfTag('BTC', '1Lud76Q98VRHCUiyK7XUs7AgFofrqXeP78')).toEqual({ network: 'bitcoin' });
    expect(networkOfTag('bep20', '0xf977814e90da44bfa03b6295a0616a897441acec')).toEqual({ network: 'bsc' });
    expect(networkOfTag('Ripple', 'rGeyCsqc6vKXuyTGF39WJxmTRemoV3c97h')).toEqual({ network: 'xrp' });
    expect(networkOfTag('USDT', '0xfec8a60023265364d066a1212fde3930f6ae8da7')).toEqual({ network: 'ethereum' });
    expect(networkOfTag('USDT', 'TMuA6YqfCeX8EhbfYEg5y7S4DqzSJireY9')).toEqual({ network: 'tron' });
    expect(networkOfTag('USDC', 'GnCRxKqUEPouYMvTb5nJMGrDB3VkTXZnDTaDuVZdnWA3')).toEqual({ network: 'solana' });
    expect(networkOfTag('USDT', '1KYiKJEfdJtap9QX2v9BXJMpz2SfU4pgZw')).toEqual({
      reason: expect.stringMatching(/^USDT on a network WalletScreen does not screen/),
    });
    expect(networkOfTag('EOS', 'anything')).toEqual({ reason: 'currency EOS is not on a network WalletScreen screens' });
    expect(networkOfTag(undefined, 'anything')).toEqual({ reason: 'no currency or network stated' });
  });
});

describe('sourceFiles: the files of a directory, a .tar.gz or one file', () => {
  const list = async (location: string, read = false) => {
    const out: Array<[string, string?]> = [];
    for await (const f of sourceFiles(location)) out.push(read ? [f.path, await f.text()] : [f.path]);
    return out;
  };

  it('walks a directory in a stable order, with / in paths', async () => {
    expect((await list(fixture)).map(([p]) => p)).toEqual(await filesUnder(fixture));
    expect((await list(fixture)).map(([p]) => p).slice(0, 4)).toEqual([
      'LICENSE',
      'README.md',
      'actors/graphsense.actorpack.yaml',
      'packs/defi_updated/defi-protocols_curve.yaml',
    ]);
  });

  it('reads an archive by its magic bytes, whatever its name: regular files only, the single top folder left out', async () => {
    const archive = path.join(tmp, 'repo.bin');
    await writeTarGz(archive, [
      { name: 'top/', type: 'directory' },
      { name: 'top/a.txt', content: 'A' },
      { name: 'top/link', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'top/d/', type: 'directory' },
      { name: 'top/d/b.txt', content: 'B'.repeat(100_000) },
      { name: 'top/empty.txt', content: '' },
    ]);
    expect(await list(archive, true)).toEqual([
      ['a.txt', 'A'],
      ['d/b.txt', 'B'.repeat(100_000)],
      ['empty.txt', ''],
    ]);
    // Texts nobody asked for are skipped unread; a text asked for after moving on is refused.
    const kept: SourceFile[] = [];
    for await (const f of sourceFiles(archive)) kept.push(f);
    expect(kept.map((f) => f.path)).toEqual(['a.txt', 'd/b.txt', 'empty.txt']);
    await expect(kept[0]!.text()).rejects.toThrow(/was not read before the next file/);
  });

  it('keeps the paths whole when the archive has no single top folder', async () => {
    const archive = path.join(tmp, 'flat.tar.gz');
    await writeTarGz(archive, [
      { name: 'actors/', type: 'directory' },
      { name: 'actors/x.yaml', content: 'x' },
      { name: 'packs/y.yaml', content: 'y' },
    ]);
    expect(await list(archive)).toEqual([['actors/x.yaml'], ['packs/y.yaml']]);
  });

  it('refuses an archive with a path that climbs out, and one cut short', async () => {
    const evil = path.join(tmp, 'evil.tar.gz');
    await writeTarGz(evil, [
      { name: 'top/a.txt', content: 'A' },
      { name: 'top/../../b.txt', content: 'B' },
    ]);
    await expect(list(evil)).rejects.toThrow(
      expect.objectContaining({ code: 'invalid-file', message: expect.stringContaining('a path outside the archive') }) as Error,
    );

    const whole = path.join(tmp, 'whole.tar.gz');
    await writeRepositoryArchive(whole, fixture, TOP);
    const cut = path.join(tmp, 'cut.tar.gz');
    const bytes = await readFile(whole);
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(list(cut, true)).rejects.toBeInstanceOf(FeedError);
  });

  it('reads any other file as itself, named by its base name', async () => {
    expect(await list(path.join(fixture, 'LICENSE'), true)).toEqual([['LICENSE', await readFile(path.join(fixture, 'LICENSE'), 'utf8')]]);
    await expect(list(path.join(tmp, 'missing'))).rejects.toThrow(expect.objectContaining({ code: 'file-missing' }) as Error);
    expect((await stat(fixture)).isDirectory()).toBe(true);
  });
});
