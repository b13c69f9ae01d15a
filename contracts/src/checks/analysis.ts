import { z } from 'zod';

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
});
export type WalletAnalysis = z.infer<typeof walletAnalysisSchema>;

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
