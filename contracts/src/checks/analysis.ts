import { z } from 'zod';

/**
 * One counterparty of the wallet (one hop away: direct exposure), with what marks it: a sanctions
 * listing (current or past), an intelligence label, one of the administrator's block lists.
 */
export const linkedWalletSchema = z.object({
  address: z.string(),
  /** Share (0-1) of the wallet's examined volume exchanged with it. */
  share: z.number().min(0).max(1),
  /** `sanctioned`: on the sanctions list in force; `flagged`: labelled, formerly sanctioned or on a block list; `none`. */
  risk: z.enum(['sanctioned', 'flagged', 'none']),
  /** Why, in words: "OFAC SDN: LAZARUS GROUP (DPRK3)", "Labelled mixer: Tornado Cash (source: …)". */
  reasons: z.array(z.string()).default([]),
});
export type LinkedWallet = z.infer<typeof linkedWalletSchema>;

/**
 * The fund-flow graph of a check: the wallet, its counterparties and, where funds were traced, theirs,
 * each with the share of the wallet's examined value that flows through it, and the flows between them.
 */
export const fundFlowNodeSchema = z.object({
  address: z.string(),
  /** Hops from the wallet: 0 the wallet itself, 1 its direct counterparties, 2-3 traced. */
  hop: z.number().int().min(0).max(3),
  /** The category that colours it: its most severe category (in the order of `fundFlowCategories`: 'sanctioned' > 'custom-block' > terrorism > ransomware > … > other), 'unlabelled' when none. */
  category: z.string(),
  categories: z.array(z.string()),
  /** Why it is marked, in words (e.g. the sanctions listing or label), empty when unmarked. */
  reasons: z.array(z.string()),
  /** Its categories come only from its cluster: it was spent together with addresses labelled so (UTXO chains' common-input ownership), weaker evidence than a label of its own. Absent otherwise. */
  by_clustering: z.literal(true).optional(),
  /** Share (0-1) of the wallet's examined value that flows through it (1 for the wallet). */
  share: z.number().min(0).max(1),
  /** Its own counterparties were read by the trace. */
  traced: z.boolean(),
  explorer_url: z.string(),
});
export type FundFlowNode = z.infer<typeof fundFlowNodeSchema>;
export const fundFlowEdgeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Share (0-1) of the wallet's examined value on this edge, in the direction funds moved. */
  share: z.number().min(0).max(1),
});
export type FundFlowEdge = z.infer<typeof fundFlowEdgeSchema>;
export const fundFlowSchema = z.object({
  network: z.string(),
  depth: z.number().int(),
  nodes: z.array(fundFlowNodeSchema),
  edges: z.array(fundFlowEdgeSchema),
  /** Counterparties left out of the picture (the smallest), counted. */
  omitted: z.number().int().min(0),
});
export type FundFlow = z.infer<typeof fundFlowSchema>;

/**
 * The categories that colour a fund-flow node, most severe first; 'unlabelled' when it has none.
 * Terrorism financing is a prohibition like a sanctions listing; exploit and phishing take funds
 * like theft; sextortion is a scam; frozen (by a stablecoin issuer) is adverse but not a crime
 * found; coinjoin is obfuscation below a mixer; miner is a service.
 */
export const fundFlowCategories = [
  'sanctioned',
  'custom-block',
  'terrorism',
  'ransomware',
  'darknet',
  'mixer',
  'coinjoin',
  'exploit',
  'theft',
  'phishing',
  'scam',
  'sextortion',
  'frozen',
  'gambling',
  'bridge',
  'defi',
  'exchange',
  'miner',
  'other',
] as const;
export const UNLABELLED = 'unlabelled';

/**
 * The label categories whose name does not read as words, in words as they stand inside a
 * sentence ("labelled frozen by issuer: …", "CoinJoin (5%)"); the others read as they are.
 */
const categoryWords: Readonly<Record<string, string>> = {
  defi: 'DeFi',
  coinjoin: 'CoinJoin',
  frozen: 'frozen by issuer',
  terrorism: 'terrorism financing',
  miner: 'mining pool',
};
/** A label category in words: "frozen by issuer", "CoinJoin", "mixer". */
export const categoryInWords = (category: string): string => categoryWords[category] ?? category;

/** How sure a feed is of a label (GraphSense's confidence levels), in words for a report. */
const confidenceWords: Readonly<Record<string, string>> = {
  authority_data: 'stated by an authority',
  service_data: 'disclosed by the service itself',
  ledger_immanent: 'read from the ledger',
  forensic: 'forensic research',
  web_crawl: 'collected from the web',
  untrusted_transaction: 'unverified',
};
/** A label's confidence in words: "disclosed by the service itself". */
export const confidenceInWords = (confidence: string): string => confidenceWords[confidence] ?? confidence.replace(/_/g, ' ');

