/**
 * The DeFiHackLabs feed on a small tree shaped like the repository (workers/test-fixtures/feeds/
 * defihacklabs: two real PoC headers and a README section, Apache-2.0, and invented PoCs for the
 * variants), read as a directory and as the .tar.gz GitHub serves: which parties of a PoC's
 * header it labels and on which network, what it takes from the READMEs, and what it leaves out
 * and why.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { addresses as a, traceAddresses } from '../../testing/replay-server';
import { locationSource, memorySource, writeRepositoryArchive } from '../../testing/feed-sources';
import { DEFIHACKLABS_PAGE, DEFIHACKLABS_URL, defiHackLabsFeed, parseDefiHackLabs } from './defihacklabs';

const fixture = path.resolve(__dirname, '../../test-fixtures/feeds/defihacklabs');
const TOP = 'DeFiHackLabs-5e1f0c2d9a7b3e4f6a8c0d1e2f3a4b5c6d7e8f90';
const t = traceAddresses.eth;

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'defihacklabs-test-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const page = (p: string) => `${DEFIHACKLABS_PAGE}/${p}`;
const exploit = { category: 'exploit' } as const;

/** Every entry the fixture gives, in the order of its files. */
const expectedEntries = [
  // A bare address and no fork: the `// Chain :` line; the README's `### Total Lost :` and date.
  {
    address: t.i2,
    network: 'base',
    ...exploit,
    name: 'DeFiHackLabs: ChainLine exploit attacker (Price Manipulation), lost 3 ETH',
    source: page('src/test/2023-09/ChainLine_exp.sol'),
    listedAt: '2023-09-05',
  },
  // A bare attacker on the chain the PoC forks ("bsc"), attack contracts listed on the lines below
  // their key; `// Time :` (2024-05-13) before the README heading of past/2024/README.md (20240514).
  {
    address: a.evmB,
    network: 'bsc',
    ...exploit,
    name: 'DeFiHackLabs: InventedLend exploit attacker (Price Manipulation), lost ~51K USD',
    source: page('src/test/2024-05/InventedLend_exp.sol'),
    listedAt: '2024-05-13',
  },
  {
    address: a.evmC,
    network: 'bsc',
    ...exploit,
    name: 'DeFiHackLabs: InventedLend exploit attack contract (Price Manipulation), lost ~51K USD',
    source: page('src/test/2024-05/InventedLend_exp.sol'),
    listedAt: '2024-05-13',
  },
  // The real CloberDEX header (Base, mixed case, a fake token): in no README here, so no cause and no date.
  {
    address: '0x012Fc6377F1c5CCF6e29967Bce52e3629AaA6025',
    network: 'base',
    ...exploit,
    name: 'DeFiHackLabs: CloberDEX exploit attacker, lost ~ $501 K US$ (133.7 WETH)',
    source: page('src/test/2024-12/CloberDEX_exp.sol'),
  },
  {
    address: '0x32Fb1BedD95BF78ca2c6943aE5AEaEAAFc0d97C1',
    network: 'base',
    ...exploit,
    name: 'DeFiHackLabs: CloberDEX exploit attack contract, lost ~ $501 K US$ (133.7 WETH)',
    source: page('src/test/2024-12/CloberDEX_exp.sol'),
  },
  {
    address: '0xd3c8d0cd07Ade92df2d88752D36b80498cA12788',
    network: 'base',
    ...exploit,
    name: 'DeFiHackLabs: CloberDEX exploit fake token contract, lost ~ $501 K US$ (133.7 WETH)',
    source: page('src/test/2024-12/CloberDEX_exp.sol'),
  },
  // optimistic.etherscan.io, and a Blocksec link with the chain in its path; the header's loss is
  // N/A, so the README's; the README heading's date (20250231) is no day: none.
  {
    address: a.evmWallet,
    network: 'optimism',
    ...exploit,
    name: 'DeFiHackLabs: InventedSwap exploit attack contract (Business Logic Flaw), lost $20K',
    source: page('src/test/2025-03/InventedSwap_exp.sol'),
  },
  {
    address: t.x,
    network: 'arbitrum',
    ...exploit,
    name: 'DeFiHackLabs: InventedSwap exploit fake token contract (Business Logic Flaw), lost $20K',
    source: page('src/test/2025-03/InventedSwap_exp.sol'),
  },
  // The real SizeCredit header, with the README's heading (20250815 SizeCredit - Access Control).
  {
    address: '0xa7E9B982B0e19A399bc737Ca5346EF0eF12046Da',
    network: 'ethereum',
    ...exploit,
    name: 'DeFiHackLabs: SizeCredit exploit attacker (Access Control), lost 19.7k USD',
    source: page('src/test/2025-08/SizeCredit_exp.sol'),
    listedAt: '2025-08-15',
  },
  {
    address: '0xA6dc1FC33C03513A762cdf2810f163B9B0FD3a71',
    network: 'ethereum',
    ...exploit,
    name: 'DeFiHackLabs: SizeCredit exploit attack contract (Access Control), lost 19.7k USD',
    source: page('src/test/2025-08/SizeCredit_exp.sol'),
    listedAt: '2025-08-15',
  },
];

