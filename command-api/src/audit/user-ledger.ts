/**
 * The user aggregate (domain/src/user) as the audit's ledger: its stream, the events its decider
 * folds, and the balance and e-mail of a state.
 */
import { userDecider } from '@walletscreen/domain/user/decide';
import { userStreamId, type UserEvent } from '@walletscreen/domain/user/events';
import { checksLeft, type UserState } from '@walletscreen/domain/user/state';
import type { UserLedger } from './balance';

export const userLedger: UserLedger<UserState> = {
  streamId: userStreamId,
  types: userDecider.types,
  initialState: userDecider.initialState,
  evolve: (state, event) => userDecider.evolve(state, event as UserEvent),
  balance: (s) => (s.status === 'registered' ? { bonus_checks: s.bonusChecks, purchased_checks: s.purchasedChecks, remaining_checks: checksLeft(s) } : null),
  email: (s) => (s.status === 'registered' ? s.email : null),
};
