import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { feedIds, type FeedId } from '@walletscreen/contracts/feeds/feeds';
import { loadAuditLogKey, type AuditLogKey } from './audit-log-key';
import { ConfigError } from './config-error';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const url = (protocols: string[]) =>
  optionalText.refine((v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)), {
    error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  });

/** A plan as PLANS configures it: price in the currency's units (49.00), an optional Stripe Price to charge. */
export const planConfigSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'id must be 1 to 64 letters, digits, "_" or "-"' }),
  name: z.string().trim().min(1, { error: 'name is required' }).max(100),
  checks: z.number({ error: 'checks must be a number' }).int({ error: 'checks must be a whole number' }).min(1).max(1_000_000),
  price: z
    .number({ error: 'price must be a number, in currency units (49.00)' })
    .min(0)
    .max(1_000_000)
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, { error: 'price may have at most 2 decimals' }),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, { error: 'currency must be a 3-letter ISO code' })
    .default('usd')
    .transform((c) => c.toLowerCase()),
  stripe_price_id: optionalText,
});
export type PlanConfig = z.infer<typeof planConfigSchema>;

export const DEFAULT_PLANS: PlanConfig[] = [
  { id: 'starter', name: 'Starter', checks: 10, price: 25, currency: 'usd', stripe_price_id: undefined },
  { id: 'professional', name: 'Professional', checks: 50, price: 99, currency: 'usd', stripe_price_id: undefined },
  { id: 'enterprise', name: 'Enterprise', checks: 200, price: 299, currency: 'usd', stripe_price_id: undefined },
];

/** PLANS: a JSON array of plans; unset or empty gives DEFAULT_PLANS. */
const plansFromEnv = optionalText
  .transform((text, ctx): unknown => {
    if (text === undefined) return DEFAULT_PLANS;
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of plans, e.g. [{"id":"starter","name":"Starter","checks":10,"price":25}]' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(planConfigSchema, { error: 'must be a JSON array of plans' })
      .min(1, { error: 'must list at least one plan' })
      .superRefine((plans, ctx) => {
        const seen = new Set<string>();
        for (const plan of plans) {
          for (const key of [plan.id, plan.stripe_price_id]) {
            if (key === undefined) continue;
            if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `plan id or stripe_price_id "${key}" is used twice` });
            seen.add(key);
          }
        }
      }),
  );

/**
 * Every environment variable the server reads (the blockchain data sources' own settings are read by
 * `chainDataConfigFromEnv` in workers/src/chain-data/config.ts). The README's configuration table mirrors both.
 */
