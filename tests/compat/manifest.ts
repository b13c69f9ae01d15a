/**
 * What a compatibility data directory holds and how it is checked, shared by the script that writes
 * one (write-data-dir.ts) and the test that starts today's build on it (data-dir-compat.int.test.ts):
 * the manifest's shape, the digest of the recorded events, the files a data directory is made of,
 * and the blockchain data the server is pointed at (recorded answers replayed on loopback).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { addresses, fixture, recordedWalletRoutes, traceAddresses, traceRoutes, type Route } from '@walletscreen/workers/testing/replay-server';

/**
 * The files of a data directory the server needs, as the fixture stores them (`.gz` beside the
 * SQLite files). The outbox (e-mails written without SMTP) and the pid lock files are left out.
 */
export const DATA_FILES = [
  { name: 'walletscreen.db', stored: 'walletscreen.db.gz', optional: false },
  { name: 'read-models.db', stored: 'read-models.db.gz', optional: false },
  { name: 'jwt-secret', stored: 'jwt-secret', optional: false },
  // The audit log's signing key, generated into the data directory by the builds that sign tree heads (issue 35).
  { name: 'audit-log-key.pem', stored: 'audit-log-key.pem', optional: true },
] as const;

/** The columns of the events table hashed, in this order, for every event (platform/src/event-store/sqlite). */
export const DIGEST_COLUMNS = ['position', 'event_id', 'stream_id', 'revision', 'type', 'data', 'metadata', 'recorded_at', 'prev_hash', 'hash'] as const;

export interface EventsDigest {
  /** How many events were hashed: the first `count` in store order (by position). */
  count: number;
  sha256: string;
  columns: readonly string[];
  /** How a row is fed to the hash. */
  encoding: string;
}

/**
 * sha256 over the first `count` events of an events database in store order, every column of
 * DIGEST_COLUMNS as stored (TEXT as its UTF-8 bytes, integers in decimal, NULL as its own marker),
 * each value prefixed with its byte length so no two rows can run together into the same input.
 * Reads the file itself (read-only), not through the server.
 */
export function eventsDigest(dbFile: string, count?: number): EventsDigest {
  if (!existsSync(dbFile)) throw new Error(`no events database at ${dbFile}`);
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const total = (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
    const n = count ?? total;
    if (n > total) throw new Error(`${dbFile} holds ${total} events, fewer than the ${n} to hash`);
    const hash = createHash('sha256');
    const rows = db
      .prepare(`SELECT ${DIGEST_COLUMNS.join(', ')} FROM events ORDER BY position LIMIT ?`)
      .raw(true)
      .iterate(n) as IterableIterator<unknown[]>;
    for (const row of rows) {
      for (const value of row) {
        if (value === null) {
          hash.update('N;');
          continue;
        }
        if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint')
          throw new Error(`unexpected ${typeof value} in the events table`);
        const bytes = Buffer.from(String(value), 'utf8');
        hash.update(`${typeof value === 'string' ? 'T' : 'I'}${bytes.length}:`);
        hash.update(bytes);
      }
      hash.update('\n');
    }
    return {
      count: n,
      sha256: hash.digest('hex'),
      columns: DIGEST_COLUMNS,
      encoding: 'per column: N; for NULL, else T (text) or I (integer), byte length, colon, UTF-8 bytes; a newline after each row',
    };
  } finally {
    db.close();
  }
}

/** A stored data file, unpacked (gunzipped when stored as `.gz`). */
export function readStoredFile(fixtureDir: string, stored: string): Buffer {
  const file = path.join(fixtureDir, stored);
  if (!existsSync(file)) throw new Error(`the fixture ${fixtureDir} has no ${stored}`);
  const bytes = readFileSync(file);
  return stored.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

/** A wallet whose blockchain source never answers: its check runs out of time and fails (and is refunded). */
export const HANGING_WALLET = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
/** Listed on the sanctions list itself (no blockchain data is recorded for it). */
export const SANCTIONED_WALLET = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
/** An address on a network whose source is unreachable: its check completes Incomplete. */
export const UNREACHABLE_POLYGON_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** The recorded blockchain answers the writer's checks read (and the test's server is given the same). */
export function compatRoutes(): Route[] {
  return [
    { path: `/api/address/${HANGING_WALLET}`, replies: [{ hang: true }] },
    { path: `/api/address/${HANGING_WALLET}/txs`, replies: [{ hang: true }] },
    ...recordedWalletRoutes(),
    { path: `/api/address/${addresses.btcFresh}`, replies: [{ fixture: 'esplora/address-fresh.json' }] },
    { path: `/api/address/${addresses.btcFresh}/txs`, replies: [{ json: [] }] },
    { path: `/ltc/api/address/${addresses.ltcWallet}`, replies: [{ fixture: 'esplora/litecoin-address.json' }] },
    { path: `/ltc/api/address/${addresses.ltcWallet}/txs`, replies: [{ fixture: 'esplora/litecoin-txs.json' }] },
    ...traceRoutes('esplora'),
    ...traceRoutes('blockscout'),
    ...traceRoutes('trongrid'),
    ...traceRoutes('solana'),
    ...traceRoutes('xrpl'),
    { path: '/coingecko/simple/price', query: { vs_currencies: 'usd' }, replies: [{ json: fixture('coingecko/simple-price.json') }] },
  ];
}

