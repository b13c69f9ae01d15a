import { classifyRiskLabel } from '@walletscreen/contracts';
import type { WalletCheckCompleted, WalletCheckRequested } from '@walletscreen/domain/check/events';
import type { RecordedEvent } from '@walletscreen/platform';
import type { Projection } from '../projection';

/** The admin Wallets read model: one document per screened address, keyed `<network>:<address>`. */
export const WALLETS = 'wallets';
/** The projection's key index: check id → wallet key (a check's completion names the check only). */
export const WALLET_CHECK_KEYS = 'wallet_check_keys';

export interface WalletDoc {
  id: string;
  network: string;
  chain: string;
  address: string;
  /** Checks requested for this address, by anyone. */
  checks: number;
  completed: number;
  failed: number;
  /** Distinct customers who checked it, and who they are. */
  customers: number;
  customer_ids: string[];
  first_checked_at: string;
  last_checked_at: string;
  /** The most recent completed check's outcome; null until one completes. */
  latest_check_id: string | null;
  latest_score: number | null;
  /** "Low Risk", "Medium Risk", "High Risk" or "Unknown". */
  latest_level: string | null;
  latest_aml_status: string | null;
  latest_at: string | null;
}

export const walletKey = (network: string, address: string) => `${network}:${address}`;

export const walletsProjection: Projection<WalletDoc> = {
  name: 'wallets-v1',
  collection: WALLETS,
  handles: ['WalletCheckRequested', 'WalletCheckCompleted', 'WalletCheckFailed'],
  keyOf(event: RecordedEvent) {
    if (event.type !== 'WalletCheckRequested') return null;
    const d = event.data as WalletCheckRequested;
    return walletKey(d.network, d.address);
  },
  keyIndex: {
    collection: WALLET_CHECK_KEYS,
    record(event) {
      if (event.type !== 'WalletCheckRequested') return null;
      const d = event.data as WalletCheckRequested;
      return { id: d.checkId, key: walletKey(d.network, d.address) };
    },
    lookup: (event) => (event.type === 'WalletCheckRequested' ? null : ((event.data as { checkId?: string }).checkId ?? null)),
  },
  fold(doc, event) {
    switch (event.type) {
      case 'WalletCheckRequested': {
        const d = event.data as WalletCheckRequested;
        const base: WalletDoc = doc ?? {
          id: walletKey(d.network, d.address),
          network: d.network,
          chain: d.chain,
          address: d.address,
          checks: 0,
          completed: 0,
          failed: 0,
          customers: 0,
          customer_ids: [],
          first_checked_at: d.at,
          last_checked_at: d.at,
          latest_check_id: null,
          latest_score: null,
          latest_level: null,
          latest_aml_status: null,
          latest_at: null,
        };
        const customerIds = base.customer_ids.includes(d.userId) ? base.customer_ids : [...base.customer_ids, d.userId];
        return {
          ...base,
          checks: base.checks + 1,
          customer_ids: customerIds,
          customers: customerIds.length,
          first_checked_at: d.at < base.first_checked_at ? d.at : base.first_checked_at,
          last_checked_at: d.at > base.last_checked_at ? d.at : base.last_checked_at,
        };
      }
      case 'WalletCheckCompleted': {
        if (!doc) return doc;
        const d = event.data as WalletCheckCompleted;
        return {
          ...doc,
          completed: doc.completed + 1,
          latest_check_id: d.checkId,
          latest_score: d.result.risk_score,
          latest_level: classifyRiskLabel(d.result.risk_level).text,
          latest_aml_status: d.result.aml_status,
          latest_at: d.at,
        };
      }
      case 'WalletCheckFailed': {
        return doc ? { ...doc, failed: doc.failed + 1 } : doc;
      }
      default:
        return doc;
    }
  },
  indexes: [['checks'], ['last_checked_at'], ['latest_score'], ['latest_level'], ['address']],
};