export const envSchema = z
  .object({
    PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    PUBLIC_URL: url(['http:', 'https:']),
    ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, { error: 'must have at least 8 characters' }).max(128).optional()),
    JWT_SECRET: optionalText.pipe(z.string().min(32, { error: 'must have at least 32 characters' }).optional()),
    SMTP_URL: url(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().trim().min(3).default('WalletScreen <no-reply@walletscreen.local>'),
    // The addresses the public pages show: the landing page's contact, and "Contact Sales" (CONTACT_EMAIL when unset).
    CONTACT_EMAIL: optionalText.pipe(z.email({ error: 'must be an e-mail address' }).default('compliance@walletscreen.example')),
    SALES_EMAIL: optionalText.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
    // The operator's Terms of Service and Privacy notice (a Markdown or HTML file each, read at start); unset, a default text.
    TERMS_FILE: optionalText,
    PRIVACY_FILE: optionalText,
    // The seller printed on purchase receipts: a name, and an address whose lines are separated by "|" or new lines.
    SELLER_NAME: z.string().trim().min(1).max(200).default('WalletScreen'),
    SELLER_ADDRESS: optionalText.pipe(z.string().max(500, { error: 'must have at most 500 characters' }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
    // The event store's hash chain: verified on from where it was verified before this often, and walked whole in the background this often.
    INTEGRITY_VERIFY_INTERVAL_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(86_400).default(60),
    INTEGRITY_FULL_VERIFY_INTERVAL_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(604_800).default(900),
    // Wallet checks.
    CHECK_WAIT_MS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(120_000).default(25_000),
    CHECK_STAGE_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).max(600_000).default(60_000),
    ANALYSIS_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(32),
    // Wallets of one batch screened at once (the rest of the analysis workers stay free for interactive checks).
    BATCH_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(4),
    CHAINABUSE_URL: url(['http:', 'https:']),
    CHAINABUSE_API_KEY: optionalText,
    EXTRA_LABELS_FILE: optionalText,
    // Intelligence feeds checks read: a comma list of feed ids, or "none"; unset, each feed's default (OpenSanctions off).
    FEEDS_ENABLED: optionalText.pipe(
      z
        .string()
        .transform((v) =>
          v.trim().toLowerCase() === 'none'
            ? []
            : v
                .split(',')
                .map((id) => id.trim())
                .filter(Boolean),
        )
        .superRefine((ids, ctx) => {
          const unknown = ids.filter((id) => !(feedIds as readonly string[]).includes(id));
          if (unknown.length > 0)
            ctx.addIssue({
              code: 'custom',
              message: `unknown feed ${unknown.map((id) => `"${id}"`).join(', ')}: must be a comma list of ${feedIds.join(', ')}, or none`,
            });
        })
        .transform((ids) => ids as FeedId[])
        .optional(),
    ),
    // Where feeds are downloaded from instead of their own addresses (a mirror): id=url, comma-separated.
    FEED_URLS: optionalText.transform((v, ctx): Partial<Record<FeedId, string>> | undefined => {
      if (v === undefined) return undefined;
      const urls: Partial<Record<FeedId, string>> = {};
      for (const pair of v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const at = pair.indexOf('=');
        const id = pair.slice(0, Math.max(at, 0)).trim();
        const address = pair.slice(at + 1).trim();
        if (at < 1 || !(feedIds as readonly string[]).includes(id)) {
          ctx.addIssue({ code: 'custom', message: `"${pair}" is not feed-id=URL with a feed id of ${feedIds.join(', ')}` });
        } else if (!URL.canParse(address) || !['http:', 'https:'].includes(new URL(address).protocol)) {
          ctx.addIssue({ code: 'custom', message: `the URL of ${id} must start with http:// or https://` });
        } else {
          urls[id as FeedId] = address;
        }
      }
      return urls;
    }),
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: url(['http:', 'https:']),
    OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
    OPENAI_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(500).max(120_000).default(20_000),
    // Sanctions: the OFAC list the server refreshes every interval (0 turns the refresh off).
    SANCTIONS_SYNC_INTERVAL_HOURS: z.coerce.number({ error: 'must be a number of hours' }).min(0).max(8760).default(24),
    // How often downloadable intelligence feeds are refreshed in the background; 0 turns it off.
    FEEDS_SYNC_INTERVAL_HOURS: z.coerce.number({ error: 'must be a number of hours' }).min(0).max(8760).default(24),
    OFAC_SDN_URL: url(['http:', 'https:']),
    // Public API: requests per minute each API key may make (429 beyond).
    API_KEY_RATE_LIMIT: z.coerce.number({ error: 'must be a number of requests per minute' }).int().min(1).max(1_000_000).default(600),
    // Live connections (socket.io): sockets one user may have open at once on one API process, and connections a user may open per minute (refused beyond, with the reason).
    SOCKET_CONNECTIONS_PER_USER: z.coerce.number({ error: 'must be a number of connections' }).int().min(1).max(10_000).default(20),
    SOCKET_CONNECT_RATE_LIMIT: z.coerce.number({ error: 'must be a number of connections per minute' }).int().min(1).max(1_000_000).default(60),
    // The sanctions drop-ins (Chainalysis', TRM's shapes) opened to callers without a key, as TRM's free API is, and their limit per client address.
    SANCTIONS_DROPIN_ANONYMOUS: z
      .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    SANCTIONS_DROPIN_ANONYMOUS_RATE_LIMIT: z.coerce.number({ error: 'must be a number of requests per minute' }).int().min(1).max(1_000_000).default(30),
    // Registration: accounts registered per hour from one client address, and from every address together (429 beyond).
    REGISTRATION_RATE_LIMIT_PER_ADDRESS: z.coerce.number({ error: 'must be a number of registrations per hour' }).int().min(1).max(1_000_000).default(5),
    REGISTRATION_RATE_LIMIT_TOTAL: z.coerce.number({ error: 'must be a number of registrations per hour' }).int().min(1).max(1_000_000).default(100),
    // Whether a new user's free checks wait until they confirm their e-mail address (auto: when SMTP_URL is set).
    REGISTRATION_EMAIL_CONFIRMATION: z
      .string()
      .trim()
      .toLowerCase()
      .default('auto')
      .pipe(
        z.enum(['auto', 'on', 'off'], {
          error:
            'must be auto (confirmation asked for when SMTP_URL is set; the default), on (always: without SMTP_URL the links are written to DATA_DIR/outbox) or off (the free checks are granted at registration)',
        }),
      ),
    // Monitoring: how often the scheduler looks for due re-screens (0: never on its own), and the watchlist's size per user.
    MONITORING_SCHEDULER_INTERVAL_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).max(86_400).default(60),
    WATCHLIST_MAX: z.coerce.number({ error: 'must be a number of wallets' }).int().min(1).max(1_000_000).default(10_000),
    // Cases: which cases need a second person to close them (four eyes).
    CASES_FOUR_EYES: z
      .string()
      .trim()
      .toLowerCase()
      .default('high-risk')
      .pipe(
        z.enum(['high-risk', 'all', 'off'], {
          error:
            'must be high-risk (closing a case of a High Risk, Non-compliant or Incomplete check needs a second person; the default), all (every case) or off (nobody needs one)',
        }),
      ),
    // Webhooks: private, loopback and link-local destinations are refused unless this is set (a network of your own).
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: z
      .enum(['true', 'false', '1', '0', ''])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    // The audit log's signed tree heads: the Ed25519 key they are signed with (a PKCS#8 PEM file, e.g. kept outside
    // DATA_DIR; unset, DATA_DIR/audit-log-key.pem, generated once), how often one is made while the log grows (0: only
    // when an evidence bundle needs one), and the witness each new one is POSTed to.
    AUDIT_LOG_SIGNING_KEY_FILE: optionalText,
    AUDIT_LOG_TREE_HEAD_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).max(86_400).default(60),
    AUDIT_LOG_WITNESS_URL: url(['http:', 'https:']),
    WEBHOOK_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1_000).max(60_000).default(10_000),
    WEBHOOK_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(32),
    // Billing: plans, how long purchased checks last, Stripe (absent: the local test-payment provider).
    PLANS: plansFromEnv,
    PURCHASE_EXPIRY_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(36_500).default(365),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: url(['http:', 'https:']),
    // The distributed profile: each port's adapter is chosen by its variable; absent means embedded.
    EVENTSTORE_URL: url(['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:']),
    KAFKA_BROKERS: optionalText.pipe(
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((b) => b.trim())
            .filter(Boolean),
        )
        .pipe(
          z.array(z.string().regex(/^[A-Za-z0-9.\-_[\]:]+:\d{1,5}$/, { error: 'must be host:port, comma-separated (e.g. kafka-1:9092,kafka-2:9092)' })).min(1),
        )
        .optional(),
    ),
    KAFKA_CLIENT_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,100}$/, { error: 'must be 1 to 100 letters, digits, ".", "_" or "-"' })
      .default('walletscreen'),
    KAFKA_TOPIC_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,100}$/, { error: 'must be 1 to 100 letters, digits, ".", "_" or "-"' })
      .default('walletscreen'),
    KAFKA_PARTITIONS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(6),
    KAFKA_SESSION_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(1_000).max(300_000).default(10_000),
    // How long the relay's lease lasts unrenewed: a standby relay takes over this long after the active one died.
    RELAY_LEASE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1_000).max(300_000).default(10_000),
    MONGO_URL: url(['mongodb:', 'mongodb+srv:']),
    MONGO_DATABASE: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,63}$/, { error: 'must be 1 to 63 letters, digits, "_" or "-"' })
      .default('walletscreen'),
    SQLITE_POLL_MS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(60_000).default(500),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export { ConfigError };

