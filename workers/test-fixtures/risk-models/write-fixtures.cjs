/**
 * Writes golden fixtures of a risk-model version: the checks a build records, kept as its events.
 * See README.md beside this file. It runs as a jest test inside a worktree checked out at the
 * build that records the version (copied in as a test file of that commit's own suite, so the
 * commit's own jest transform, module paths and test server are used):
 *
 *   cp <this file> tests/zz-write-risk-fixtures.int.test.ts
 *   RISK_FIXTURES_VERSION=3.2.0 RISK_FIXTURES_OUT=/tmp/out npx jest tests/zz-write-risk-fixtures.int.test.ts
 *
 * It drives the real embedded server of that commit through its HTTP API (tests/support/server.ts:
 * register, sign in, upload custom lists, check wallets), with the blockchain data replayed from the
 * commit's own recorded explorer answers (workers/test-fixtures/chain-data) on a loopback server,
 * Chainabuse replayed from the intelligence fixtures, a made-up OFAC list imported twice (the second
 * one drops a party: a delisting) and a made-up labels file (EXTRA_LABELS_FILE). Three servers: one
 * with the commit's default trace depth (direct counterparties), one tracing two hops (the
 * recorded trace scenarios), one whose price source cannot be reached. Each check's stream, as stored, is written to
 * <RISK_FIXTURES_OUT>/<scenario>.json.gz, and what was written to written.json. The scenarios a version cannot run (no custom lists before
 * 1.1.0, no tracing before 3.0.0, …) are left out by RISK_FIXTURES_VERSION.
 *
 * Plain JavaScript on purpose: it is required by builds whose module paths and types differ; it
 * reads them through `require`, never through types.
 */
/* global describe, it, beforeAll, afterAll, expect */
const { randomUUID } = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { gzipSync } = require('node:zlib');

const VERSION = process.env.RISK_FIXTURES_VERSION;
const OUT = process.env.RISK_FIXTURES_OUT;
if (!VERSION || !OUT) throw new Error('set RISK_FIXTURES_VERSION (e.g. 3.2.0) and RISK_FIXTURES_OUT (a directory)');
const repo = path.resolve(__dirname, '..');

/** Whether the version being written is `v` or later. */
const since = (v) => {
  const a = VERSION.split('.').map(Number);
  const b = v.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
};

/** The first of these modules the commit has. */
function requireOne(...names) {
  for (const name of names) {
    try {
      return require(name);
    } catch (error) {
      if (!/Cannot find module/.test(String(error && error.message))) throw error;
    }
  }
  throw new Error(`none of ${names.join(', ')} exists in this commit`);
}

const replayServer = requireOne('@walletscreen/workers/testing/replay-server', '@walletscreen/workers/chain-data/replay-server');
const { startReplayServer, addresses: a } = replayServer;
const { startTestServer, ADMIN } = require('./support/server');
const { runSanctionsSync } = require('@walletscreen/workers/sanctions/sync');
const { createLogger } = require('@walletscreen/platform');

