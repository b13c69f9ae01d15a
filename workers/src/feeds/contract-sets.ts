/**
 * `contract-sets`: mixer and bridge contracts shipped with WalletScreen (contract-sets.json, in the
 * labels file's format). Like the shipped labels file, every entry was checked character for
 * character against the public document named in its `source`, and it holds only addresses found
 * there verbatim; few and correct rather than many and guessed:
 * - Tornado Cash pools and its proxy on other chains, from the instance list of
 *   tornadocontrib/tornado-scripts, src/networkConfig.ts (pinned to the commit read);
 * - OP Stack bridges (OptimismPortal, L1StandardBridge, L1CrossDomainMessenger) of OP Mainnet,
 *   Base, Unichain and Zora, from ethereum-optimism/superchain-registry's mainnet configs.
 * Addresses already in labels.json (the Tornado Cash pools OFAC designated, Arbitrum's, OP's and
 * Base's standard bridges, Polygon's and Wormhole's) are not repeated here.
 *
 * It needs no download: its version is its file's hash (the first 12 hex digits of the SHA-256 of
 * its content), as the shipped labels file's is, and it is read while the feed is enabled.
 */
import { createHash } from 'node:crypto';
import { labelsVersionOf, parseLabels } from '../intelligence/labels';
import type { FeedEntry } from '@walletscreen/domain/feed/events';
import type { ShippedFeedDefinition } from './feed';

// Bundled with the code, like labels.json (see labels.ts): the file is JSON.stringify(…, null, 2)
// plus a newline, so this text is its exact content and its hash the file's hash.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a JSON import would need the file in the tsconfig's file list
const shippedJson: unknown = require('./contract-sets.json');
export const contractSetsContent = `${JSON.stringify(shippedJson, null, 2)}\n`;
export const CONTRACT_SETS_FILE = 'workers/src/feeds/contract-sets.json';

let shipped: { entries: readonly FeedEntry[]; sha256: string; version: string } | undefined;

export const contractSetsFeed: ShippedFeedDefinition = {
  id: 'contract-sets',
  kind: 'shipped',
  name: 'Mixer and bridge contracts',
  description:
    'Tornado Cash pools on several chains and OP Stack bridge contracts (OP Mainnet, Base, Unichain, Zora), shipped with WalletScreen; each entry names the public document it was checked against. Categories mixer and bridge.',
  categories: ['mixer', 'bridge'],
  licence: { name: 'Shipped with WalletScreen (public facts, each with its source)', url: null, commercialUse: true },
  enabledByDefault: true,
  shipped() {
    shipped ??= {
      entries: parseLabels(contractSetsContent, CONTRACT_SETS_FILE, 'shipped').map(({ origin: _origin, ...label }) => Object.freeze(label)),
      sha256: createHash('sha256').update(contractSetsContent, 'utf8').digest('hex'),
      version: labelsVersionOf(contractSetsContent),
    };
    return shipped;
  },
};
