/**
 * Entry point of `npm run feeds:sync` (bundled and run by scripts/run-ts.mjs):
 *   npm run feeds:sync -- ethereum-darklist                   download the feed from its own URL
 *   npm run feeds:sync -- opensanctions-crypto --file PATH    import a local copy
 *   npm run feeds:sync -- custom-labels --file labels.json    a new version of your own labels
 * Prints one summary line; exits 1 when the feed could not be imported, 2 on a usage error.
 */
import { runFeedsSyncCommand } from '@walletscreen/workers/feeds/sync-command';

void runFeedsSyncCommand({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`feeds:sync failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
