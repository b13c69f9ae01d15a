import type { Chain, Network, WalletAnalysis } from '@walletscreen/contracts';
import type { CheckEvent } from '@walletscreen/domain/check/events';
import type { RecordedEvent } from '@walletscreen/platform';
import { collection } from '../collection';
import type { Projection } from '../projection';

export interface CheckDoc {
  id: string;
  user_id: string;
  wallet_address: string;
  input: string;
  chain: Chain;
  network: Network;
  status: 'running' | 'completed' | 'failed';
  /** Stages completed, 0 to 7. */
  stage: number;
  created_at: string;
  completed_at: string | null;
  charge_source: string;
  risk_score: number | null;
  risk_level: string | null;
  aml_status: string | null;
  result: WalletAnalysis | null;
  error: string | null;
  /** What the check used, from its stage evidence: for the PDF and the audit. */
  evidence_sources: Array<{ label: string; value: string }>;
  /** The caller's reference and the API key of a check requested through the public API (null otherwise; absent on documents folded before they were kept). */
  reference?: string | null;
  api_key_id?: string | null;
  /** The batch the check is a row of (null otherwise). */
  batch_id?: string | null;
  /**
   * The current sanctions listings the check found, as "party (programmes)" for the wallet's own and
   * "party (programmes) via counterparty <address>" for its counterparties' and traced addresses'
   * (documents folded before these were kept hold the wallet's own only, until a rebuild).
   */
  sanctions_hits?: string[];
  /** The risk model's factors, most points first, as reasons: from the patterns stage. */
  risk_factors?: string[];
}

/** The checks read model: one document per check, for History, the admin views and recovery. */
export const checks = collection<CheckDoc>('checks');

type Loose = Record<string, unknown> | undefined;
const str = (v: unknown) =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);

/** What a stage's evidence adds to the document's summary fields: the sanctions hits, the risk factors. */
export function summaryOf(key: string, evidence: unknown): Partial<Pick<CheckDoc, 'sanctions_hits' | 'risk_factors'>> {
  const e = evidence as Loose;
  if (!e) return {};
  if (key === 'sanctions' && Array.isArray(e.direct)) {
    const party = (entry: Loose) => {
      const programs = Array.isArray(entry?.programs) ? (entry.programs as unknown[]).map(str).join(', ') : '';
      return programs ? `${str(entry?.entity)} (${programs})` : str(entry?.entity);
    };
    // The wallet's own listings, then its counterparties' and the traced addresses' (what the Sanctions card counts), each saying which address.
    const related = (items: unknown, relation: string) =>
      (Array.isArray(items) ? (items as Array<Loose>) : []).flatMap((c) =>
        (Array.isArray(c?.entries) ? (c.entries as Array<Loose>) : []).map((entry) => `${party(entry)} via ${relation} ${str(c?.address)}`),
      );
    const hits = [...(e.direct as Array<Loose>).map(party), ...related(e.counterparties, 'counterparty'), ...related(e.traced, 'traced address')];
    return { sanctions_hits: [...new Set(hits)] };
  }
  if (key === 'patterns') {
    const factors = (e.assessment as Loose)?.factors;
    if (!Array.isArray(factors)) return {};
    return {
      risk_factors: (factors as Array<Loose>)
        .map((f) => ({ points: typeof f?.points === 'number' ? f.points : 0, reason: str(f?.reason) }))
        .filter((f) => f.reason !== '')
        .sort((a, b) => b.points - a.points)
        .map((f) => f.reason),
    };
  }
  return {};
}

/** The sources a stage's evidence names, as label/value lines. */
export function sourcesOf(key: string, evidence: unknown): Array<{ label: string; value: string }> {
  const e = evidence as Loose;
  if (!e) return [];
  switch (key) {
    case 'initialize': {
      const list = e.sanctionsList as Loose;
      return [
        { label: 'Risk model', value: str(e.riskModel) },
        {
          label: 'Sanctions list',
          value: list
            ? `OFAC SDN published ${str(list.publishedAt) || 'on an unknown date'}, ${str(list.addressCount)} addresses, sha256 ${str(list.sha256).slice(0, 16)}`
            : 'No sanctions list loaded',
        },
        { label: 'Labels', value: `WalletScreen labels ${str(e.labelsVersion)}` },
      ];
    }
    case 'blockchain': {
      if (e.ok === true) {
        const d = e.data as Loose;
        const reused = e.reusedFrom as Loose;
        const from = reused ? `, reused from check ${str(reused.checkId)} (no blockchain call)` : '';
        return [{ label: 'Blockchain data', value: `${str(d?.provider)} (${str(d?.sourceUrl)}), fetched ${str(d?.fetchedAt)}${from}` }];
      }
      return [{ label: 'Blockchain data', value: `Not available: ${str(e.reason)}` }];
    }
    case 'intelligence':
      return [{ label: 'Chainabuse', value: str(e.chainabuseSummary) }];
    case 'interpretation':
      return [{ label: 'Narrative', value: `${str(e.writer)}${e.fallbackReason ? ` (${str(e.fallbackReason)})` : ''}` }];
    default:
      return [];
  }
}

export const checksProjection: Projection<CheckDoc> = {
  name: 'checks-v2',
  collection: checks.name,
  handles: ['WalletCheckRequested', 'WalletCheckStageCompleted', 'WalletCheckCompleted', 'WalletCheckFailed'],
  keyOf: (event: RecordedEvent) => (event.data as CheckEvent['data']).checkId ?? null,
  fold(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as CheckEvent;
    switch (event.type) {
      case 'WalletCheckRequested': {
        const d = event.data;
        return {
          id: d.checkId,
          user_id: d.userId,
          wallet_address: d.address,
          input: d.input,
          chain: d.chain,
          network: d.network,
          status: 'running',
          stage: 0,
          created_at: d.at,
          completed_at: null,
          charge_source: d.chargeSource,
          risk_score: null,
          risk_level: null,
          aml_status: null,
          result: null,
          error: null,
          evidence_sources: [],
          reference: d.reference ?? null,
          api_key_id: d.apiKeyId ?? null,
          batch_id: d.batchId ?? null,
          sanctions_hits: [],
          risk_factors: [],
        };
      }
      case 'WalletCheckStageCompleted': {
        if (!doc) return doc;
        const d = event.data;
        return {
          ...doc,
          stage: Math.max(doc.stage, d.stage),
          evidence_sources: [...doc.evidence_sources, ...sourcesOf(d.key, d.evidence)],
          ...summaryOf(d.key, d.evidence),
        };
      }
      case 'WalletCheckCompleted': {
        if (!doc) return doc;
        const d = event.data;
        return {
          ...doc,
          status: 'completed',
          stage: 7,
          completed_at: d.at,
          risk_score: d.result.risk_score,
          risk_level: d.result.risk_level,
          aml_status: d.result.aml_status,
          result: d.result,
        };
      }
      case 'WalletCheckFailed': {
        if (!doc) return doc;
        const d = event.data;
        return { ...doc, status: 'failed', completed_at: d.at, error: d.reason };
      }
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  indexes: [['user_id', 'created_at'], ['status'], ['wallet_address'], ['created_at'], ['risk_level'], ['batch_id', 'status']],
};
