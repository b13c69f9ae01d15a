/**
 * The verifier of a check's evidence bundle (contracts' EvidenceBundle), offline: nothing but the
 * file and this code. It checks, and reports each in words:
 *
 * 1. the public key is the one the bundle names (its fingerprint), and the tree head's signature
 *    verifies with it (platform's tree-head.ts);
 * 2. every event's inclusion proof leads from the event's leaf (its canonical form hashed as RFC
 *    9162 says) to the tree head's root, at the leaf index the bundle gives;
 * 3. every event's hash-chain link, where the store keeps one: its content hashes, with the
 *    previous hash it records, to its recorded hash; consecutive events link up;
 * 4. the events are the check's stream, whole from its first revision, in order;
 * 5. what the bundle says besides the events (the verdict, the versions, the model) is what the
 *    events record;
 * 6. the recorded risk-model version, re-run on the recorded evidence (replay.ts, the workers' own
 *    code), gives the recorded verdict: "identical", or exactly which fields differ.
 *
 * Any failure fails the whole (the command-line exits non-zero); a tampered byte of an event, a
 * proof, the signature, the tree head or the score each shows as a failure.
 */
import { createHash } from 'node:crypto';
import { evidenceBundleSchema, type EvidenceBundle } from '@walletscreen/contracts';
import { canonicalEvent, canonicalJson, eventHash } from '@walletscreen/platform/event-store/hash-chain';
import { leafHash, verifyInclusion } from '@walletscreen/platform/event-store/log-tree/merkle';
import { ed25519PublicKeyFromPem, keyFingerprint, treeHeadSignatureProblem } from '@walletscreen/platform/event-store/log-tree/tree-head';
import { checkReplayAudit } from './replay-audit';
import { recordedVersions, replayCheck } from './replay';
import { registerRiskModel, riskModelRegistry, riskModels, type RiskModelRegistry } from './risk-models';
import type { RiskProfile } from './risk-profile';

export interface VerificationStep {
  /** What was checked: signature, inclusion, chain, stream, bundle, replay. */
  check: 'signature' | 'inclusion' | 'chain' | 'stream' | 'bundle' | 'replay';
  ok: boolean;
  /** What was found, in words. */
  detail: string;
}

export interface BundleVerification {
  ok: boolean;
  steps: VerificationStep[];
  /** The last line: "identical", or what differs. */
  verdict: string;
}

const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

