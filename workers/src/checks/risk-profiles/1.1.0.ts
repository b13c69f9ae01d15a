/**
 * walletscreen-risk-1.1.0 (3067053; recorded by the builds up to abc69da): 1.0.0 and the
 * administrator's custom lists. A wallet on a block list scores 100 (High) unless an allow list
 * clears it; a block-listed counterparty is weighed like a sanctioned one; an allow list clears
 * what others say about the wallet (its labels but `sanctioned`, its reports, its block lists).
 */
import type { RiskProfile } from '../risk-profile';

export const riskProfile: RiskProfile = {
  version: 'walletscreen-risk-1.1.0',
  categories: ['sanctioned', 'mixer', 'darknet', 'ransomware', 'scam', 'theft', 'gambling', 'exchange', 'defi', 'bridge', 'other'],
  wording: '1.0',
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
  sanctionedExposure: { kind: 'linear', floor: 40, perShare: 45 },
  abuseReport: { each: 10, max: 30 },
  flags: { 'pass-through': 10, 'fan-in': 5, 'fan-out': 5, dusting: 4, 'new-wallet-large-volume': 10, 'mixer-interaction': 10 },
  labelled: {},
  addresses: {},
  alwaysCounted: ['sanctioned'],
  missingEvidence: { verdict: 'review', kinds: ['blockchain-data'] },
  customLists: { direct: 100, exposure: { kind: 'linear', floor: 40, perShare: 45 } },
  delisted: null,
  indirect: null,
  clustering: null,
};
