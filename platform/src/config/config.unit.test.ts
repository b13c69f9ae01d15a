import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, parseEnv } from './config';

describe('configuration', () => {
  it('has defaults for everything optional', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', LOG_LEVEL: 'info', TRUST_PROXY: false, SQLITE_SYNCHRONOUS: 'NORMAL' });
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', SMTP_URL: 'http://mail', JWT_SECRET: 'short', ADMIN_EMAIL: 'not-an-email', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'SMTP_URL', 'JWT_SECRET', 'ADMIN_EMAIL', 'LOG_LEVEL']) expect(message).toContain(name);
  });

  it('asks a second person to close high-risk cases by default; all and off are the other policies, anything else is named', () => {
    expect(parseEnv({}).CASES_FOUR_EYES).toBe('high-risk');
    expect(parseEnv({ CASES_FOUR_EYES: ' ALL ' }).CASES_FOUR_EYES).toBe('all');
    expect(parseEnv({ CASES_FOUR_EYES: 'off' }).CASES_FOUR_EYES).toBe('off');
    expect(() => parseEnv({ CASES_FOUR_EYES: 'always' })).toThrow(/CASES_FOUR_EYES: must be high-risk .*, all .* or off/);
  });

  it('refreshes the OFAC list daily by default; 0 turns it off; the URL must be http(s)', () => {
    expect(parseEnv({}).SANCTIONS_SYNC_INTERVAL_HOURS).toBe(24);
    expect(parseEnv({}).OFAC_SDN_URL).toBeUndefined();
    expect(parseEnv({ SANCTIONS_SYNC_INTERVAL_HOURS: '0', OFAC_SDN_URL: 'https://lists.example/sdn.xml' })).toMatchObject({
      SANCTIONS_SYNC_INTERVAL_HOURS: 0,
      OFAC_SDN_URL: 'https://lists.example/sdn.xml',
    });
    expect(() => parseEnv({ SANCTIONS_SYNC_INTERVAL_HOURS: '-1' })).toThrow(/SANCTIONS_SYNC_INTERVAL_HOURS/);
    expect(() => parseEnv({ OFAC_SDN_URL: 'ftp://lists.example/sdn.xml' })).toThrow(/OFAC_SDN_URL/);
  });

  it('reads the feeds each feed\'s default enables unless FEEDS_ENABLED lists them ("none": no feed); an unknown id is named', () => {
    expect(parseEnv({}).FEEDS_ENABLED).toBeUndefined();
    expect(parseEnv({ FEEDS_ENABLED: '' }).FEEDS_ENABLED).toBeUndefined();
    expect(parseEnv({ FEEDS_ENABLED: ' ethereum-darklist , opensanctions-crypto' }).FEEDS_ENABLED).toEqual(['ethereum-darklist', 'opensanctions-crypto']);
    expect(parseEnv({ FEEDS_ENABLED: 'none' }).FEEDS_ENABLED).toEqual([]);
    expect(() => parseEnv({ FEEDS_ENABLED: 'ethereum-darklist,opensanctions' })).toThrow(
      /FEEDS_ENABLED: unknown feed "opensanctions": must be a comma list of/,
    );
  });

  it('takes mirrors of feeds as FEED_URLS (feed-id=URL, comma-separated)', () => {
    expect(parseEnv({}).FEED_URLS).toBeUndefined();
    expect(parseEnv({ FEED_URLS: 'ethereum-darklist=https://mirror.example/darklist.json, opensanctions-crypto=http://10.0.0.5/os.json' }).FEED_URLS).toEqual({
      'ethereum-darklist': 'https://mirror.example/darklist.json',
      'opensanctions-crypto': 'http://10.0.0.5/os.json',
    });
    expect(() => parseEnv({ FEED_URLS: 'darklist=https://mirror.example/d.json' })).toThrow(
      /FEED_URLS: "darklist=https:\/\/mirror\.example\/d\.json" is not feed-id=URL/,
    );
    expect(() => parseEnv({ FEED_URLS: 'ethereum-darklist=ftp://mirror.example/d.json' })).toThrow(
      /FEED_URLS: the URL of ethereum-darklist must start with http/,
    );
  });

  it('has contact addresses for the public pages: CONTACT_EMAIL with a default, SALES_EMAIL optional; each must be an e-mail', () => {
    for (const env of [{}, { CONTACT_EMAIL: '', SALES_EMAIL: '' }]) {
      expect(parseEnv(env).CONTACT_EMAIL).toBe('compliance@walletscreen.example');
      expect(parseEnv(env).SALES_EMAIL).toBeUndefined();
    }
    expect(parseEnv({ CONTACT_EMAIL: ' hello@desk.example ', SALES_EMAIL: 'deals@desk.example' })).toMatchObject({
      CONTACT_EMAIL: 'hello@desk.example',
      SALES_EMAIL: 'deals@desk.example',
    });
    expect(() => parseEnv({ CONTACT_EMAIL: 'desk.example' })).toThrow(/CONTACT_EMAIL: must be an e-mail address/);
    expect(() => parseEnv({ SALES_EMAIL: 'sales at desk' })).toThrow(/SALES_EMAIL: must be an e-mail address/);
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => parseEnv({ ADMIN_EMAIL: 'admin@x.io' })).toThrow(/ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together/);
    expect(parseEnv({ ADMIN_EMAIL: 'admin@x.io', ADMIN_PASSWORD: 'long enough' }).ADMIN_EMAIL).toBe('admin@x.io');
  });

  it('makes DATA_DIR private to its owner, and closes the files an earlier version left readable by all', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ws-config-private-'));
    const umask = process.umask();
    try {
      process.umask(0o022);
      // As an earlier version left it: the directory and its files readable by all.
      chmodSync(dir, 0o755);
      writeFileSync(path.join(dir, 'walletscreen.db'), 'x', { mode: 0o644 });
      mkdirSync(path.join(dir, 'exports'), { mode: 0o755 });
      writeFileSync(path.join(dir, 'exports', 'old.csv'), 'x', { mode: 0o644 });
      loadConfig({ DATA_DIR: dir });
      const mode = (f: string) => statSync(path.join(dir, f)).mode & 0o777;
      expect([mode('.'), mode('walletscreen.db'), mode('exports'), mode('exports/old.csv'), mode('jwt-secret')]).toEqual([0o700, 0o600, 0o700, 0o600, 0o600]);
      // What the process creates afterwards is private too (SQLite's WAL and journal files, new read models).
      writeFileSync(path.join(dir, 'read-models.db'), 'x');
      expect(mode('read-models.db')).toBe(0o600);
    } finally {
      process.umask(umask);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('generates the JWT secret once into DATA_DIR, readable only by its owner, and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ws-config-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      expect(first.jwtSecretSource).toBe('generated');
      expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
      const second = loadConfig({ DATA_DIR: dir });
      expect(second.jwtSecretSource).toBe('file');
      expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
      expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.JWT_SECRET);
      expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) }).JWT_SECRET).toBe('x'.repeat(40));
      expect(first.PUBLIC_URL).toBe('http://localhost:3000');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("generates the audit log's signing key once into DATA_DIR, readable only by its owner, unless AUDIT_LOG_SIGNING_KEY_FILE names one elsewhere", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ws-config-'));
    const outside = mkdtempSync(path.join(tmpdir(), 'ws-key-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      expect(first.auditLogKey).toMatchObject({ source: 'generated', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(first.auditLogKey.privateKey.asymmetricKeyType).toBe('ed25519');
      expect(statSync(path.join(dir, 'audit-log-key.pem')).mode & 0o777).toBe(0o600);
      const second = loadConfig({ DATA_DIR: dir });
      expect(second.auditLogKey).toMatchObject({ source: 'file', fingerprint: first.auditLogKey.fingerprint });

      const file = path.join(outside, 'signing.pem');
      writeFileSync(file, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
      const configured = loadConfig({ DATA_DIR: dir, AUDIT_LOG_SIGNING_KEY_FILE: file });
      expect(configured.auditLogKey.source).toBe('configured');
      expect(configured.auditLogKey.fingerprint).not.toBe(first.auditLogKey.fingerprint);

      // Refused at boot, naming the variable: a missing file, and a key of another kind.
      expect(() => loadConfig({ DATA_DIR: dir, AUDIT_LOG_SIGNING_KEY_FILE: path.join(outside, 'none.pem') })).toThrow(
        /AUDIT_LOG_SIGNING_KEY_FILE: cannot read/,
      );
      const rsa = path.join(outside, 'rsa.pem');
      writeFileSync(rsa, generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
      expect(() => loadConfig({ DATA_DIR: dir, AUDIT_LOG_SIGNING_KEY_FILE: rsa })).toThrow(/AUDIT_LOG_SIGNING_KEY_FILE: .*not an Ed25519 private key.*rsa key/);
      expect(() => parseEnv({ AUDIT_LOG_TREE_HEAD_SECONDS: 'often', AUDIT_LOG_WITNESS_URL: 'ftp://witness' })).toThrow(
        /AUDIT_LOG_TREE_HEAD_SECONDS[\s\S]*AUDIT_LOG_WITNESS_URL/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
