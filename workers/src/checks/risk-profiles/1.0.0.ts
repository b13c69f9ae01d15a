/**
 * walletscreen-risk-1.0.0 (78ab62a; recorded by the builds up to 5b76ad9): the first model. A
 * weighted score of the sanctions hit, the wallet's own labels, its exposure to labelled and
 * sanctioned counterparties (linear: a floor for any contact and a part per share), Chainabuse
 * reports and transaction patterns. No custom lists, no delistings; a check without blockchain
 * data keeps its level and asks for review.
 */
import type { RiskProfile } from '../risk-profile';

export const riskProfile: RiskProfile = {
  version: 'walletscreen-risk-1.0.0',
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
  customLists: null,
  delisted: null,
  indirect: null,
  clustering: null,
};
