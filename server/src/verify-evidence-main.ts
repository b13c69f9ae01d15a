/** Entry point of `npx walletscreen-verify` (scripts/walletscreen-verify.mjs bundles it into one file that needs nothing but Node). */
import { runVerifyEvidence } from './verify-evidence';

process.exitCode = runVerifyEvidence({
  argv: process.argv.slice(2),
  stdout: (l) => process.stdout.write(`${l}\n`),
  stderr: (l) => process.stderr.write(`${l}\n`),
});