export function verifyEvidenceBundle(input: unknown): BundleVerification {
  const steps: VerificationStep[] = [];
  const step = (check: VerificationStep['check'], ok: boolean, detail: string) => steps.push({ check, ok, detail });
  const done = (verdict: string): BundleVerification => ({ ok: steps.every((s) => s.ok), steps, verdict });

  const parsed = evidenceBundleSchema.safeParse(input);
  if (!parsed.success) {
    step('bundle', false, `not an evidence bundle: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'} ${i.message}`).join('; ')}`);
    return done('FAILED: the file is not an evidence bundle');
  }
  const bundle: EvidenceBundle = parsed.data;
  const head = bundle.tree_head;

  // 1. The key and the tree head's signature.
  let signatureOk = false;
  try {
    const key = ed25519PublicKeyFromPem(bundle.public_key.public_key_pem);
    const fingerprint = keyFingerprint(key);
    if (fingerprint !== bundle.public_key.key_id) {
      step('signature', false, `the public key's fingerprint is ${fingerprint}, not the ${bundle.public_key.key_id} the bundle names`);
    } else {
      const problem = treeHeadSignatureProblem(
        {
          origin: head.origin,
          treeSize: head.tree_size,
          rootHash: head.root_hash,
          timestamp: head.timestamp,
          keyId: head.key_id,
          signature: head.signature,
        },
        key,
      );
      signatureOk = problem === null;
      step(
        'signature',
        signatureOk,
        problem ?? `the tree head (${head.tree_size} events, root ${head.root_hash}, ${head.timestamp}) is signed by key ${fingerprint} of ${head.origin}`,
      );
    }
  } catch (error) {
    step('signature', false, `the public key is not an Ed25519 key: ${error instanceof Error ? error.message : String(error)}`);
  }

  // 2. Every event's inclusion proof against the tree head's root.
  const root = Buffer.from(head.root_hash, 'hex');
  const proved = bundle.events.map((b, i) => {
    const e = b.event;
    const ok = verifyInclusion(
      leafHash(canonicalEvent(e)),
      b.leaf_index,
      head.tree_size,
      b.inclusion_proof.map((h) => Buffer.from(h, 'hex')),
      root,
    );
    if (!ok)
      step(
        'inclusion',
        false,
        `event ${i + 1} (${e.type}, revision ${e.revision}, position ${e.position}): its inclusion proof does not lead from its leaf ${b.leaf_index} to the tree head's root: the event or its proof was altered`,
      );
    return ok;
  });
  if (proved.every(Boolean))
    step('inclusion', true, `all ${bundle.events.length} events are in the signed tree, at leaves ${bundle.events.map((b) => b.leaf_index).join(', ')}`);

  // 3. The hash chain, where the store keeps one.
  const chained = bundle.events.filter((b) => b.event.hash !== null);
  let chainOk = true;
  bundle.events.forEach((b, i) => {
    const e = b.event;
    if (e.hash === null) return;
    if (e.prevHash === null || eventHash(e.prevHash, e) !== e.hash) {
      chainOk = false;
      step(
        'chain',
        false,
        `event ${i + 1} (${e.type}, position ${e.position}) does not hash, with its recorded previous hash, to its recorded hash: it was altered`,
      );
    }
    const next = bundle.events[i + 1]?.event;
    if (next && next.position === e.position + 1 && next.prevHash !== null && next.prevHash !== e.hash) {
      chainOk = false;
      step('chain', false, `event ${i + 2} (position ${next.position}) does not link to the event before it`);
    }
  });
  if (chainOk)
    step(
      'chain',
      true,
      chained.length === 0 ? 'the store keeps no hash chain (nothing to check)' : `all ${chained.length} events hash to their recorded chain hashes`,
    );

  // 4. The check's stream, whole and in order.
  const streamId = `check-${bundle.check_id}`;
  const streamProblems: string[] = [];
  bundle.events.forEach((b, i) => {
    if (b.event.streamId !== streamId) streamProblems.push(`event ${i + 1} is of stream ${b.event.streamId}, not ${streamId}`);
    if (b.event.revision !== i) streamProblems.push(`event ${i + 1} has revision ${b.event.revision}, not ${i}: events are missing or out of order`);
    const before = bundle.events[i - 1];
    if (before && (b.event.position <= before.event.position || b.leaf_index <= before.leaf_index))
      streamProblems.push(`event ${i + 1} does not follow event ${i} in the log`);
    if (b.leaf_index >= head.tree_size) streamProblems.push(`event ${i + 1}'s leaf ${b.leaf_index} is beyond the tree head's ${head.tree_size} events`);
  });
  if (bundle.events.length === 0) streamProblems.push('the bundle holds no events');
  step(
    'stream',
    streamProblems.length === 0,
    streamProblems.length === 0 ? `the events are the check's stream ${streamId}, revisions 0 to ${bundle.events.length - 1}` : streamProblems.join('; '),
  );

  // 5. What the bundle says besides the events is what they record; the profile it carries is the one the check was scored with.
  const events = bundle.events.map((b) => ({ ...b.event, hash: b.event.hash ?? undefined, prevHash: b.event.prevHash ?? undefined }));
  const carried = profileOf(bundle);
  // The model re-run is the bundle's own profile with the engine (this repository's registry only for a bundle without one).
  const replay = replayCheck(bundle.check_id, events, carried ? riskModelRegistry([registerRiskModel(carried)]) : riskModels);
  const recordedVerdict = replay.verdict === 'not-replayable' ? null : replay.recorded.result;
  const bundleProblems: string[] = [];
  if (bundle.verdict !== null && (recordedVerdict === null || !sameJson(bundle.verdict, recordedVerdict))) {
    bundleProblems.push(`the bundle's verdict ${JSON.stringify(bundle.verdict)} is not the one its events record (${JSON.stringify(recordedVerdict)})`);
  }
  const versions = checkReplayAudit.versions(events);
  if (!sameJson(bundle.versions, versions)) bundleProblems.push("the bundle's versions (lists, feeds, model) are not the ones its events record");
  const model = checkReplayAudit.model(events);
  if (bundle.model.version !== model.version)
    bundleProblems.push(`the bundle names model ${String(bundle.model.version)}, its events record ${String(model.version)}`);
  if (bundle.model.profile !== null || bundle.model.profile_sha256 !== null) {
    const hash = bundle.model.profile === null ? null : createHash('sha256').update(canonicalJson(bundle.model.profile)).digest('hex');
    if (hash !== bundle.model.profile_sha256)
      bundleProblems.push(`the model profile hashes to ${String(hash)}, not the recorded ${String(bundle.model.profile_sha256)}`);
    // The hash the check recorded beside its assessment (checks scored since profiles were recorded), and the released profile of that version.
    const recordedProfile = recordedVersions(events).riskProfile;
    if (recordedProfile && hash !== recordedProfile.sha256)
      bundleProblems.push(`the model profile hashes to ${String(hash)}, not the ${recordedProfile.sha256} the check recorded`);
    const released = bundle.model.version === null ? undefined : releasedProfiles.get(bundle.model.version);
    if (released && hash !== released.sha256)
      bundleProblems.push(`the model profile hashes to ${String(hash)}, not the ${released.sha256} of released version ${released.version}`);
    if (carried && bundle.model.version !== carried.version)
      bundleProblems.push(`the model profile is of version ${carried.version}, not the ${String(bundle.model.version)} the bundle names`);
  }
  step(
    'bundle',
    bundleProblems.length === 0,
    bundleProblems.length === 0
      ? `the verdict, the versions (${versions.sanctions_list ? `sanctions list ${versions.sanctions_list.sha256}` : 'no sanctions list'}, ${versions.feeds.length} feeds, ${versions.custom_lists.length} custom lists) and model ${String(model.version)} are what the events record`
      : bundleProblems.join('; '),
  );

  // 6. The recorded model re-run on the recorded evidence.
  if (replay.verdict === 'not-replayable') {
    const runnable = replay.reason === 'check-failed';
    step('replay', runnable, replay.message);
    return done(signatureOk && steps.every((s) => s.ok) ? `verified; nothing to re-run: ${replay.message}` : `FAILED: ${failures(steps)}`);
  }
  const identical = replay.verdict === 'identical';
  const differs = replay.differences.map((d) => `${d.field} recorded ${JSON.stringify(d.recorded)}, replayed ${JSON.stringify(d.replayed)}`).join('; ');
  step(
    'replay',
    identical,
    identical
      ? `model ${replay.modelVersion} re-run on the recorded evidence gives the recorded score, level, status and factors`
      : `model ${replay.modelVersion} re-run differs: ${differs}`,
  );
  if (!steps.every((s) => s.ok)) return done(`FAILED: ${failures(steps)}`);
  return done('identical');
}

/** The released profiles this repository holds (a bundle's profile of a released version must be that one). */
const releasedProfiles: RiskModelRegistry = riskModels;

/** The profile a bundle carries, when it has the shape the engine runs (its hash is checked apart). */
function profileOf(bundle: EvidenceBundle): RiskProfile | null {
  const p = bundle.model.profile;
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return null;
  return typeof (p as { version?: unknown }).version === 'string' ? (p as RiskProfile) : null;
}

const failures = (steps: readonly VerificationStep[]) =>
  steps
    .filter((s) => !s.ok)
    .map((s) => `${s.check}: ${s.detail}`)
    .join(' | ');

/** The report as lines, one per step and the verdict last. */
export function describeBundleVerification(result: BundleVerification): string[] {
  return [...result.steps.map((s) => `${s.ok ? 'ok  ' : 'FAIL'} ${s.check}: ${s.detail}`), result.verdict];
}
