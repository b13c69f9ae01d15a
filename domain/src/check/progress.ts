/** A check's progress as the browser sees it (socket messages and the 202 answer), from its state. */
import type { CheckProgress } from '@walletscreen/contracts';
import type { CheckState } from './state';

export function progressOf(state: Exclude<CheckState, { status: 'none' }>): CheckProgress {
  return {
    check_id: state.request.checkId,
    status: state.status,
    wallet_address: state.request.address,
    network: state.request.network,
    ...(state.request.idempotencyKey ? { idempotency_key: state.request.idempotencyKey } : {}),
    stage: state.stages.length,
    ...(state.result ? { result: state.result } : {}),
    ...(state.error ? { error: state.error } : {}),
  };
}
