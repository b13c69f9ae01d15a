/**
 * The history rows and the check detail as the server sends them (spec §3 "History item"), read
 * leniently: a missing text is empty, a missing score 0, so one odd row never blanks the page.
 */
import { checkCaseSchema, fundFlowSchema, linkedWalletSchema, type CheckCase, type FundFlow, type LinkedWallet } from '@walletscreen/contracts';
import type { Parser } from '../../lib/api-client';

export interface HistoryItem {
  id: string;
  wallet_address: string;
  network: string;
  /** "Low Risk", "Medium Risk" or "High Risk". */
  risk_level: string;
  risk_score: number;
  aml_status: string;
  /** dd.MM.yy HH:mm (UTC). */
  created_at: string;
  created_at_iso: string;
  access: string;
  status: string;
  /** The e-mail of the user who ran the check: on the admins' rows only. */
  user_email?: string;
}

export interface HistoryDetail extends HistoryItem {
  jurisdiction: string;
  sanctions: string;
  source_of_funds: string;
  recommendation: string;
  wallet_age: string;
  /** The linked wallets' addresses. */
  linked_wallets: string[];
  aml_report: string;
  external_links: Record<string, string>;
  chainabuse_report: string;
  /** What the check could not gather; empty for a complete check. */
  missing_evidence: string[];
  /** The linked wallets with what marks each one; empty for older checks. */
  linked_wallets_details: LinkedWallet[];
  /** The fund-flow graph; null without blockchain data, for older checks, and when unreadable. */
  fund_flow: FundFlow | null;
  /** The case opened on this check (its status, decision, who decided and when); null when there is none. */
  case: CheckCase | null;
}

export class UnreadableHistory extends Error {
  override readonly name = 'UnreadableHistory';
}

type Fields = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const score = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function fieldsOf(value: unknown): Fields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UnreadableHistory('A history entry is not an object');
  const fields = value as Fields;
  if (text(fields.id) === '') throw new UnreadableHistory('A history entry has no id');
  return fields;
}

export function readHistoryItem(value: unknown): HistoryItem {
  const f = fieldsOf(value);
  return {
    id: text(f.id),
    wallet_address: text(f.wallet_address),
    network: text(f.network),
    risk_level: text(f.risk_level),
    risk_score: score(f.risk_score),
    aml_status: text(f.aml_status),
    created_at: text(f.created_at),
    created_at_iso: text(f.created_at_iso),
    access: text(f.access),
    status: text(f.status),
    ...('user_email' in f ? { user_email: text(f.user_email) } : {}),
  };
}

/** The check's case when the server sent a readable one; a missing or odd one reads as none. */
function readCase(value: unknown): CheckCase | null {
  if (value === undefined || value === null) return null;
  const parsed = checkCaseSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The check's fund-flow graph when the server sent a readable one; otherwise none (the details show without it). */
function readFundFlow(value: unknown): FundFlow | null {
  if (value === undefined || value === null) return null;
  const parsed = fundFlowSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function readHistoryDetail(value: unknown): HistoryDetail {
  const f = fieldsOf(value);
  const links = f.external_links !== null && typeof f.external_links === 'object' && !Array.isArray(f.external_links) ? (f.external_links as Fields) : {};
  return {
    ...readHistoryItem(f),
    jurisdiction: text(f.jurisdiction),
    sanctions: text(f.sanctions),
    source_of_funds: text(f.source_of_funds),
    recommendation: text(f.recommendation),
    wallet_age: text(f.wallet_age),
    linked_wallets: Array.isArray(f.linked_wallets) ? f.linked_wallets.filter((a): a is string => typeof a === 'string' && a.trim() !== '') : [],
    aml_report: text(f.aml_report),
    external_links: Object.fromEntries(Object.entries(links).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    chainabuse_report: text(f.chainabuse_report),
    missing_evidence: Array.isArray(f.missing_evidence) ? f.missing_evidence.filter((m): m is string => typeof m === 'string' && m.trim() !== '') : [],
    linked_wallets_details: Array.isArray(f.linked_wallets_details)
      ? f.linked_wallets_details.flatMap((d) => {
          const parsed = linkedWalletSchema.safeParse(d);
          return parsed.success ? [parsed.data] : [];
        })
      : [],
    fund_flow: readFundFlow(f.fund_flow),
    case: readCase(f.case),
  };
}

export const historyPageParser: Parser<HistoryItem[]> = {
  parse(data) {
    if (!Array.isArray(data)) throw new UnreadableHistory('The history is not a list');
    return data.map(readHistoryItem);
  },
};

export const historyDetailParser: Parser<HistoryDetail> = { parse: readHistoryDetail };