/** Made up, valid on its network: a wallet on the sanctions list itself (no blockchain data is recorded for it). */
const SANCTIONED = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
/** An address on a network whose source cannot be reached. */
const UNREACHABLE_POLYGON = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** The trace scenarios' addresses (workers/testing/replay-server.ts `traceAddresses`), written out: builds before 3.0.0 have none. */
const t = {
  btc: { wallet: 'bc1qqpxu0nu7efgwxh67rhzuhp6sp7mgust56rgny0', e: 'bc1qjh439vg3aaxkxrj5t00uqcgytdj6uz4elayjnz', x: 'bc1qdrkm5va2lzcmz6x8vtqwx2x9jt3t7fyu6ndf5u', z: 'bc1qsw3yrpdmd3ycuaar9duum3tp7w44fa42nts3gu' },
  eth: { wallet: '0x0Daba0ab0A024A511548BFf2F732956B44Ff7B32', e: '0x38098B935D9A2aA944C533a9020D6fDcA0202BbA', x: '0xdb469e8495c57951dddba6512aa4c0701DDeFe75', v: '0xFe8CE57aeb3c693608857E0f242C0ff5A820F40e' },
  tron: { wallet: 'THim3BWQcbohCvyWxFMdL3PeAPERXut5Fr', e: 'TD72Ab1VKDQYbDkBhbRHMPymQtxoqvuoqB', u: 'TNght84hhxDQgJwaX3Fw2XS88FXb35yHPM', x: 'TLWixskUXtW8YuPmLw4PX5xJNhccdVtnru' },
  sol: { wallet: 'DVx83wvxR5sHCkas1VKAbYCLZ2RgQsMvRYcHpvt1LCnW', e: 'DRF5aJevkFRSC4ULaMYu8PhRKnjAnvZLomEJtqoPVhvj', x: 'EyBSoZimffSi7bDtQBeMs1vXimpuMpgnaFqPGjQ9SQfi' },
  xrp: { wallet: 'rnWyByjxPERf4R8ta1nLgE4PoonEqGooE8', e: 'rPK5wAvXLkeZez1yn64rPfoPpiAd2F18cC', x: 'rD7CXahrmY6FytxL6UDzkdnHH8PmKyDJz1', z: 'rKGLrmvA97s9GXFQvboCTnvJw5Zu3sWxG1' },
};

// ---------------------------------------------------------------------------------------------
// What the checks read: a sanctions list (two editions), labels, Chainabuse, custom lists
// ---------------------------------------------------------------------------------------------

/** An SDN.XML with these parties; `date` is MM/DD/YYYY as OFAC writes it. */
const sdnXml = (date, parties) =>
  `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">
  <publshInformation><Publish_Date>${date}</Publish_Date><Record_Count>${parties.length}</Record_Count></publshInformation>
${parties
  .map(
    (p) =>
      `  <sdnEntry><uid>${p.uid}</uid><lastName>${p.name}</lastName><sdnType>Entity</sdnType><programList><program>CYBER2</program></programList><idList>${p.ids
        .map(([ticker, address], i) => `<id><uid>${p.uid}${i}</uid><idType>Digital Currency Address - ${ticker}</idType><idNumber>${address}</idNumber></id>`)
        .join('')}</idList></sdnEntry>`,
  )
  .join('\n')}
</sdnList>
`;
const heron = { uid: '90001', name: 'HERON TEST EXCHANGE LTD.', ids: [['XBT', SANCTIONED], ['XBT', a.btcA]] };
const traced = { uid: '90007', name: 'TRACED PARTY ON THE LIST', ids: [['XBT', t.btc.x]] };
/** Listed on the first edition only: delisted by the second (a Tornado-Cash-like delisting). */
const halcyon = { uid: '90501', name: 'HALCYON CASH MIXER', ids: [['LTC', a.ltcWallet]] };
const listA = sdnXml('11/10/2026', [heron, traced, halcyon]);
const listB = sdnXml('11/20/2026', [heron, traced]);

