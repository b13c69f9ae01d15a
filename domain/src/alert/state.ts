/** An alert's state, folded from its stream `alert-<alertId>`. */
import type { AlertStatus } from '@walletscreen/contracts';
import type { AlertEvent } from './events';

export type AlertState = { status: 'none' } | { status: AlertStatus; alertId: string; userId: string; emailedTo: string | null };

export const initialAlertState: AlertState = { status: 'none' };

export function evolveAlert(state: AlertState, event: AlertEvent): AlertState {
  switch (event.type) {
    case 'AlertRaised':
      return { status: 'open', alertId: event.data.alertId, userId: event.data.userId, emailedTo: null };
    case 'AlertAcknowledged':
      return state.status === 'none' ? state : { ...state, status: 'acknowledged' };
    case 'AlertResolved':
      return state.status === 'none' ? state : { ...state, status: 'resolved' };
    case 'AlertEmailed':
      return state.status === 'none' ? state : { ...state, emailedTo: event.data.to };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
