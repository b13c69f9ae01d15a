/**
 * Composition of the stream browser and the check replay (composition root): the kinds of stream
 * the browser folds, each with its aggregate's own evolve, and the replay from the workers.
 *
 * A new aggregate joins the browser with one entry in `streamKinds`.
 */
import { caseStreamId, checkStreamId, customListStreamPrefix, type CheckReplayResponse, type CheckVersions } from '@walletscreen/contracts';
import { checkEventTypes, type CheckEvent } from '@walletscreen/domain/check/events';
import { evolveCheck, type CheckState } from '@walletscreen/domain/check/state';
import type { RecordedEvent } from '@walletscreen/platform';
import { recordedVersions, replayCheck } from '@walletscreen/workers/checks/replay';
import type { CheckAudit } from '@walletscreen/command-api/audit/stream-routes';
import { streamKind, type StreamKind } from '@walletscreen/command-api/audit/streams';
import { caseDecider } from '@walletscreen/domain/case/decide';
import type { CaseState } from '@walletscreen/domain/case/state';
import { customListDecider } from '@walletscreen/domain/custom-list/decide';
import type { CustomListState } from '@walletscreen/domain/custom-list/state';
import { feedDecider } from '@walletscreen/domain/feed/decide';
import { feedStreamPrefix } from '@walletscreen/domain/feed/events';
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
    charges: s.charges,
    purchases: s.lots ?? {},
    api_keys: Object.values(s.apiKeys ?? {}).map((k) => ({ key_id: k.keyId, name: k.name, prefix: k.prefix, scopes: k.scopes, created_at: k.createdAt, expires_at: k.expiresAt, revoked_at: k.revokedAt })),
  };
}

export const streamKinds: readonly StreamKind[] = [
  streamKind<UserState>('user', userStreamId(''), { ...userDecider, evolve: (s, e) => userDecider.evolve(s, e as Parameters<typeof userDecider.evolve>[1]), view: userView }),
  streamKind<CheckState>('check', checkStreamId(''), { types: new Set(checkEventTypes), initialState: { status: 'none' }, evolve: (s, e) => evolveCheck(s, e as CheckEvent) }),
  streamKind<WatchState>('watch', watchStreamId(''), { ...watchDecider, evolve: (s, e) => watchDecider.evolve(s, e as Parameters<typeof watchDecider.evolve>[1]) }),
  streamKind<CustomListState>('custom-list', customListStreamPrefix, { ...customListDecider, evolve: (s, e) => customListDecider.evolve(s, e as Parameters<typeof customListDecider.evolve>[1]) }),
  streamKind<CaseState>('case', caseStreamId(''), { ...caseDecider, evolve: (s, e) => caseDecider.evolve(s, e as Parameters<typeof caseDecider.evolve>[1]) }),
  // An intelligence feed's versions (`feed-<id>`): the state is the version in force, without its entries (they are in the events).
  streamKind<FeedState>('feed', feedStreamPrefix, { ...feedDecider, evolve: (s, e) => feedDecider.evolve(s, e as Parameters<typeof feedDecider.evolve>[1]) }),
  streamKind<FeedSyncLogState>('feed-sync-log', feedSyncStreamId, { ...feedSyncLogDecider, evolve: (s, e) => feedSyncLogDecider.evolve(s, e as Parameters<typeof feedSyncLogDecider.evolve>[1]) }),
];

export const checkAudit: CheckAudit = {
  replay(checkId: string, events: readonly RecordedEvent[]): CheckReplayResponse {
    const r = replayCheck(checkId, events);
    if (r.verdict === 'not-replayable') {
      // An unknown check is answered 404 before this.
      const reason = r.reason === 'no-check' ? 'evidence-missing' : r.reason;
      return { check_id: checkId, verdict: r.verdict, reason, message: r.message, model_version: r.modelVersion, differences: [], inputs: null, recorded: null, replayed: null };
    }
    return {
      check_id: checkId,
      verdict: r.verdict,
      reason: null,
      message:
        r.verdict === 'identical'
          ? `identical: model ${r.modelVersion} re-run on the recorded evidence gives the recorded score, level, status and factors`
          : `differs: ${r.differences.map((d) => `${d.field} recorded ${JSON.stringify(d.recorded)}, replayed ${JSON.stringify(d.replayed)}`).join('; ')}`,
      model_version: r.modelVersion,
      differences: r.differences,
      inputs: r.inputs,
      recorded: r.recorded,
      replayed: r.replayed,
    };
  },
  versions(events: readonly RecordedEvent[]): CheckVersions {
    const v = recordedVersions(events);
    return {
      risk_model: v.riskModel,
      sanctions_list_loaded: v.sanctionsListLoaded,
      sanctions_list: v.sanctionsList && { source: v.sanctionsList.source, published_at: v.sanctionsList.publishedAt, sha256: v.sanctionsList.sha256, imported_at: v.sanctionsList.importedAt, address_count: v.sanctionsList.addressCount },
      custom_lists: v.customLists.map((l) => ({ list_id: l.listId, name: l.name, kind: l.kind, version: l.version, sha256: l.sha256, entry_count: l.entryCount })),
      intelligence: { labels_version: v.intelligence.labelsVersion, chainabuse: v.intelligence.chainabuse },
      feeds: v.feeds.map((f) => ({ id: f.id, name: f.name, version: f.version, sha256: f.sha256, entry_count: f.entryCount })),
      blockchain_provider: v.blockchainProvider,
      trace: v.trace && {
        depth: v.trace.depth,
        fan_out: v.trace.fanOut,
        request_budget: v.trace.requestBudget,
        requests: v.trace.requests,
        expanded: v.trace.expanded,
        failed: v.trace.failed,
        not_expanded: v.trace.notExpanded,
      },
      reused_blockchain_data_of: v.reusedBlockchainDataOf,
      writer: v.writer,
    };
  },
};