/** How a `missing_evidence` item about the blockchain data starts. */
export const MISSING_BLOCKCHAIN_DATA = 'Blockchain data:';

/** True when the check had no blockchain data: its linked wallets are unknown, not absent. */
export const blockchainDataMissing = (analysis: { missing_evidence?: readonly string[] | undefined }): boolean =>
  (analysis.missing_evidence ?? []).some((m) => m.startsWith(MISSING_BLOCKCHAIN_DATA));

/** The wallet analysis fields the browser reads (spec §3 "Wallet analysis result"). */
export const walletAnalysisSchema = z.object({
  wallet_address: z.string(),
  risk_score: z.number().min(0).max(100).default(0),
  risk_level: z.string().default(''),
  aml_status: z.string().default(''),
  wallet_age: z.string().default(''),
  jurisdiction: z.string().default(''),
  sanctions: z.string().default(''),
  source_of_funds: z.string().default(''),
  recommendation: z.string().default(''),
  linked_wallets: z.union([z.number().int(), z.array(z.string())]).default(0),
  linked_wallets_addresses: z.array(z.string()).default([]),
  aml_report: z.string().default(''),
  external_links: z.record(z.string(), z.string()).default({}),
  chainabuse_report: z.string().default(''),
  access_level: z.string().default(''),
  created_at: z.string().default(''),
  /**
   * What the check could not gather, in words ("blockchain data: …", "sanctions list: …"). Not
   * empty means the verdict is incomplete: never Low Risk, never a clean result.
   */
  missing_evidence: z.array(z.string()).default([]),
  /** The linked wallets with what marks each one, largest share first. */
  linked_wallets_details: z.array(linkedWalletSchema).default([]),
  /** The fund-flow graph; null without blockchain data, and for checks recorded before it was kept. */
  fund_flow: fundFlowSchema.nullable().default(null),
  /**
   * Attribution coverage: shares (0-1) of the examined value (received and sent) with addresses
   * whose nature is known (labelled, listed or on a block list), directly or through unlabelled
   * intermediaries, and with unlabelled addresses. Null without blockchain data or transactions,
   * and for checks recorded before it was kept.
   */
  attribution_coverage: z
    .object({
      attributed: z.number().min(0).max(1),
      direct: z.number().min(0).max(1),
      indirect: z.number().min(0).max(1),
      /** With addresses known only by clustering (spent together with a labelled address; UTXO chains), at any hop; 0 elsewhere. Part of `attributed`. */
      by_clustering: z.number().min(0).max(1).default(0),
      unlabelled: z.number().min(0).max(1),
    })
    .nullable()
    .default(null),
});
export type WalletAnalysis = z.infer<typeof walletAnalysisSchema>;

/** Stage 6's name when no language model is configured: the rule-based writer writes the narrative, and nothing claims AI. */
export const NARRATIVE_STAGE_WITHOUT_AI = 'writing the narrative';

/** The seven stages of a check, in order (spec: Wallet Checker overlay). */
export const checkStages = [
  'initializing AML model',
  'fetching blockchain data',
  'running sanctions screening',
  'scanning intelligence feeds',
  'analyzing transaction patterns',
  'interpreting with AI',
  'finalizing AML report',
] as const;

/**
 * The attribution coverage in words, as the report and the web app both say it: "Attribution
 * coverage: 62.4% of all value (received and sent) is with addresses whose nature is known (58.1%
 * directly, 2.3% through intermediaries, 2.0% by clustering); 37.6% with unlabelled addresses."
 */
export function attributionCoverageText(
  c: Pick<NonNullable<WalletAnalysis['attribution_coverage']>, 'attributed' | 'direct' | 'indirect' | 'unlabelled'> & { by_clustering?: number },
): string {
  const pct = (share: number) => `${Math.round(share * 1000) / 10}%`;
  const parts = [
    `${pct(c.direct)} directly`,
    ...(c.indirect >= 0.001 ? [`${pct(c.indirect)} through intermediaries`] : []),
    ...((c.by_clustering ?? 0) >= 0.001 ? [`${pct(c.by_clustering!)} by clustering`] : []),
  ];
  const how = parts.length > 1 ? ` (${parts.join(', ')})` : '';
  return `Attribution coverage: ${pct(c.attributed)} of all value (received and sent) is with addresses whose nature is known${how}; ${pct(c.unlabelled)} with unlabelled addresses.`;
}
