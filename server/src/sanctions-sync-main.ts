/**
 * Entry point of `npm run sanctions:sync` (bundled and run by scripts/run-ts.mjs):
 *   npm run sanctions:sync                       download OFAC's SDN_ADVANCED.XML (or OFAC_SDN_URL)
 *   npm run sanctions:sync -- --file PATH        import a local SDN_ADVANCED.XML, SDN.XML or sdn.csv
 *   npm run sanctions:sync -- --file PATH --allow-older   … even when it is older than the list in force
 * Prints one summary line; exits 1 when the list could not be imported, 2 on a usage error.
 */
import { runSyncCommand } from '@walletscreen/workers/sanctions/sync-command';
import { runAsMain } from './operations';

runAsMain('sanctions:sync', runSyncCommand);
