/**
 * A check's evidence bundle (contracts' EvidenceBundle): its events exactly as stored, each with its
 * inclusion proof against a signed tree head of the audit log that holds them all, the installation's
 * public key, and what the check used (list and feed versions with their file hashes, the risk model).
 * Served to the check's owner (the web app and the public API) and to admins and auditors (the
 * replay screen); anyone verifies it offline with the repository's verifier (`npx walletscreen-verify`).
 *
 * What the check used comes from the workers' replay (replay-audit.ts), plugged in by the
 * composition root as `CheckEvidence`; the tree heads from audit/tree-heads.ts, as `TreeHeadSource`.
 */
import {
  checkStreamId,
  EVIDENCE_BUNDLE_FORMAT,
  evidenceBundleSchema,
  TREE_HEAD_FORMAT_TEXT,
  type CheckVersions,
  type EvidenceBundle,
  type SignedTreeHeadView,
} from '@walletscreen/contracts';
import type { Response } from 'express';
import { publicKeyPem, type AuditLogKey, type EventStore, type ReadStore, type RecordedEvent } from '@walletscreen/platform';
import { evolveCheck, type CheckState } from '@walletscreen/domain/check/state';
import type { CheckEvent } from '@walletscreen/domain/check/events';
import { Conflict, NotFound, Unavailable } from '@walletscreen/domain/errors';
import type { TreeHeadSigned } from '@walletscreen/domain/tree-heads/events';
import { inclusionProofs, leafIndexes } from '@walletscreen/projections/log-tree/queries';

/** What a check used, read from its events by the workers' replay (workers/src/checks/replay-audit.ts). */
export interface CheckEvidence {
  versions(events: readonly RecordedEvent[]): CheckVersions;
  model(events: readonly RecordedEvent[]): EvidenceBundle['model'];
}

/** The signed tree heads, as a bundle needs them (audit/tree-heads.ts). */
export interface TreeHeadSource {
  key: AuditLogKey;
  origin: string;
  covering(position: number): Promise<TreeHeadSigned>;
}

/** Who asks: the check's owner (any other user is told there is no such check), or an admin or auditor. */
export type BundleReader = { userId: string } | 'audit';

export interface EvidenceBundles {
  bundle(checkId: string, reader: BundleReader): Promise<EvidenceBundle>;
}

export const HOW_TO_VERIFY =
  'In a checkout of WalletScreen (after npm ci): npx walletscreen-verify <this file>. It checks the tree head signature with the public key, ' +
  "each event's inclusion proof against the tree head, each event's hash-chain link, and re-runs the recorded risk model on the recorded " +
  'evidence, printing "identical" or exactly what differs; it exits non-zero on any failure. Compare public_key.key_id with the key the ' +
  'installation publishes (GET /api/audit-log/public-key) and the tree head with what its witness received.';

export const evidenceFileName = (checkId: string) => `walletscreen-evidence-${checkId}.json`;

/** The answers of an evidence route besides its refusals of the caller. */
export const evidenceAnswers = {
  200: {
    description: 'The evidence bundle, as a file to keep (walletscreen-evidence-<id>.json)',
    schema: evidenceBundleSchema,
    headers: { 'Content-Disposition': 'attachment; filename="walletscreen-evidence-<id>.json"' },
  },
  409: { description: 'The check is still running' },
  503: { description: 'No signed tree head covers the check yet (writes are halted, or the log tree is behind): try again later' },
};

/** Sends a bundle as a file to keep. */
export function sendEvidenceBundle(res: Response, bundle: EvidenceBundle) {
  res.setHeader('Content-Disposition', `attachment; filename="${evidenceFileName(bundle.check_id)}"`);
  res.json(bundle);
}

export const treeHeadView = (h: TreeHeadSigned): SignedTreeHeadView => ({
  origin: h.origin,
  tree_size: h.treeSize,
  root_hash: h.rootHash,
  timestamp: h.timestamp,
  last_position: h.lastPosition,
  key_id: h.keyId,
  signature: h.signature,
});

export function createEvidenceBundles(deps: {
  eventStore: EventStore;
  readStore: ReadStore;
  treeHeads: TreeHeadSource;
  evidence: CheckEvidence;
  clock: () => Date;
}): EvidenceBundles {
  return {
    async bundle(checkId, reader) {
      const events = await deps.eventStore.readStream(checkStreamId(checkId));
      let state: CheckState = { status: 'none' };
      for (const e of events) state = evolveCheck(state, { type: e.type, data: e.data } as CheckEvent);
      // Another user's check is not found: nobody learns it exists.
      if (state.status === 'none' || (reader !== 'audit' && state.request.userId !== reader.userId)) throw new NotFound('No such check');
      if (state.status === 'running') throw new Conflict('The check is still running: its evidence bundle is ready once it has finished');
      const last = events[events.length - 1]!.position;
      const head = await deps.treeHeads.covering(last);
      const indexes = await leafIndexes(
        deps.readStore,
        events.map((e) => e.position),
      );
      const leaves = events.map((e) => indexes.get(e.position));
      if (leaves.some((i) => i === undefined || i >= head.treeSize))
        throw new Unavailable('The audit log tree has not reached this check yet: try again in a minute');
      const proofs = await inclusionProofs(deps.readStore, leaves as number[], head.treeSize);
      const key = deps.treeHeads.key;
      return {
        format: EVIDENCE_BUNDLE_FORMAT,
        check_id: checkId,
        created_at: deps.clock().toISOString(),
        verdict:
          state.status === 'completed' && state.result
            ? { risk_score: state.result.risk_score, risk_level: state.result.risk_level, aml_status: state.result.aml_status }
            : null,
        versions: deps.evidence.versions(events),
        model: deps.evidence.model(events),
        tree_head: treeHeadView(head),
        public_key: {
          algorithm: 'Ed25519',
          key_id: key.fingerprint,
          public_key_pem: publicKeyPem(key.publicKey),
          origin: deps.treeHeads.origin,
          signed_text: TREE_HEAD_FORMAT_TEXT,
        },
        events: events.map((e, i) => ({
          leaf_index: leaves[i]!,
          inclusion_proof: proofs.get(leaves[i]!)!,
          event: {
            position: e.position,
            streamId: e.streamId,
            revision: e.revision,
            id: e.id,
            type: e.type,
            data: e.data,
            metadata: e.metadata,
            recordedAt: e.recordedAt,
            hash: e.hash ?? null,
            prevHash: e.prevHash ?? null,
          },
        })),
        how_to_verify: HOW_TO_VERIFY,
      };
    },
  };
}
