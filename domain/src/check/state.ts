/** A check's state, folded from its stream `check-<checkId>`. */
import type { WalletAnalysis } from '@walletscreen/contracts';
import type { CheckEvent, WalletCheckRequested, WalletCheckStageCompleted } from './events';

export type CheckState =
  | { status: 'none' }
  | { status: 'running' | 'completed' | 'failed'; request: WalletCheckRequested; stages: WalletCheckStageCompleted[]; result?: WalletAnalysis; error?: string };

export const initialCheckState: CheckState = { status: 'none' };

export function evolveCheck(state: CheckState, event: CheckEvent): CheckState {
  switch (event.type) {
    case 'WalletCheckRequested':
      return { status: 'running', request: event.data, stages: [] };
    case 'WalletCheckStageCompleted':
      if (state.status === 'none') return state;
      return { ...state, stages: [...state.stages, event.data] };
    case 'WalletCheckCompleted':
      if (state.status === 'none') return state;
      return { ...state, status: 'completed', result: event.data.result };
    case 'WalletCheckFailed':
      if (state.status === 'none') return state;
      return { ...state, status: 'failed', error: event.data.reason };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
