/**
 * The check replay as the auditor's routes answer it (GET /api/admin/checks/:checkId/replay and
 * /events, command-api/src/audit/stream-routes.ts): the replay and the recorded versions
 * (replay.ts), shaped as the API's CheckReplayResponse and CheckVersions; and what an evidence
 * bundle says of them (command-api/src/shared/evidence-bundle.ts: the versions and the model).
 *
 * It has the shape of the `CheckAudit` port those routes declare without importing the API; the
 * composition root plugs it in, and the compiler checks the fit there.
 */
import type { CheckReplayResponse, CheckVersions, EvidenceBundle } from '@walletscreen/contracts';
import type { RecordedEvent } from '@walletscreen/platform';
import { evidenceModel } from './evidence-model';
import { recordedVersions, replayCheck } from './replay';

export const checkReplayAudit = {
  replay(checkId: string, events: readonly RecordedEvent[]): CheckReplayResponse {
    const r = replayCheck(checkId, events);
    if (r.verdict === 'not-replayable') {
      // An unknown check is answered 404 before this.
      const reason = r.reason === 'no-check' ? 'evidence-missing' : r.reason;
      return {
        check_id: checkId,
        verdict: r.verdict,
        reason,
        message: r.message,
        model_version: r.modelVersion,
        differences: [],
        inputs: null,
        recorded: null,
        replayed: null,
      };
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
  /** The risk model an evidence bundle carries (evidence-model.ts). */
  model(events: readonly RecordedEvent[]): EvidenceBundle['model'] {
    return evidenceModel(recordedVersions(events).riskModel);
  },
  versions(events: readonly RecordedEvent[]): CheckVersions {
    const v = recordedVersions(events);
    return {
      risk_model: v.riskModel,
      risk_profile: v.riskProfile,
      sanctions_list_loaded: v.sanctionsListLoaded,
      sanctions_list: v.sanctionsList && {
        source: v.sanctionsList.source,
        published_at: v.sanctionsList.publishedAt,
        sha256: v.sanctionsList.sha256,
        imported_at: v.sanctionsList.importedAt,
        address_count: v.sanctionsList.addressCount,
      },
      custom_lists: v.customLists.map((l) => ({
        list_id: l.listId,
        name: l.name,
        kind: l.kind,
        version: l.version,
        sha256: l.sha256,
        entry_count: l.entryCount,
      })),
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
