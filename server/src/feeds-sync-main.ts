/**
 * Entry point of `npm run feeds:sync` (bundled and run by scripts/run-ts.mjs):
 *   npm run feeds:sync -- ethereum-darklist                   download the feed from its own URL
 *   npm run feeds:sync -- opensanctions-crypto --file PATH    import a local copy
 *   npm run feeds:sync -- custom-labels --file labels.json    a new version of your own labels
 * Prints one summary line; exits 1 when the feed could not be imported, 2 on a usage error.
 */
import { runFeedsSyncCommand } from '@walletscreen/workers/feeds/sync-command';
import { runAsMain } from './operations';

runAsMain('feeds:sync', runFeedsSyncCommand);
