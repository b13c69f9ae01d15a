/**
 * The answers of the check calls (POST /api/transactions/analyze-realtime, GET
 * /api/transactions/checks/{id}), the History rows and details, and POST /api/addresses/parse:
 * what the server sends, as schemas the API documents and the browser can read with.
 */
import { z } from 'zod';
import { chains, networks, type AddressKind, type ParsedAddress } from '../addresses/parse';
import { problemSchema } from '../common/problem';
import { checkCaseSchema } from '../cases/cases';
import { fundFlowSchema, linkedWalletSchema, walletAnalysisSchema } from './analysis';
import type { CheckProgress } from './progress';
import { NOT_BLANK } from '../common/text';

/** A check still running (or its state when asked for): which stage it reached. */
export const checkProgressSchema = z.object({
  check_id: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  wallet_address: z.string(),
  network: z.enum(networks),
  /** The Idempotency-Key the check was requested with; absent for checks without one. */
  idempotency_key: z.string().optional(),
  stage: z.number().int().min(0).max(7).meta({ description: 'Stages completed so far, 0 to 7' }),
  result: walletAnalysisSchema.optional(),
  error: z.string().optional(),
  /** On a settled check's socket message: the store position of its outcome (send it back as the Consistency-Token header of a read that must show it). */
  consistency_token: z.string().optional(),
});

/** A completed check: the analysis, with its id and status. */
export const checkResultSchema = walletAnalysisSchema.extend({ check_id: z.string(), status: z.literal('completed') });
export type CheckResult = z.infer<typeof checkResultSchema>;

/** A check whose analysis failed: its credit was given back. */
export const checkFailedProblemSchema = problemSchema.extend({ check_id: z.string(), refunded: z.literal(true) });

/** No premium check left: the spec's 401 with `require_premium`, so the browser offers Top Up and keeps the session. */
export const premiumRequiredProblemSchema = problemSchema.extend({
  require_premium: z.literal(true).optional().meta({ description: 'Present when no premium check is left (not for a missing or expired session)' }),
});

/** A History row (spec §3 "History item"). */
export const historyItemSchema = z.object({
  id: z.string(),
  wallet_address: z.string(),
  network: z.string(),
  /** "Low Risk", "Medium Risk" or "High Risk". */
  risk_level: z.string(),
  risk_score: z.number(),
  aml_status: z.string(),
  created_at: z.string().meta({ description: 'dd.MM.yy HH:mm (UTC)' }),
  created_at_iso: z.string(),
  access: z.string(),
  status: z.string(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** A History row with its report. */
export const historyDetailSchema = historyItemSchema.extend({
  jurisdiction: z.string(),
  sanctions: z.string(),
  source_of_funds: z.string(),
  recommendation: z.string(),
  wallet_age: z.string(),
  /** The linked wallets' addresses. */
  linked_wallets: z.array(z.string()),
  aml_report: z.string(),
  external_links: z.record(z.string(), z.string()),
  chainabuse_report: z.string(),
  /** What the check could not gather (empty for complete checks and for checks recorded before it was kept). */
  missing_evidence: z.array(z.string()),
  /** Each linked wallet with what marks it (empty for checks recorded before it was kept). */
  linked_wallets_details: z.array(linkedWalletSchema),
  /** The fund-flow graph: the wallet, its counterparties by hop and the flows between them; null without blockchain data and for checks recorded before it was kept. */
  fund_flow: fundFlowSchema.nullable(),
  /** The check's case, when it was opened as one (or one of its alerts was): its decision, who decided, who approved the close. Absent otherwise. */
  case: checkCaseSchema.optional(),
});
export type HistoryDetail = z.infer<typeof historyDetailSchema>;

/** The admins' History: every user's rows, each with the e-mail of the user who ran it. */
export const adminHistoryItemSchema = historyItemSchema.extend({ user_email: z.string() });
export const adminHistoryDetailSchema = historyDetailSchema.extend({ user_email: z.string() });
export type AdminHistoryItem = z.infer<typeof adminHistoryItemSchema>;
export type AdminHistoryDetail = z.infer<typeof adminHistoryDetailSchema>;

/**
 * POST /api/transactions/analyze-realtime: the wallet as typed (trimmed) and, for an address valid
 * on several networks (an EVM address, a legacy 3…), the network chosen.
 */
export const analyzeRequestSchema = z.object({
  wallet_address: z
    .string({ error: 'Enter a wallet address' })
    .regex(NOT_BLANK, { error: 'Enter a wallet address' })
    .trim()
    .min(1, { error: 'Enter a wallet address' })
    .max(200, { error: 'That is too long to be a wallet address' }),
  network: z.enum(networks, { error: `network must be one of: ${networks.join(', ')}` }).optional(),
});
export type AnalyzeRequest = z.input<typeof analyzeRequestSchema>;

/**
 * POST /api/pdf/download_aml_report: the report text and wallet (the spec's body); with `check_id`,
 * the caller's stored check is rendered with its fields and sources instead.
 */
export const PDF_REPORT_MAX = 200_000;
/** The largest body of a PDF request: a report at its longest, each character escaped in JSON (`\uXXXX`, 6 bytes), and room for the rest. */
export const PDF_REQUEST_MAX_BYTES = PDF_REPORT_MAX * 6 + 64 * 1024;
export const pdfRequestSchema = z.object({
  aml_report: z
    .string({ error: 'Report content is empty' })
    .regex(NOT_BLANK, { error: 'Report content is empty' })
    .trim()
    .min(1, { error: 'Report content is empty' })
    .max(PDF_REPORT_MAX, { error: 'The report is too long' }),
  wallet_address: z
    .string({ error: 'Wallet address is empty' })
    .regex(NOT_BLANK, { error: 'Wallet address is empty' })
    .trim()
    .min(1, { error: 'Wallet address is empty' })
    .max(200, { error: 'Wallet address is too long' }),
  check_id: z.uuid({ error: 'Not a check id' }).optional(),
});
export type PdfRequest = z.input<typeof pdfRequestSchema>;

export const addressKinds = [
  'p2pkh',
  'p2sh',
  'p2wpkh',
  'p2wsh',
  'p2tr',
  'segwit',
  'account',
  'shielded',
  'subaddress',
  'integrated',
  'text',
] as const satisfies readonly AddressKind[];

/** POST /api/addresses/parse: which chain and network an address belongs to, and its canonical form. */
export const parsedAddressResponseSchema = z.object({
  chain: z.enum(chains),
  network: z.enum(networks),
  normalized: z.string(),
  kind: z.enum(addressKinds),
  /** XRP X-addresses only: the X-address as given (normalized is its classic address). */
  x_address: z.string().optional(),
  /** XRP X-addresses only: the destination tag it carries, or null. */
  tag: z.number().int().nullable().optional(),
});

// The schemas state the types the server builds its answers with.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _progress: Same<z.infer<typeof checkProgressSchema>, CheckProgress> = true;
const _kinds: Same<(typeof addressKinds)[number], AddressKind> = true;
const _address: Same<z.infer<typeof parsedAddressResponseSchema>['tag'], ParsedAddress['tag']> = true;