export type { AuditLogKey };

export interface Config extends Omit<Env, 'PUBLIC_URL' | 'JWT_SECRET'> {
  DATA_DIR: string;
  PUBLIC_URL: string;
  JWT_SECRET: string;
  /** Where JWT_SECRET came from, for the start-up log. */
  jwtSecretSource: 'env' | 'file' | 'generated';
  /** The key the audit log's tree heads are signed with (AUDIT_LOG_SIGNING_KEY_FILE, or DATA_DIR/audit-log-key.pem). */
  auditLogKey: AuditLogKey;
}

/** Validates the environment; throws ConfigError naming every bad variable. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  return result.data;
}

/**
 * Makes the data directory private to the service's user: the event store, the read models and the
 * JWT secret hold every customer's data and the key to their sessions. The process's file mode
 * mask becomes 077, so every file it creates from now on (SQLite's journal and WAL files, exports,
 * a new read-models file) is its owner's alone, as systemd's `UMask=0077` would make it; and a
 * directory written by an earlier version, whose files were created readable by all (0644), is
 * closed: the directory 0700, every file and folder in it 0600 / 0700.
 */
export function makeDataDirPrivate(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const wanted = entry.isDirectory() ? 0o700 : 0o600;
    if ((statSync(file).mode & 0o777) !== wanted) chmodSync(file, wanted);
  }
}

/**
 * Loads the configuration: validates the environment, creates DATA_DIR (private to the service's
 * user: makeDataDirPrivate), and reads JWT_SECRET from the environment or from DATA_DIR/jwt-secret,
 * generating that file once when absent; likewise the audit log's signing key (audit-log-key.ts).
 */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  makeDataDirPrivate(dataDir);
  let jwtSecret = parsed.JWT_SECRET;
  let source: Config['jwtSecretSource'] = 'env';
  if (!jwtSecret) {
    const file = path.join(dataDir, 'jwt-secret');
    if (existsSync(file)) {
      jwtSecret = readFileSync(file, 'utf8').trim();
      source = 'file';
      if (jwtSecret.length < 32) throw new ConfigError([`${file}: the stored JWT secret is shorter than 32 characters`]);
    } else {
      jwtSecret = randomBytes(48).toString('base64url');
      try {
        writeFileSync(file, `${jwtSecret}\n`, { mode: 0o600, flag: 'wx' });
        chmodSync(file, 0o600);
        source = 'generated';
      } catch (error) {
        // Another process of this DATA_DIR generated it at the same moment: use theirs.
        if ((error as { code?: string }).code !== 'EEXIST') throw error;
        jwtSecret = readFileSync(file, 'utf8').trim();
        source = 'file';
      }
    }
  }
  const auditLogKey = loadAuditLogKey(parsed.AUDIT_LOG_SIGNING_KEY_FILE, dataDir);
  return {
    ...parsed,
    DATA_DIR: dataDir,
    auditLogKey,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    JWT_SECRET: jwtSecret,
    jwtSecretSource: source,
  };
}