const label = (address, network, category, name) => ({ address, network, category, name, source: 'https://compliance.example.com/cases/risk-fixtures' });
function labels() {
  return [
    label(a.evmA, 'ethereum', 'mixer', 'Mixer A (made up)'),
    label(a.tronWallet, 'tron', 'scam', 'Scam wallet (made up)'),
    label(a.solA, 'solana', 'darknet', 'Darknet market A (made up)'),
    label(a.btcA, 'bitcoin', 'ransomware', 'Ransomware collector A (made up)'),
    label(a.evmFresh, 'ethereum', 'theft', 'Theft proceeds (made up; on an allow list from 1.1.0)'),
    ...(since('3.0.0')
      ? [
          label(t.btc.e, 'bitcoin', 'exchange', 'Exchange E (made up)'),
          label(t.eth.e, 'ethereum', 'exchange', 'Exchange E (made up)'),
          label(t.tron.e, 'tron', 'exchange', 'Exchange E (made up)'),
          label(t.sol.e, 'solana', 'exchange', 'Exchange E (made up)'),
          label(t.xrp.e, 'xrp', 'exchange', 'Exchange E (made up)'),
          label(t.btc.z, 'bitcoin', 'mixer', 'Mixer Z (made up)'),
          label(t.eth.x, 'ethereum', 'ransomware', 'Ransomware X (made up)'),
          label(t.tron.u, 'tron', 'scam', 'USDT scam U (made up)'),
        ]
      : []),
    ...(since('3.3.0')
      ? [
          label(t.sol.wallet, 'solana', 'terrorism', 'Terrorism financing (made up)'),
          label(a.xrpFresh, 'xrp', 'terrorism', 'Terrorism financing, allow-listed (made up)'),
          label(t.xrp.x, 'xrp', 'phishing', 'Phishing X (made up)'),
          label(t.xrp.z, 'xrp', 'coinjoin', 'CoinJoin coordinator Z (made up)'),
          label(t.eth.v, 'ethereum', 'frozen', 'Frozen by an issuer V (made up)'),
          label(t.tron.x, 'tron', 'exploit', 'Exploit X (made up)'),
        ]
      : []),
  ];
}

/** The MyEtherWallet darklist as the feed's own tests replay it (builds with feeds): synced before the checks, so it is read. */
const darklist = path.join(repo, 'workers/test-fixtures/feeds/addresses-darklist.json');

const intelligenceFixture = (name) => JSON.parse(readFileSync(path.join(repo, 'workers/test-fixtures/intelligence', name), 'utf8'));

