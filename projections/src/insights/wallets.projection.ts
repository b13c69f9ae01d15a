import { classifyRiskLabel, type Chain, type Network } from '@walletscreen/contracts';
import type { CheckEvent, WalletCheckRequested } from '@walletscreen/domain/check/events';
import type { RecordedEvent } from '@walletscreen/platform';
import { collection } from '../collection';
import type { KeyIndexEntry, Projection } from '../projection';

export interface WalletDoc {
  id: string;
  network: Network;
  chain: Chain;
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

/** The admin Wallets read model: one document per screened address, keyed `<network>:<address>` (walletKey). */
export const wallets = collection<WalletDoc>('wallets');
/** The projection's key index: check id → wallet key (a check's completion names the check only). */
export const walletCheckKeys = collection<KeyIndexEntry>('wallet_check_keys');

export const walletKey = (network: string, address: string) => `${network}:${address}`;

/** The events it folds. */
type Folded = Extract<CheckEvent, { type: 'WalletCheckRequested' | 'WalletCheckCompleted' | 'WalletCheckFailed' }>;

export const walletsProjection: Projection<WalletDoc> = {
  name: 'wallets-v1',
  collection: wallets.name,
  handles: ['WalletCheckRequested', 'WalletCheckCompleted', 'WalletCheckFailed'],
  keyOf(event: RecordedEvent) {
    if (event.type !== 'WalletCheckRequested') return null;
    const d = event.data as WalletCheckRequested;
    return walletKey(d.network, d.address);
  },
  keyIndex: {
    collection: walletCheckKeys.name,
    record(event) {
      if (event.type !== 'WalletCheckRequested') return null;
      const d = event.data as WalletCheckRequested;
      return { id: d.checkId, key: walletKey(d.network, d.address) };
    },
    lookup: (event) => (event.type === 'WalletCheckRequested' ? null : ((event.data as Folded['data']).checkId ?? null)),
  },
  fold(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as Folded;
    switch (event.type) {
      case 'WalletCheckRequested': {
        const d = event.data;
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
        const d = event.data;
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
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  indexes: [['checks'], ['last_checked_at'], ['latest_score'], ['latest_level'], ['address']],
};
