/** The store's integrity as admins decided it, folded from `store-integrity`: the breaks acknowledged so far, oldest first. */
import type { IntegrityBreakAcknowledged, StoreIntegrityEvent } from './events';

export interface StoreIntegrityState {
  acknowledged: IntegrityBreakAcknowledged[];
}

export const initialStoreIntegrityState: StoreIntegrityState = { acknowledged: [] };

export function evolveStoreIntegrity(state: StoreIntegrityState, event: StoreIntegrityEvent): StoreIntegrityState {
  switch (event.type) {
    case 'IntegrityBreakAcknowledged':
      return { acknowledged: [...state.acknowledged, event.data] };
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}
