/**
 * The kinds of stream the stream browser folds (streams.ts), each with its aggregate's own evolve
 * from the domain, and what an auditor sees of a user.
 *
 * A new aggregate joins the browser with one entry in `streamKinds`.
 */
import { caseStreamId, checkStreamId, customListStreamPrefix } from '@walletscreen/contracts';
import { checkEventTypes, type CheckEvent } from '@walletscreen/domain/check/events';
import { evolveCheck, type CheckState } from '@walletscreen/domain/check/state';
import { caseDecider } from '@walletscreen/domain/case/decide';
import type { CaseState } from '@walletscreen/domain/case/state';
import { customListDecider } from '@walletscreen/domain/custom-list/decide';
import type { CustomListState } from '@walletscreen/domain/custom-list/state';
import { feedDecider } from '@walletscreen/domain/feed/decide';
import { feedStreamPrefix } from '@walletscreen/domain/feed/events';
import { feedEntriesDecider, type FeedEntriesState } from '@walletscreen/domain/feed-entries/decide';
import { feedEntriesStreamPrefix } from '@walletscreen/domain/feed-entries/events';
import type { FeedState } from '@walletscreen/domain/feed/state';
import { feedSyncLogDecider } from '@walletscreen/domain/feed-sync-log/decide';
import { feedSyncStreamId } from '@walletscreen/domain/feed-sync-log/events';
import type { FeedSyncLogState } from '@walletscreen/domain/feed-sync-log/state';
import { userDecider } from '@walletscreen/domain/user/decide';
import { userStreamId } from '@walletscreen/domain/user/events';
import { checksLeft, type UserState } from '@walletscreen/domain/user/state';
import { watchDecider } from '@walletscreen/domain/watch/decide';
import { watchStreamId } from '@walletscreen/domain/watch/events';
import type { WatchState } from '@walletscreen/domain/watch/state';
import { streamKind, type StreamKind } from './streams';

/** What an auditor sees of a user: balance, role, block; no password or token hashes. */
export function userView(s: UserState): unknown {
  if (s.status !== 'registered') return { registered: false };
  return {
    registered: true,
    user_id: s.userId,
    email: s.email,
    username: s.username,
    role: s.role,
    blocked: s.role === 'blocked',
    ...(s.roleBeforeBlock ? { role_before_block: s.roleBeforeBlock } : {}),
    bonus_checks: s.bonusChecks,
    purchased_checks: s.purchasedChecks,
    remaining_checks: checksLeft(s),
    registered_at: s.registeredAt,
    credentials_changed_at: s.credentialsChangedAt,
    outstanding_reset_links: Object.keys(s.resetTokens).length,
    // Pending: the welcome checks wait for the user to open a mailed link; not required: registered without (or before) confirmation.
    email_confirmation: s.emailConfirmation?.status ?? 'not required',
    charges: s.charges,
    purchases: s.lots ?? {},
    api_keys: Object.values(s.apiKeys ?? {}).map((k) => ({
      key_id: k.keyId,
      name: k.name,
      prefix: k.prefix,
      scopes: k.scopes,
      created_at: k.createdAt,
      expires_at: k.expiresAt,
      revoked_at: k.revokedAt,
    })),
  };
}

export const streamKinds: readonly StreamKind[] = [
  streamKind<UserState>('user', userStreamId(''), {
    ...userDecider,
    evolve: (s, e) => userDecider.evolve(s, e as Parameters<typeof userDecider.evolve>[1]),
    view: userView,
  }),
  streamKind<CheckState>('check', checkStreamId(''), {
    types: new Set(checkEventTypes),
    initialState: { status: 'none' },
    evolve: (s, e) => evolveCheck(s, e as CheckEvent),
  }),
  streamKind<WatchState>('watch', watchStreamId(''), {
    ...watchDecider,
    evolve: (s, e) => watchDecider.evolve(s, e as Parameters<typeof watchDecider.evolve>[1]),
  }),
  streamKind<CustomListState>('custom-list', customListStreamPrefix, {
    ...customListDecider,
    evolve: (s, e) => customListDecider.evolve(s, e as Parameters<typeof customListDecider.evolve>[1]),
  }),
  streamKind<CaseState>('case', caseStreamId(''), { ...caseDecider, evolve: (s, e) => caseDecider.evolve(s, e as Parameters<typeof caseDecider.evolve>[1]) }),
  // An intelligence feed's versions (`feed-<id>`): the state is the version in force, without its entries (they are in the events).
  streamKind<FeedState>('feed', feedStreamPrefix, { ...feedDecider, evolve: (s, e) => feedDecider.evolve(s, e as Parameters<typeof feedDecider.evolve>[1]) }),
  // A feed import's entries, in parts (`feed-entries-<feed>-<import>`): the state is how many parts are recorded.
  streamKind<FeedEntriesState>('feed-entries', feedEntriesStreamPrefix, {
    ...feedEntriesDecider,
    evolve: (s, e) => feedEntriesDecider.evolve(s, e as Parameters<typeof feedEntriesDecider.evolve>[1]),
  }),
  streamKind<FeedSyncLogState>('feed-sync-log', feedSyncStreamId, {
    ...feedSyncLogDecider,
    evolve: (s, e) => feedSyncLogDecider.evolve(s, e as Parameters<typeof feedSyncLogDecider.evolve>[1]),
  }),
];
