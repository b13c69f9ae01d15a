/** The landing page's static marketing content (spec §1). */

export interface Segment {
  segment: string;
  pain: string;
  solution: string;
}

export const SEGMENTS: readonly Segment[] = [
  {
    segment: 'Crypto exchanges',
    pain: 'Analysts drown in false-positive alerts while legitimate deposits and withdrawals wait in the review queue.',
    solution: 'Every verdict names the evidence behind it, so an alert is cleared or escalated in one look.',
  },
  {
    segment: 'DeFi / NFT platforms',
    pain: 'Anonymous counterparties and no onboarding step where identity and wallet history can be checked.',
    solution: 'Instant IDD/CDD and on-chain checks via API.',
  },
  {
    segment: 'Payment & wallet providers',
    pain: 'Manual, repetitive AML reviews that do not scale with transaction volume.',
    solution: 'Screen by API, by batch file and by watchlists that re-screen when the lists change.',
  },
  {
    segment: 'Fintech startups',
    pain: 'Enterprise AML tooling costs too much and takes months to integrate before launch.',
    solution: 'Pay per check; a documented REST API and drop-in sanctions endpoints.',
  },
  {
    segment: 'Hedge funds & OTC desks',
    pain: 'Large counterparties must be cleared against sanctions lists before every trade settles.',
    solution: 'Sanctions screening on every chain OFAC lists, with a replayable risk score for each verdict.',
  },
];

export const STEPS: readonly { title: string; text: string }[] = [
  { title: 'Enter a wallet address', text: 'Paste any wallet address you need to screen: a deposit, a counterparty, a payout destination.' },
  {
    title: 'Risks and sources are analyzed',
    text: 'The wallet is screened against sanctions lists, intelligence feeds and its own transaction history, in seconds.',
  },
  { title: 'Get an instant AML risk report', text: 'A risk score with actionable insights you can act on, and a PDF you can file for your auditors.' },
];

export const REPORT_CONTENTS: readonly { title: string; text: string }[] = [
  { title: 'Source of Funds', text: 'Where the wallet’s money came from: exchanges, DeFi, peer-to-peer or risky services.' },
  { title: 'Linked Wallets', text: 'Counterparties the wallet deals with repeatedly, each one shortened and ready to check.' },
  { title: 'Recommendations', text: 'What to do next: proceed, apply enhanced due diligence or decline.' },
  { title: 'Risk Score (0-100)', text: 'One explainable number with a Low, Medium or High risk level.' },
  { title: 'Sanctions & Blacklists', text: 'Matches against the OFAC SDN list, direct and among counterparties, and your own block lists.' },
  { title: 'Mixers / Tumblers', text: 'Direct and indirect exposure to mixing services and other obfuscation.' },
];

export const TRUST_MARKS: readonly { mark: string; text: string }[] = [
  { mark: 'AML', text: 'Anti-money-laundering screening' },
  { mark: 'GDPR', text: 'EU data protection by design' },
  { mark: 'FATF', text: 'Risk-based approach of the FATF' },
  { mark: 'ISO', text: 'Security practice aligned with ISO/IEC 27001' },
];

/** The header's links: each goes to its section of the landing page (the ids of the sections). */
export const NAV_LINKS: readonly { label: string; section: string }[] = [
  { label: 'How It Works', section: 'how-it-works' },
  { label: "Who It's For", section: 'who-its-for' },
  { label: 'Try It Now', section: 'try-it-now' },
];
