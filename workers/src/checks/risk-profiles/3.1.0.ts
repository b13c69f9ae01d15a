/**
 * walletscreen-risk-3.1.0 (cb2c7a3; recorded by the builds up to 5f31759): 3.0.0, with token
 * transfers weighed with the native coin in the evidence, and the verdict Incomplete when the
 * flows moved an asset that could not be weighed (missing token values).
 */
import type { RiskProfile } from '../risk-profile';

export const riskProfile: RiskProfile = {
  version: 'walletscreen-risk-3.1.0',
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
  missingEvidence: { verdict: 'incomplete', kinds: ['sanctions-list', 'blockchain-data', 'token-values'] },
  customLists: { direct: 100, exposure: { kind: 'stepped-curve', floor: 40, highShare: 0.1, high: 70, max: 95 } },
  delisted: { own: 40, exposure: { floor: 20, perShare: 50 } },
  indirect: {
    sanctioned: { kind: 'curve', floor: 10, highShare: 0.1, high: 35, max: 75 },
    weights: {
      mixer: { floor: 8, perShare: 35 },
      darknet: { floor: 10, perShare: 35 },
      ransomware: { floor: 12, perShare: 35 },
      scam: { floor: 5, perShare: 25 },
      theft: { floor: 6, perShare: 25 },
      gambling: { floor: 0, perShare: 8 },
    },
    minShare: 0.001,
    decayPerHop: 0.5,
  },
  clustering: null,
};