const expectedSkipped = {
  count: 8,
  reasons: {
    'a bare address in a PoC forking "avalanche", a chain WalletScreen does not screen': 1,
    'no attacker or attack contract address in its header': 1,
    'a bare address in a PoC that forks no named chain: its chain is unknown': 2,
    'a link to snowtrace.io, not an explorer of a network WalletScreen screens': 1,
    // InventedSwap's Attacker 1 on Arbitrum is InventedLend's attacker on BNB Chain: one EVM address, one entry.
    'address listed more than once in the same category (the first listing is kept)': 1,
    'a link to blastscan.io, not an explorer of a network WalletScreen screens': 1,
    'also named as the vulnerable contract (the victim): not labelled': 1,
  },
  examples: [
    `src/test/2023-07/AvaxFork_exp.sol (attacker ${t.i1}): a bare address in a PoC forking "avalanche", a chain WalletScreen does not screen`,
    'src/test/2023-07/EmptyHeader_exp.sol: no attacker or attack contract address in its header',
    `src/test/2023-07/NoChain_exp.sol (attacker ${t.v}): a bare address in a PoC that forks no named chain: its chain is unknown`,
    `src/test/2023-07/NoChain_exp.sol (attack contract ${t.wallet}): a bare address in a PoC that forks no named chain: its chain is unknown`,
    `src/test/2024-05/InventedLend_exp.sol (attack contract ${a.evmFresh}): a link to snowtrace.io, not an explorer of a network WalletScreen screens`,
  ],
};

