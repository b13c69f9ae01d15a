/**
 * walletscreen-risk-3.4.0 (e74f94f; the current version): 3.3.0 and co-spend clustering on UTXO
 * chains: a label the wallet, or an address its funds reached, takes from its cluster counts at
 * half the points of the same label on the address itself.
 *
 * Why each weight is what it is (in points of the 0-100 score; docs/risk-model.md says it in prose).
 * The comments are not part of the profile: its data is, and its hash (risk-models.ts).
 */
import type { RiskProfile } from '../risk-profile';

export const riskProfile: RiskProfile = {
  version: 'walletscreen-risk-3.4.0',
  categories: [
    'sanctioned',
    'mixer',
    'darknet',
    'ransomware',
    'scam',
    'theft',
    'gambling',
    'exchange',
    'defi',
    'bridge',
    'other',
    'sextortion',
    'phishing',
    'exploit',
    'terrorism',
    'miner',
    'coinjoin',
    'frozen',
  ],
  wording: '2.0',
  thresholds: { high: 70, medium: 35 },
  // A direct sanctions match is a legal prohibition, not a matter of degree: the maximum.
  directSanction: 100,
  // A wallet that is itself a mixer, darknet market or ransomware address is presumed to launder;
  // scam and theft addresses hold proceeds of crime; gambling is a regulated-risk industry. Added
  // in 3.3.0: terrorism 100 (a prohibition like a sanctions listing: the maximum, and never cleared
  // by an allow list); exploit 75 (the attacker of a hacked service or a DeFi exploit holds stolen
  // funds, often large and quickly laundered: above theft); phishing 70 (victims' funds taken by
  // deception, at scale: above scam); sextortion 65 (an extortion scam, like scam); frozen 60 (an
  // issuer such as Tether or Circle froze the address: adverse evidence from the issuer itself, not a
  // legal finding); coinjoin 35 (a CoinJoin coordinator or fee collector, an obfuscation service,
  // not the users who joined; below a mixer, since it takes no custody and CoinJoin has lawful
  // privacy uses). Miner is not a risk (newly minted coins): no weight, like exchange, DeFi, bridge
  // and other.
  own: {
    sanctioned: 100,
    mixer: 80,
    darknet: 80,
    ransomware: 85,
    scam: 65,
    theft: 65,
    gambling: 20,
    terrorism: 100,
    exploit: 75,
    phishing: 70,
    sextortion: 65,
    frozen: 60,
    coinjoin: 35,
  },
  // Direct exposure: a floor for any contact plus a part proportional to the share of volume. The
  // 3.3.0 categories: terrorism 40 + 55 (any contact is Medium, as for sanctioned counterparties;
  // High from about 54 %), exploit 18 + 45 (above theft), phishing 15 + 40 (like theft), sextortion
  // 12 + 40 (like scam), frozen 15 + 40 (funds an issuer judged tainted), coinjoin 8 + 30
  // (obfuscation, below a mixer's 20 + 50).
  exposure: {
    mixer: { floor: 20, perShare: 50 },
    darknet: { floor: 25, perShare: 50 },
    ransomware: { floor: 30, perShare: 50 },
    scam: { floor: 12, perShare: 40 },
    theft: { floor: 15, perShare: 40 },
    gambling: { floor: 4, perShare: 15 },
    terrorism: { floor: 40, perShare: 55 },
    exploit: { floor: 18, perShare: 45 },
    phishing: { floor: 15, perShare: 40 },
    sextortion: { floor: 12, perShare: 40 },
    frozen: { floor: 15, perShare: 40 },
    coinjoin: { floor: 8, perShare: 30 },
  },
  // Exposure below this share is no exposure (rounding noise of tiny transfers); never applied to sanctions.
  minShare: 0.0005,
  // Direct exposure to a sanctioned counterparty: any contact is reportable, so 40 (Medium) whatever
  // the amount; then +3 per full percentage point up to 70 (High) at 10 % of the examined volume,
  // then +25 spread over the rest, up to 95 when all of it is with sanctioned parties (42 % → 78).
  sanctionedExposure: { kind: 'stepped-curve', floor: 40, highShare: 0.1, high: 70, max: 95 },
  abuseReport: { each: 10, max: 30 },
  // Behaviour flags are weak signals on their own and only add up.
  flags: { 'pass-through': 10, 'fan-in': 5, 'fan-out': 5, dusting: 4, 'new-wallet-large-volume': 10, 'mixer-interaction': 10 },
  labelled: {
    terrorism: 'labelled terrorism financing',
    exploit: 'labelled exploit (an attacker of a hacked service or a DeFi protocol)',
    phishing: 'labelled phishing (a phishing site or wallet drainer)',
    sextortion: 'labelled sextortion (named in sextortion spam)',
    frozen: 'frozen by a stablecoin issuer (labelled frozen)',
    coinjoin: 'labelled CoinJoin (a coordinator or fee collector)',
  },
  addresses: {
    terrorism: 'terrorism-financing addresses',
    exploit: 'exploit addresses (attackers of hacked services and DeFi protocols)',
    frozen: 'addresses frozen by a stablecoin issuer',
    coinjoin: 'CoinJoin coordinator addresses',
  },
  // A sanctions designation and terrorism financing are prohibitions, which no institution's own
  // review can lift; every other label is what others say about an address, and an allow list clears it.
  alwaysCounted: ['sanctioned', 'terrorism'],
  missingEvidence: { verdict: 'incomplete', kinds: ['sanctions-list', 'blockchain-data', 'token-values', 'unread-sources'] },
  // Custom lists are the institution's own decisions: a wallet on one of its block lists is refused
  // like a sanctioned one (the maximum, High whatever else), a block-listed counterparty is weighed
  // like a sanctioned one. An allow list (the institution's clearance after review) removes what
  // others say about the wallet (its labels, reports, block lists), never a sanctions hit, a label in
  // `alwaysCounted`, nor what the address does (its exposure and patterns).
  customLists: { direct: 100, exposure: { kind: 'stepped-curve', floor: 40, highShare: 0.1, high: 70, max: 95 } },
  // A delisted entry (an address that has left the sanctions list, as Tornado Cash's did in March
  // 2025) is no sanctions hit, but its past designation is adverse history: the wallet formerly
  // listed 40 (Medium: review), a formerly listed counterparty 20 + 50 × its share (Medium from 30 %).
  delisted: { own: 40, exposure: { floor: 20, perShare: 50 } },
  // Indirect exposure (through unlabelled intermediaries, attributed in proportion: exposure.ts) is
  // weaker evidence than direct contact: the owner may not know where its counterparties' funds went.
  // It weighs less than direct exposure of the same category for every share (a property test holds
  // it), and each hop beyond the second halves its points. Shares below 0.1 % are not scored: at two
  // hops tiny attributions are the norm for any busy address. Sanctioned parties (and your block
  // lists): 10 at the smallest scored share, +2.5 per percentage point up to 35 (Medium) at 10 %,
  // then +40 over the rest, up to 75 (High) at 100 %. The 3.3.0 categories keep their direct order,
  // at most a third of the direct floor and under two thirds of the direct part per share.
  indirect: {
    sanctioned: { kind: 'curve', floor: 10, highShare: 0.1, high: 35, max: 75 },
    weights: {
      mixer: { floor: 8, perShare: 35 },
      darknet: { floor: 10, perShare: 35 },
      ransomware: { floor: 12, perShare: 35 },
      scam: { floor: 5, perShare: 25 },
      theft: { floor: 6, perShare: 25 },
      gambling: { floor: 0, perShare: 8 },
      terrorism: { floor: 12, perShare: 35 },
      exploit: { floor: 6, perShare: 28 },
      phishing: { floor: 5, perShare: 25 },
      sextortion: { floor: 4, perShare: 25 },
      frozen: { floor: 5, perShare: 25 },
      coinjoin: { floor: 2, perShare: 12 },
    },
    minShare: 0.001,
    decayPerHop: 0.5,
  },
  // An address spent together with a labelled one in one transaction is taken as the same owner's
  // (common-input ownership; CoinJoin-shaped transactions and those with a coordinator left out). The
  // heuristic is strong but fallible (a CoinJoin the shape test misses, PayJoin, a custodian spending
  // customers' coins together), so a mark by clustering counts half the points of the same label on
  // the address itself: the wallet's own (a mixer by clustering: 40, Medium), and exposure to an
  // address so marked, as direct at one hop and indirect beyond. One such mark alone never makes High.
  clustering: { factor: 0.5 },
};
