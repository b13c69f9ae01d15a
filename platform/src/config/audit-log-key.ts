/**
 * The installation's Ed25519 key, which signs the audit log's tree heads
 * (event-store/log-tree/tree-head.ts): read from AUDIT_LOG_SIGNING_KEY_FILE when set (a PKCS#8 PEM
 * file the operator keeps where they choose, e.g. outside DATA_DIR, so that whoever can rewrite the
 * data directory cannot also sign a rewritten log), otherwise from DATA_DIR/audit-log-key.pem,
 * generated once, readable by its owner only (as DATA_DIR/jwt-secret).
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ed25519KeyFromPem, keyFingerprint } from '../event-store/log-tree/tree-head';
import { ConfigError } from './config-error';

export interface AuditLogKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SHA-256 of the public key (SubjectPublicKeyInfo, DER), hex. */
  fingerprint: string;
  /** Where it came from: the file AUDIT_LOG_SIGNING_KEY_FILE names, DATA_DIR's file, or generated into it now. */
  source: 'configured' | 'file' | 'generated';
}

export const AUDIT_LOG_KEY_FILE = 'audit-log-key.pem';

const keyOf = (pem: string, source: AuditLogKey['source']): AuditLogKey => {
  const { privateKey, publicKey } = ed25519KeyFromPem(pem);
  return { privateKey, publicKey, fingerprint: keyFingerprint(publicKey), source };
};

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function loadAuditLogKey(configuredFile: string | undefined, dataDir: string): AuditLogKey {
  if (configuredFile !== undefined) {
    const file = path.resolve(configuredFile);
    let pem: string;
    try {
      pem = readFileSync(file, 'utf8');
    } catch (error) {
      throw new ConfigError([`AUDIT_LOG_SIGNING_KEY_FILE: cannot read ${file} (${reason(error)})`]);
    }
    try {
      return keyOf(pem, 'configured');
    } catch (error) {
      throw new ConfigError([
        `AUDIT_LOG_SIGNING_KEY_FILE: ${file} is not an Ed25519 private key in PEM (PKCS#8) (${reason(error)}); make one with: openssl genpkey -algorithm ed25519 -out ${path.basename(file)}`,
      ]);
    }
  }
  const file = path.join(dataDir, AUDIT_LOG_KEY_FILE);
  const stored = (source: AuditLogKey['source']) => {
    try {
      return keyOf(readFileSync(file, 'utf8'), source);
    } catch (error) {
      throw new ConfigError([`${file}: the stored audit log key is not an Ed25519 private key in PEM (${reason(error)})`]);
    }
  };
  if (existsSync(file)) return stored('file');
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (error) {
    // Another process of this DATA_DIR generated it at the same moment: use theirs.
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
    return stored('file');
  }
  return keyOf(pem, 'generated');
}