describe('defihacklabs: the PoCs of the repository', () => {
  it("labels each PoC header's attacker, attack contracts and fake token as exploit, on the explorer's network, with the README's cause and date", async () => {
    const { entries } = await parseDefiHackLabs(locationSource(fixture));
    expect(entries).toEqual(expectedEntries);
  });

  it('never labels the vulnerable contract or another victim, nor an address the header names both ways', async () => {
    const { entries, skipped } = await parseDefiHackLabs(locationSource(fixture));
    const labelled = new Set(entries.map((e) => e.address.toLowerCase()));
    // SizeCredit's and CloberDEX's vulnerable contracts, InventedSwap's victim pair, EmptyHeader's vulnerable contract.
    for (const victim of ['0xf4a21ac7e51d17a0e1c8b59f7a98bb7a97806f14', '0x6a0b87d6b74f7d5c92722f6a11714dbeda9f3895', t.z, t.e])
      expect(labelled.has(victim.toLowerCase())).toBe(false);
    // InventedSwap's "Attack Contract 2" is also its "Vulnerable Contract".
    expect(labelled.has(t.y.toLowerCase())).toBe(false);
    expect(skipped.reasons['also named as the vulnerable contract (the victim): not labelled']).toBe(1);
  });

  it('reads only the header: not a comment in the contract body, a free-text line, nor a file that is no *_exp.sol', async () => {
    const { entries } = await parseDefiHackLabs(locationSource(fixture));
    // a.evmToken is named in InventedLend's free text and body comment, and on blastscan.io in InventedSwap.
    expect(entries.some((e) => e.address === a.evmToken)).toBe(false);
    // src/test/interface.sol's "Attacker" is t.e (also EmptyHeader's vulnerable contract).
    expect(entries.some((e) => e.address === t.e)).toBe(false);
  });

  it('counts every party it leaves out by reason (unscreened chains, unknown chains, repeats, victims) and names the first few', async () => {
    const { skipped } = await parseDefiHackLabs(locationSource(fixture));
    expect(skipped).toEqual(expectedSkipped);
  });

  it('reads the .tar.gz GitHub serves alike (its top folder left out)', async () => {
    const archive = path.join(tmp, 'DeFiHackLabs-main.tar.gz');
    await writeRepositoryArchive(archive, fixture, TOP);
    const result = await parseDefiHackLabs(locationSource(archive));
    expect(result.entries).toEqual(expectedEntries);
    expect(result.skipped).toEqual(expectedSkipped);
  });

  it('takes the chain of a bare address from the fork, and leaves it out when the PoC forks several chains', async () => {
    const poc = (fork: string) =>
      `// @KeyInfo - Total Lost : 1 ETH\n// Attacker : ${a.evmA}\n\ncontract X is Test {\n    function setUp() public {\n${fork}    }\n}\n`;
    const { entries, skipped } = await parseDefiHackLabs(
      memorySource({
        'src/test/2025-01/One_exp.sol': poc('        vm.createSelectFork("Base", 1);\n'),
        'src/test/2025-01/Two_exp.sol': poc('        vm.createSelectFork("mainnet", 1);\n        vm.createSelectFork("bsc", 2);\n'),
      }),
    );
    expect(entries).toEqual([
      {
        address: a.evmA,
        network: 'base',
        ...exploit,
        name: 'DeFiHackLabs: One exploit attacker, lost 1 ETH',
        source: page('src/test/2025-01/One_exp.sol'),
      },
    ]);
    expect(skipped.reasons).toEqual({ 'a bare address in a PoC that forks several chains: its chain is unknown': 1 });
  });

  it('maps each explorer onto its network, reads the account of a token page, and skips a testnet explorer', async () => {
    const links = [
      ['etherscan.io', a.evmA],
      ['bscscan.com', a.evmB],
      ['arbiscan.io', a.evmC],
      ['basescan.org', a.evmFresh],
      ['polygonscan.com', a.evmToken],
      ['optimistic.etherscan.io', a.evmWallet],
      ['sepolia.etherscan.io', t.wallet],
    ] as const;
    const header = [
      ...links.map(([host, address], i) => `// Attacker ${i + 1} : https://${host}/address/${address}#code`),
      // A token's page filtered to the attacker's account: the account, never the token.
      `// Attacker 8 : https://bscscan.com/token/${t.v}?a=${t.i1}`,
    ].join('\n');
    const { entries, skipped } = await parseDefiHackLabs(memorySource({ 'src/test/2025-02/Hosts_exp.sol': `${header}\n\ncontract X {}\n` }));
    expect(entries.map((e) => [e.address, e.network])).toEqual([
      [a.evmA, 'ethereum'],
      [a.evmB, 'bsc'],
      [a.evmC, 'arbitrum'],
      [a.evmFresh, 'base'],
      [a.evmToken, 'polygon'],
      [a.evmWallet, 'optimism'],
      [t.i1, 'bsc'],
    ]);
    expect(skipped.reasons).toEqual({ 'a link to sepolia.etherscan.io, not an explorer of a network WalletScreen screens': 1 });
  });

  it('refuses a source with no src/test/**/*_exp.sol: not the DeFiHackLabs repository', async () => {
    const refusal = new FeedError(
      'invalid-file',
      'memory holds no src/test/**/*_exp.sol: the DeFiHackLabs feed reads the SunWeb3Sec/DeFiHackLabs repository (its .tar.gz, or a checkout of it)',
    );
    await expect(parseDefiHackLabs(memorySource({ 'README.md': '### 20250815 SizeCredit - Access Control\n', 'src/test/interface.sol': '' }))).rejects.toThrow(
      refusal,
    );
    // One PoC given on its own (a file, not the repository) has no src/test/ path either.
    await expect(parseDefiHackLabs(memorySource({ 'SizeCredit_exp.sol': '// Attacker : 0x0\n' }))).rejects.toMatchObject({ code: 'invalid-file' });
  });
});

describe('defihacklabs: the definition', () => {
  it("is downloaded as GitHub's .tar.gz of the repository, on by default, exploit on EVM networks, under Apache-2.0", () => {
    expect(defiHackLabsFeed).toMatchObject({
      id: 'defihacklabs',
      kind: 'download',
      name: 'DeFiHackLabs exploit attackers',
      covers: ['evm'],
      categories: ['exploit'],
      licence: { name: 'Apache-2.0', url: 'https://github.com/SunWeb3Sec/DeFiHackLabs/blob/main/LICENSE', commercialUse: true },
      enabledByDefault: true,
      defaultUrl: DEFIHACKLABS_URL,
    });
    expect(DEFIHACKLABS_URL).toBe('https://codeload.github.com/SunWeb3Sec/DeFiHackLabs/tar.gz/refs/heads/main');
    expect(defiHackLabsFeed.parse).toBe(parseDefiHackLabs);
    expect(defiHackLabsFeed.description).toMatch(/never labelled/);
  });
});