/** Every blockchain source pointed at the replay server (or, for networks with nothing recorded, at a closed port). */
export function compatChainEnv(replayUrl: string): Record<string, string> {
  const closed = 'http://127.0.0.1:9';
  return {
    BITCOIN_ESPLORA_URLS: `${replayUrl}/api`,
    LITECOIN_ESPLORA_URLS: `${replayUrl}/ltc/api`,
    DOGECOIN_ESPLORA_URLS: `${closed}/doge/api`,
    BLOCKSCOUT_ETHEREUM_URL: `${replayUrl}/eth`,
    BLOCKSCOUT_BSC_URL: `${closed}/bsc`,
    BLOCKSCOUT_POLYGON_URL: `${closed}/polygon`,
    BLOCKSCOUT_ARBITRUM_URL: `${closed}/arbitrum`,
    BLOCKSCOUT_BASE_URL: `${closed}/base`,
    BLOCKSCOUT_OPTIMISM_URL: `${closed}/optimism`,
    ETHERSCAN_API_URL: `${closed}/v2/api`,
    TRONGRID_API_URL: `${replayUrl}/trongrid`,
    SOLANA_RPC_URL: `${replayUrl}/solana`,
    XRPL_RPC_URL: `${replayUrl}/xrpl`,
    PRICES_URL: `${replayUrl}/coingecko`,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_RATE_LIMITS: 'default=0,esplora=0,blockscout=0,trongrid=0,solana=0,xrpl=0,etherscan=0',
  };
}

export { addresses, traceAddresses };

// ---------------------------------------------------------------------------------------------
// The manifest
// ---------------------------------------------------------------------------------------------

export type Role = 'admin' | 'auditor' | 'user';

export interface ManifestUser {
  key: string;
  email: string;
  username: string;
  password: string;
  role: Role;
  id: string;
  blocked: boolean;
  /** GET /api/profile (customers; null for the blocked one, who cannot sign in) */
  profile: { checks_left: number; bonus_checks: number; role: string } | null;
  /** The admin Customers row (customers only). */
  customer: Record<string, unknown> | null;
  /** GET /api/admin/audit/balance/:userId (customers only). */
  auditBalance: unknown;
  /** A token issued at the end of writing, with its session (still valid at writtenAt). */
  token: string | null;
  /** Tokens that must be refused, with the status they were refused with and why. */
  refusedTokens: Array<{ token: string; status: number; why: string }>;
  /** The user's sessions at the end (ids), for customers. */
  sessionIds: string[];
  /** How sign-in answered at the end (the blocked one is refused). */
  signIn: { status: number; error: string | null };
}

export interface ManifestCheck {
  id: string;
  owner: string;
  address: string;
  network: string;
  /** How it was asked for (web, api, batch, schedule, list-change). */
  via: string;
  /** GET /api/transactions/checks/:id by its owner (null for the blocked owner): status and verdict. */
  result: { status: number; body: Record<string, unknown> } | null;
  /** GET /api/transactions/history/:id by its owner: null when not in History (failed checks, blocked owner). */
  history: Record<string, unknown> | null;
  /** GET /api/admin/transactions/:id (null when the admin's History does not list it: failed checks). */
  admin: Record<string, unknown> | null;
  /** GET /api/admin/checks/:id/replay. */
  replay: Record<string, unknown>;
  /** GET /api/admin/checks/:id/events: the event types in order and the versions it used. */
  events: { status: string; types: string[]; versions: unknown };
}

export interface Manifest {
  format: 1;
  /**
   * `git rev-parse HEAD` of the build that wrote it; the last commit that changed anything outside
   * tests/compat (the product as it was); whether the worktree had changes outside tests/compat.
   */
  build: { commit: string; productCommit: string; dirty: boolean };
  /** The server's clock when writing ended (ISO 8601): a test sets its server's clock just after it. */
  writtenAt: string;
  /** The wall clock when writing ended. */
  wallClockAt: string;
  /** Environment the writer gave the server beyond the test server's defaults (blockchain sources excluded). */
  env: Record<string, string>;
  files: Array<{ name: string; stored: string; bytes: number; storedBytes: number; sha256: string }>;
  events: EventsDigest & { types: Record<string, number>; headPosition: number; lastHash: string };
  auditVerify: Record<string, unknown>;
  users: ManifestUser[];
  checks: ManifestCheck[];
  /** Each customer's History ids, newest first, as listed. */
  histories: Record<string, string[]>;
  /** GET /api/admin/transactions ids, newest first. */
  adminHistory: string[];
  cases: Array<{ id: string; owner: string; detail: Record<string, unknown>; adminDetail: Record<string, unknown> }>;
  apiKeys: Array<{
    owner: string;
    id: string;
    key: string;
    revoked: boolean;
    expired: boolean;
    listed: Record<string, unknown>;
    status: number;
    error: string | null;
  }>;
  purchases: { admin: unknown[]; byUser: Record<string, unknown> };
  localCheckouts: Array<{ owner: string; session: string; answer: Record<string, unknown> }>;
  lists: unknown[];
  sanctionsStatus: Record<string, unknown>;
  feeds: unknown;
  watches: Record<string, unknown[]>;
  alerts: Record<string, unknown[]>;
  webhooks: Array<{ owner: string; endpoint: Record<string, unknown>; secret: string; deliveries: unknown[] }>;
  deletedWebhooks: Array<{ owner: string; id: string }>;
  batches: Array<{ owner: string; batch: Record<string, unknown>; rows: unknown }>;
  /** GET /api/admin/stats for the days written on. */
  stats: { query: string; answer: unknown };
}

export const MANIFEST = 'manifest.json';

export function readManifest(fixtureDir: string): Manifest {
  const file = path.join(fixtureDir, MANIFEST);
  if (!existsSync(file)) throw new Error(`no ${MANIFEST} in ${fixtureDir}`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`${file}: unknown manifest format ${String(manifest.format)}`);
  return manifest;
}
