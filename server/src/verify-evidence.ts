/**
 * `npx walletscreen-verify <bundle.json> [--key <public-key.pem>]`: verifies a check's evidence
 * bundle offline (workers/src/checks/verify-evidence.ts) and prints each step and the verdict,
 * "identical" when everything holds; exit 0 then, 1 on any failure, 2 when it cannot read its input.
 * With --key, the bundle's key must be that one (the installation's published key,
 * GET /api/audit-log/public-key, kept by whoever verifies), not only the key the bundle carries.
 * It reads no configuration and no data directory: anyone can run it, on a machine of their own.
 */
import { readFileSync } from 'node:fs';
import { readCommandLine, type CommandIO } from '@walletscreen/platform/command-line/read-command-line';
import { ed25519PublicKeyFromPem, keyFingerprint } from '@walletscreen/platform/event-store/log-tree/tree-head';
import { describeBundleVerification, verifyEvidenceBundle } from '@walletscreen/workers/checks/verify-evidence';

export const verifyEvidenceUsage = `usage: npx walletscreen-verify <evidence-bundle.json> [--key <public-key.pem>]
  Verifies a check's evidence bundle offline: the tree head's signature, every event's inclusion
  proof and hash-chain link, and the recorded risk model re-run on the recorded evidence. Prints
  "identical" when everything holds (exit 0), what failed or differs otherwise (exit 1).
  --key  the installation's public key (PEM) to hold the bundle to, instead of the one it carries`;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function runVerifyEvidence(io: Pick<CommandIO, 'argv' | 'stdout' | 'stderr'>): number {
  const line = readCommandLine(io.argv, { key: { type: 'string' } }, { positionals: 1 });
  if (typeof line === 'string') {
    io.stderr(`${line}\n${verifyEvidenceUsage}`);
    return 2;
  }
  if (line.values.help) {
    io.stdout(verifyEvidenceUsage);
    return 0;
  }
  const file = line.positionals[0];
  if (!file) {
    io.stderr(verifyEvidenceUsage);
    return 2;
  }
  let bundle: unknown;
  try {
    bundle = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    io.stderr(`cannot read ${file}: ${reason(error)}`);
    return 2;
  }
  let trusted: string | null = null;
  if (line.values.key) {
    try {
      trusted = keyFingerprint(ed25519PublicKeyFromPem(readFileSync(line.values.key, 'utf8')));
    } catch (error) {
      io.stderr(`cannot read the key ${line.values.key}: ${reason(error)}`);
      return 2;
    }
  }
  const result = verifyEvidenceBundle(bundle);
  const lines = describeBundleVerification(result);
  const verdict = lines.pop()!;
  for (const l of lines) io.stdout(l);
  const carried = (bundle as { public_key?: { key_id?: unknown } } | null)?.public_key?.key_id;
  if (trusted !== null && carried !== trusted) {
    io.stdout(`FAIL key: the bundle is signed by key ${String(carried)}, not the installation's key ${trusted}`);
    io.stderr(`FAILED: the bundle is not signed by the key given (${trusted})`);
    return 1;
  }
  if (trusted === null && result.ok)
    io.stdout(`note: the key is the one the bundle carries (${String(carried)}); compare it with the installation's published key, or pass --key`);
  (result.ok ? io.stdout : io.stderr)(verdict);
  return result.ok ? 0 : 1;
}