function routes() {
  const { fixture } = replayServer;
  const v2 = (address, tail = '') => `/eth/api/v2/addresses/${address.toLowerCase()}${tail}`;
  const tron = (address, tail = '') => `/trongrid/v1/accounts/${address}${tail}`;
  const rpc = (url, method, param0, file) => ({ method: 'POST', path: url, rpc: method, param0, replies: [{ fixture: file }] });
  const signatures = fixture('solana/getSignaturesForAddress.json').result.map((s) => s.signature);
  const out = [
    // Chainabuse: three reports about the XRP wallet, an error about the fresh TRON wallet, none about any other.
    { path: /\/reports$/, query: { address: a.xrpWallet }, replies: [{ json: intelligenceFixture('chainabuse-reports-found.json') }] },
    { path: /\/reports$/, query: { address: a.tronFresh }, replies: [{ status: 500, json: intelligenceFixture('chainabuse-500.json') }] },
    { path: /\/reports$/, replies: [{ json: intelligenceFixture('chainabuse-reports-none.json') }] },
    // Bitcoin and Litecoin (Esplora)
    { path: `/api/address/${a.btcWallet}`, replies: [{ fixture: 'esplora/address-small.json' }] },
    { path: `/api/address/${a.btcWallet}/txs`, replies: [{ fixture: 'esplora/txs-small.json' }] },
    { path: `/api/address/${a.btcFresh}`, replies: [{ fixture: 'esplora/address-fresh.json' }] },
    { path: `/api/address/${a.btcFresh}/txs`, replies: [{ json: [] }] },
    { path: `/ltc/api/address/${a.ltcWallet}`, replies: [{ fixture: 'esplora/litecoin-address.json' }] },
    { path: `/ltc/api/address/${a.ltcWallet}/txs`, replies: [{ fixture: 'esplora/litecoin-txs.json' }] },
    // Ethereum (Blockscout)
    { path: v2(a.evmWallet), replies: [{ fixture: 'blockscout/address.json' }] },
    { path: v2(a.evmWallet, '/counters'), replies: [{ fixture: 'blockscout/counters.json' }] },
    { path: v2(a.evmWallet, '/transactions'), replies: [{ fixture: 'blockscout/transactions.json' }] },
    { path: v2(a.evmWallet, '/token-transfers'), replies: [{ fixture: 'blockscout/token-transfers.json' }] },
    { path: new RegExp(`^${v2(a.evmFresh)}(/.*)?$`), replies: [{ status: 404, fixture: 'blockscout/not-found.json' }] },
    // TRON (TronGrid)
    { path: tron(a.tronWallet), replies: [{ fixture: 'trongrid/account.json' }] },
    { path: tron(a.tronWallet, '/transactions'), replies: [{ fixture: 'trongrid/transactions.json' }] },
    { path: tron(a.tronWallet, '/transactions/trc20'), replies: [{ fixture: 'trongrid/trc20-usdt.json' }] },
    { path: tron(a.tronFresh), replies: [{ fixture: 'trongrid/account-empty.json' }] },
    { path: tron(a.tronFresh, '/transactions'), replies: [{ fixture: 'trongrid/list-empty.json' }] },
    { path: tron(a.tronFresh, '/transactions/trc20'), replies: [{ fixture: 'trongrid/list-empty.json' }] },
    // Solana (JSON-RPC)
    rpc('/solana', 'getBalance', a.solWallet, 'solana/getBalance.json'),
    rpc('/solana', 'getSignaturesForAddress', a.solWallet, 'solana/getSignaturesForAddress.json'),
    rpc('/solana', 'getTransaction', signatures[0], 'solana/getTransaction-S3.json'),
    rpc('/solana', 'getTransaction', signatures[1], 'solana/getTransaction-S2.json'),
    rpc('/solana', 'getTransaction', signatures[2], 'solana/getTransaction-S1.json'),
    rpc('/solana', 'getBalance', a.solFresh, 'solana/getBalance-zero.json'),
    rpc('/solana', 'getSignaturesForAddress', a.solFresh, 'solana/getSignaturesForAddress-empty.json'),
    // XRP Ledger (JSON-RPC)
    rpc('/xrpl', 'account_info', a.xrpWallet, 'xrpl/account_info.json'),
    rpc('/xrpl', 'account_tx', a.xrpWallet, 'xrpl/account_tx.json'),
    rpc('/xrpl', 'account_info', a.xrpFresh, 'xrpl/account_info-actNotFound.json'),
  ];
  if (since('3.0.0')) for (const family of ['esplora', 'blockscout', 'trongrid', 'solana', 'xrpl']) out.push(...(replayServer.traceRoutes ?? traceRoutes)(family));
  if (existsSync(darklist)) out.push({ path: '/mirror/addresses-darklist.json', replies: [{ text: readFileSync(darklist, 'utf8') }] });
  if (existsSync(path.join(repo, 'workers/test-fixtures/chain-data/coingecko/simple-price.json')))
    out.push({ path: '/coingecko/simple/price', replies: [{ fixture: 'coingecko/simple-price.json' }] });
  return out;
}

/**
 * The trace scenarios' recorded answers on the paths the providers are pointed at, as
 * workers/testing/replay-server.ts `traceRoutes` serves them: for a build that has the recorded
 * trace answers (`<family>/trace-*.json`) but not that helper. The first build of 3.0.0 (72f61c8)
 * had neither: its worktree is given the files of the last build of 3.0.0 (see README.md).
 */
