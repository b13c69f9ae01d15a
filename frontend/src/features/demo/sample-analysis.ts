import type { WalletAnalysis } from '@walletscreen/contracts';

/**
 * The sample shown on /dashboard-demo/Low: an illustrative Low-risk report, not the result of a
 * check. The addresses are made up. The demo page labels it as a sample wherever it appears.
 */
export const SAMPLE_LOW_RISK_ANALYSIS: WalletAnalysis = {
  wallet_address: '0x8f3A21c6B7e94D05a1Cc92E4f7b60D3e5A9c41B2',
  risk_score: 12,
  risk_level: 'Low Risk',
  aml_status: 'Compliant',
  wallet_age: '2 years 4 months',
  jurisdiction: 'European Union (Germany)',
  sanctions: 'Safe address',
  source_of_funds: 'Regulated centralized exchanges (82%), DeFi lending protocols (15%), peer-to-peer transfers (3%)',
  recommendation:
    'Standard due diligence is sufficient. Proceed with the transaction and re-screen the wallet every 90 days or when its activity pattern changes.',
  linked_wallets: 3,
  linked_wallets_addresses: [
    '0x2C7b4E91d0A35f68B1e2D4c9A7f03E5b6C81d9F4',
    '0xA91e0c3D57b2F846e1C0d9B3a4E7f25D68c1B0e7',
    '0x5dE8f1A2b9C04e73D6a1F0c8B5e29A47d3C6b1F0',
  ],
  aml_report: [
    '1. Wallet Overview',
    'Ethereum mainnet address, first funded 2 years 4 months ago; 1,284 transactions with 213 distinct counterparties.',
    'Activity is steady and consistent with a retail or small-business treasury wallet.',
    '',
    '2. Sanctions Screening',
    'Sanctions screening: no match on the OFAC SDN list or the custom block lists, directly or among counterparties.',
    'No matches on public blacklists or known scam and phishing address sets.',
    '',
    '3. Source of Funds',
    '82% of inbound value comes from regulated centralized exchanges, 15% from DeFi lending protocols and 3% from peer-to-peer transfers.',
    '',
    '4. Exposure to High-Risk Services',
    'No direct or indirect exposure to mixers or tumblers, darknet markets, gambling services or bridges flagged for laundering.',
    '',
    '5. Linked Wallets',
    '3 counterparties with repeated interactions were reviewed; none is sanctioned or flagged.',
    '---',
    'Risk score: 12/100',
    'Risk level: Low Risk',
    '---',
    '6. Recommendations',
    'Standard due diligence is sufficient. Re-screen every 90 days or when the activity pattern changes.',
  ].join('\n'),
  external_links: {},
  chainabuse_report: '',
  access_level: 'Premium',
  created_at: '',
  missing_evidence: [],
  linked_wallets_details: [
    { address: '0x2C7b4E91d0A35f68B1e2D4c9A7f03E5b6C81d9F4', share: 0.62, risk: 'none', reasons: ['Labelled exchange: Sample Exchange (source: sample)'] },
    { address: '0xA91e0c3D57b2F846e1C0d9B3a4E7f25D68c1B0e7', share: 0.3, risk: 'none', reasons: [] },
    { address: '0x5dE8f1A2b9C04e73D6a1F0c8B5e29A47d3C6b1F0', share: 0.08, risk: 'none', reasons: [] },
  ],
  fund_flow: null,
  attribution_coverage: null,
};
