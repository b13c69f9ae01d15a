/**
 * walletscreen-risk-2.0.0 (f1c34b6; recorded by the builds up to cd1336c): the verdict
 * Incomplete for a check without its sanctions list or blockchain data (a High finding stands);
 * exposure named direct, and direct exposure to a sanctioned (or block-listed) counterparty on a
 * curve (40 at any contact, 70 at 10 % of the volume, 95 at all of it); delisted entries scored
 * (1eec8df: the wallet formerly listed 40, a counterparty 20 + 50 × share).
 */
import type { RiskProfile } from '../risk-profile';

export const riskProfile: RiskProfile = {
  version: 'walletscreen-risk-2.0.0',
  categories: ['sanctioned', 'mixer', 'darknet', 'ransomware', 'scam', 'theft', 'gambling', 'exchange', 'defi', 'bridge', 'other'],
  wording: '2.0',
  thresholds: { high: 70, medium: 35 },
  directSanction: 100,
  own: { sanctioned: 100, mixer: 80, darknet: 80, ransomware: 85, scam: 65, theft: 65, gambling: 20 },
  exposure: {
    mixer: { floor: 20, perShare: 50 },
    darknet: { floor: 25, perShare: 50 },
    ransomware: { floor: 30, perShare: 50 },
    scam: { floor: 12, perShare: 40 },
    theft: { floor: 15, perShare: 40 },
    gambling: { floor: 4, perShare: 15 },
  },
  minShare: 0.0005,
  sanctionedExposure: { kind: 'stepped-curve', floor: 40, highShare: 0.1, high: 70, max: 95 },
  abuseReport: { each: 10, max: 30 },
  flags: { 'pass-through': 10, 'fan-in': 5, 'fan-out': 5, dusting: 4, 'new-wallet-large-volume': 10, 'mixer-interaction': 10 },
  labelled: {},
  addresses: {},
  alwaysCounted: ['sanctioned'],
  missingEvidence: { verdict: 'incomplete', kinds: ['sanctions-list', 'blockchain-data'] },
  customLists: { direct: 100, exposure: { kind: 'stepped-curve', floor: 40, highShare: 0.1, high: 70, max: 95 } },
  delisted: { own: 40, exposure: { floor: 20, perShare: 50 } },
  indirect: null,
  clustering: null,
};