function traceRoutes(family) {
  const { fixture } = replayServer;
  const file = (name) => ({ fixture: `${family}/trace-${name}.json` });
  const roles = family === 'esplora' ? ['wallet', 'i1', 'i2', 'y', 'v'] : ['wallet', 'i1', 'i2'];
  const all = {
    btc: { wallet: t.btc.wallet, i1: 'bc1q4sa0s6k5m5qkceh3t5rnrjsn2l3c0mwhpmtxds', i2: 'bc1q92s5hug2fwfjw720n2qtfdvsqdl68cv472wl3g', y: 'bc1qgjaynjxvcfctls2gmmn7hjr2z2cwkazpw65t8c', v: 'bc1qves3hxtrm43kr3h6dj7g6tkp6552v74yhu2z23' },
    eth: { wallet: t.eth.wallet, i1: '0xbBA2ECE21142261F352f7baf9Dc17EEB247ca638', i2: '0x0668c2650Ff25E08Ee350409d884420990725969' },
    tron: { wallet: t.tron.wallet, i1: 'TDy58F1DBL5Ac1ukFFFmNAMHdaZPwYr6hr', i2: 'TBJGkjtsBcPKMffN2TsNsJRRxAShacXaX5' },
    sol: { wallet: t.sol.wallet, i1: 'CzeDBXuZrZHiw2VRTT7bXf85tYai4tE5G9gj1ebQCtE4', i2: '9h2vyD1CfAHtSKtKUW4LMwW9Wszx1KSaodZ9582yXqqL' },
    xrp: { wallet: t.xrp.wallet, i1: 'rJLRX1d7pGsUoCg9jzTtTTnJD7Wnz2u3PX', i2: 'rpPs7zBUxd7tM4awd8TYdTgf9qUtECQ5Hk' },
  };
  switch (family) {
    case 'esplora':
      return roles.flatMap((role) => [
        { path: `/api/address/${all.btc[role]}`, replies: [file(`address-${role}`)] },
        { path: `/api/address/${all.btc[role]}/txs`, replies: [file(`txs-${role}`)] },
      ]);
    case 'blockscout':
      return roles.flatMap((role) => {
        const base = `/eth/api/v2/addresses/${all.eth[role].toLowerCase()}`;
        return [
          { path: base, replies: [file(`address-${role}`)] },
          { path: `${base}/counters`, replies: [file(`counters-${role}`)] },
          { path: `${base}/transactions`, replies: [file(`transactions-${role}`)] },
        ];
      });
    case 'trongrid':
      return roles.flatMap((role) => {
        const base = `/trongrid/v1/accounts/${all.tron[role]}`;
        return [
          { path: base, replies: [file(`account-${role}`)] },
          { path: `${base}/transactions`, replies: [file(`transactions-${role}`)] },
          { path: `${base}/transactions/trc20`, replies: [role === 'wallet' ? file('trc20-wallet') : { fixture: 'trongrid/list-empty.json' }] },
        ];
      });
    case 'solana': {
      const rpc = (method, param0, name) => ({ method: 'POST', path: '/solana', rpc: method, param0, replies: [file(name)] });
      const signatureOf = (id) => fixture(`solana/trace-getTransaction-${id}.json`).result.transaction.signatures[0];
      return [
        ...roles.flatMap((role) => [rpc('getBalance', all.sol[role], `getBalance-${role}`), rpc('getSignaturesForAddress', all.sol[role], `getSignaturesForAddress-${role}`)]),
        ...['x-i1', 'y-i1', 'e-w', 'i1-w', 'w-i2', 'i2-v', 'i2-z'].map((id) => rpc('getTransaction', signatureOf(id), `getTransaction-${id}`)),
      ];
    }
    case 'xrpl':
      return roles.flatMap((role) => [
        { method: 'POST', path: '/xrpl', rpc: 'account_info', param0: all.xrp[role], replies: [file(`account_info-${role}`)] },
        { method: 'POST', path: '/xrpl', rpc: 'account_tx', param0: all.xrp[role], replies: [file(`account_tx-${role}`)] },
      ]);
    default:
      throw new Error(`no trace scenario for ${family}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The scenarios
// ---------------------------------------------------------------------------------------------

/** `phase` 1: the commit's default trace depth; 2: two hops, on the trace scenarios' wallets; 3: no price source. */
const scenarios = [
  { name: 'btc-listed-and-labelled-counterparties', phase: 1, address: a.btcWallet, about: 'a Bitcoin wallet whose counterparty A is on the sanctions list and labelled ransomware (from 1.1.0 its counterparty B is on a block list; from 3.4.0 C takes A\'s label by clustering)' },
  { name: 'btc-sanctioned-wallet', phase: 1, address: SANCTIONED, about: 'a Bitcoin wallet on the sanctions list itself, with no blockchain data recorded for it' },
  { name: 'btc-fresh', phase: 1, address: a.btcFresh, about: 'a Bitcoin wallet with no transactions and nothing known about it' },
  { name: 'ltc-delisted-wallet', phase: 1, address: a.ltcWallet, about: 'a Litecoin wallet listed on the first edition of the sanctions list and dropped by the second (a delisting)' },
  { name: 'eth-mixer-counterparty', phase: 1, address: a.evmWallet, network: 'ethereum', about: 'an Ethereum wallet whose counterparty A is labelled mixer' },
  { name: 'eth-theft-wallet-allowed', phase: 1, address: a.evmFresh, network: 'ethereum', about: 'an Ethereum wallet labelled theft, with no history (from 1.1.0 on an allow list)' },
  { name: 'polygon-unreachable', phase: 1, address: UNREACHABLE_POLYGON, network: 'polygon', about: 'a Polygon wallet whose blockchain source cannot be reached' },
  { name: 'tron-scam-wallet', phase: 1, address: a.tronWallet, about: 'a TRON wallet labelled scam, with TRX and USDT transfers' },
  { name: 'tron-fresh-chainabuse-down', phase: 1, address: a.tronFresh, about: 'a TRON wallet with no history, for which Chainabuse answers with an error' },
  { name: 'sol-darknet-counterparty', phase: 1, address: a.solWallet, about: 'a Solana wallet whose counterparty A is labelled darknet' },
  { name: 'sol-fresh-blocked', phase: 1, address: a.solFresh, about: 'a Solana wallet with no history (from 1.1.0 on a block list)' },
  { name: 'xrp-fresh-allowed', phase: 1, address: a.xrpFresh, about: 'an XRP Ledger account that does not exist yet (from 1.1.0 on an allow list; from 3.3.0 labelled terrorism, which no allow list clears)' },
  { name: 'xrp-chainabuse-reports', phase: 1, address: a.xrpWallet, about: 'an XRP Ledger wallet with three reports on Chainabuse' },
  { name: 'btc-trace', phase: 2, since: '3.0.0', address: t.btc.wallet, about: 'the Bitcoin trace scenario, two hops: X two hops away is on the sanctions list, Z two hops away is labelled mixer, E (direct) exchange' },
  { name: 'eth-trace', phase: 2, since: '3.0.0', address: t.eth.wallet, network: 'ethereum', about: 'the Ethereum trace scenario, two hops: X two hops away is labelled ransomware (from 3.3.0 V two hops away frozen)' },
  { name: 'tron-trace-usdt', phase: 2, since: '3.0.0', address: t.tron.wallet, about: 'the TRON trace scenario, two hops, with the USDT its wallet received from U (labelled scam; from 3.3.0 X two hops away exploit)' },
  { name: 'sol-trace', phase: 2, since: '3.0.0', address: t.sol.wallet, about: 'the Solana trace scenario, two hops (from 3.3.0 the wallet itself is labelled terrorism)' },
  { name: 'tron-usdt-unpriced', phase: 3, since: '3.1.0', address: a.tronWallet, about: 'the TRON wallet labelled scam, with TRX and USDT transfers, when no price can be read' },
  { name: 'xrp-trace', phase: 2, since: '3.0.0', address: t.xrp.wallet, about: 'the XRP Ledger trace scenario, two hops (from 3.3.0 X two hops away is labelled phishing, Z coinjoin)' },
];

// ---------------------------------------------------------------------------------------------
// Running them
// ---------------------------------------------------------------------------------------------

const logger = createLogger({ level: 'silent' });
const tmp = mkdtempSync(path.join(tmpdir(), 'ws-risk-fixtures-'));
const labelsFile = path.join(tmp, 'labels.json');
writeFileSync(labelsFile, JSON.stringify({ description: 'Made-up labels for the risk-model fixtures', labels: labels() }, null, 2));
const build = (() => {
  const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
  return { commit: git('rev-parse', 'HEAD'), subject: git('log', '-1', '--format=%s').slice(0, 200), node: process.version };
})();
let replay;
const written = [];
/** What this build could not do of what the scenarios ask (said in written.json and in each fixture). */
const notes = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  replay = await startReplayServer(routes());
});
afterAll(async () => {
  await (replay && replay.close());
  writeFileSync(path.join(OUT, 'written.json'), `${JSON.stringify({ build, version: VERSION, notes, written }, null, 2)}\n`);
});

function chainEnv(url, depth) {
  const closed = 'http://127.0.0.1:9';
  return {
    BITCOIN_ESPLORA_URLS: `${url}/api`,
    LITECOIN_ESPLORA_URLS: `${url}/ltc/api`,
    DOGECOIN_ESPLORA_URLS: `${closed}/doge/api`,
    BLOCKSCOUT_ETHEREUM_URL: `${url}/eth`,
    BLOCKSCOUT_BSC_URL: `${closed}/bsc`,
    BLOCKSCOUT_POLYGON_URL: `${closed}/polygon`,
    BLOCKSCOUT_ARBITRUM_URL: `${closed}/arbitrum`,
    BLOCKSCOUT_BASE_URL: `${closed}/base`,
    BLOCKSCOUT_OPTIMISM_URL: `${closed}/optimism`,
    ETHERSCAN_API_URL: `${closed}/v2/api`,
    TRONGRID_API_URL: `${url}/trongrid`,
    SOLANA_RPC_URL: `${url}/solana`,
    XRPL_RPC_URL: `${url}/xrpl`,
    PRICES_URL: `${url}/coingecko`,
    CHAINABUSE_URL: `${url}/chainabuse/v0`,
    CHAINABUSE_API_KEY: 'risk-fixtures-made-up-key',
    EXTRA_LABELS_FILE: labelsFile,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '5000',
    CHAIN_DATA_RATE_LIMITS: 'default=0,esplora=0,blockscout=0,trongrid=0,solana=0,xrpl=0,etherscan=0',
    CHECK_WAIT_MS: '60000',
    ...(depth ? { TRACE_DEPTH: String(depth) } : {}),
    ...(existsSync(darklist) ? { FEED_URLS: `ethereum-darklist=${url}/mirror/addresses-darklist.json` } : {}),
  };
}

async function importList(server, xml, name) {
  const file = path.join(tmp, name);
  writeFileSync(file, xml);
  const result = await runSanctionsSync({ eventStore: server.eventStore, file, clock: () => new Date(), logger });
  if (result && result.result && !['imported', 'unchanged'].includes(result.result)) throw new Error(`the list ${name} was not imported: ${JSON.stringify(result)}`);
}

async function call(server, method, url, options, expected = 200) {
  const res = await server.api(method, url, options);
  if (res.status !== expected) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 600)}`);
  return res.body;
}

/** Syncs the MyEtherWallet darklist when the build has it enabled and not loaded (a check would otherwise say it was not read). */
async function syncFeeds(server, admin) {
  if (!existsSync(darklist)) return;
  const res = await server.api('GET', '/api/admin/feeds', { token: admin });
  const feed = res.status === 200 ? res.body.feeds.find((f) => f.id === 'ethereum-darklist') : undefined;
  if (!feed || !feed.enabled || feed.version) return;
  await call(server, 'POST', '/api/admin/feeds/ethereum-darklist/sync', { token: admin });
}

/**
 * A custom list, uploaded as an admin over HTTP; the first build of 1.1.0 (3067053) declared the
 * route but did not serve it yet, so there the lists' own service appends the upload to the store.
 */
async function uploadList(server, admin, list) {
  const res = await server.api('POST', '/api/admin/lists', { token: admin, body: list });
  if (res.status === 201) return;
  if (res.status !== 404) throw new Error(`POST /api/admin/lists answered ${res.status}: ${JSON.stringify(res.body).slice(0, 600)}`);
  const { createCustomLists } = require('@walletscreen/command-api/lists/service');
  try {
    await createCustomLists({ eventStore: server.eventStore, clock: () => new Date() }).upload(list, { userId: 'risk-fixtures-admin', email: ADMIN.email });
  } catch (error) {
    // 3067053's service calls a parser its contracts do not export yet: that build could not take a list at all.
    notes.push(`custom list "${list.name}" not uploaded: the route answers 404 and the service fails (${String(error && error.message)})`);
  }
}

/** The fixture as JSON: its fields one a line, each event on a line of its own (compact, and a diff still names the event). */
function fixtureText(fixture) {
  const { events, ...head } = fixture;
  const fields = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return `{\n${fields.join(',\n')},\n  "events": [\n${events.map((e) => `    ${JSON.stringify(e)}`).join(',\n')}\n  ]\n}\n`;
}

async function runPhase(phase) {
  const todo = scenarios.filter((s) => s.phase === phase && (!s.since || since(s.since)));
  if (todo.length === 0) return;
  const env = chainEnv(replay.url, phase === 2 ? 2 : undefined);
  const server = await startTestServer(phase === 3 ? { ...env, PRICES_URL: 'http://127.0.0.1:9/coingecko' } : env);
  try {
    await importList(server, listA, 'sdn-a.xml');
    await importList(server, listB, 'sdn-b.xml');
    const admin = (await call(server, 'POST', '/api/admin/admin-login', { body: ADMIN })).token;
    await syncFeeds(server, admin);
    if (since('1.1.0') && phase === 1) {
      await uploadList(server, admin, { name: 'Internal blocklist', kind: 'block', content: `${a.solFresh}\n${a.btcB}\n` });
      await uploadList(server, admin, { name: 'Reviewed customers', kind: 'allow', content: `${a.evmFresh}\n${a.xrpFresh}\n` });
    }
    const user = { email: `risk-fixtures-${phase}@desk.example`, password: 'Risk-Fixtures-Passphrase-1', username: 'Risk fixtures desk' };
    await server.api('POST', '/api/auth/register', { body: user });
    const token = (await call(server, 'POST', '/api/auth/login', { body: user })).token;
    for (const s of todo) {
      const body = { wallet_address: s.address, ...(s.network ? { network: s.network } : {}) };
      const answer = await call(server, 'POST', '/api/transactions/analyze-realtime', { token, body, headers: { 'Idempotency-Key': randomUUID() } });
      if (answer.status !== 'completed' || !answer.check_id) throw new Error(`${s.name}: the check did not complete: ${JSON.stringify(answer).slice(0, 600)}`);
      const stored = await server.eventStore.readStream(`check-${answer.check_id}`);
      const events = stored.map((e) => ({ type: e.type, data: e.data, ...(e.metadata === undefined ? {} : { metadata: e.metadata }) }));
      const fixture = {
        format: 1,
        scenario: s.name,
        about: s.about,
        ...(notes.length > 0 ? { notes: [...notes] } : {}),
        recordedBy: { ...build, writer: 'workers/test-fixtures/risk-models/write-fixtures.cjs', recordedAt: new Date().toISOString() },
        checkId: answer.check_id,
        answered: { risk_score: answer.risk_score, risk_level: answer.risk_level, aml_status: answer.aml_status },
        events,
      };
      writeFileSync(path.join(OUT, `${s.name}.json.gz`), gzipSync(fixtureText(fixture), { level: 9 }));
      written.push({ scenario: s.name, checkId: answer.check_id, ...fixture.answered });
    }
  } finally {
    await server.destroy();
  }
}

describe(`risk-model fixtures of ${VERSION}`, () => {
  it('records the direct-counterparty scenarios', () => runPhase(1), 180_000);
  it('records the trace scenarios', () => runPhase(2), 180_000);
  it('records the scenarios without prices', () => runPhase(3), 180_000);
  it('wrote one fixture per scenario run', () => {
    expect(written.length).toBe(scenarios.filter((s) => !s.since || since(s.since)).length);
  });
});
