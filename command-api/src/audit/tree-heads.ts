/**
 * The audit log's signed tree heads: the root of the log tree (projections' log-tree read model)
 * at its size now, signed with the installation's Ed25519 key and recorded through the command
 * handler (`audit-log-tree-heads`), so both event stores keep them; each new one is POSTed to the
 * outside witness when one is configured, and the outcome recorded.
 *
 * A head is signed only when the tree extends the latest signed one: its root at the latest head's
 * size must be the latest head's root (what RFC 9162's consistency proof shows a client). A tree
 * that does not (events edited, removed or reordered under it, then the read models rebuilt) is
 * never signed: the refusal is logged, and the store's verification against the signed heads
 * (log-verification.ts) names what changed.
 *
 * Heads are made regularly while the log grows (`startTreeHeadSchedule`, throttled to one per
 * interval, never on a check's path) and when an evidence bundle needs one that covers its check
 * (`covering`).
 */
import { signTreeHead, type AuditLogKey, type EventStore, type Logger, type ReadStore } from '@walletscreen/platform';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { Unavailable } from '@walletscreen/domain/errors';
import { treeHeadsDecider } from '@walletscreen/domain/tree-heads/decide';
import { treeHeadsStreamId, type TreeHeadSigned, type TreeHeadWitnessed } from '@walletscreen/domain/tree-heads/events';
import { logTreeNow, logTreeRoot } from '@walletscreen/projections/log-tree/queries';

/** Sends a signed tree head to the witness; answers the outcome (webhooks/sender.ts's send, plugged in by the composition root). */
export type SendToWitness = (message: {
  url: string;
  id: string;
  body: string;
  now: Date;
}) => Promise<{ ok: boolean; statusCode: number | null; error: string | null }>;

export interface TreeHeads {
  key: AuditLogKey;
  origin: string;
  witness: { url: string; host: string } | null;
  /** The latest head, the count, and the witness's answer to the latest delivery. */
  latest(): Promise<{ head: TreeHeadSigned | null; count: number; witnessed: TreeHeadWitnessed | null }>;
  /** Every head recorded, oldest first (the store's verification reads them). */
  all(): Promise<TreeHeadSigned[]>;
  /** Signs and records a head over the tree as folded now, when the log grew past the latest head; answers the head recorded (null when none was). */
  signIfGrown(): Promise<TreeHeadSigned | null>;
  /** A head signed with this installation's key whose tree holds the event at `position` (signed now when none does). */
  covering(position: number): Promise<TreeHeadSigned>;
}

export function createTreeHeads(deps: {
  eventStore: EventStore;
  readStore: ReadStore;
  key: AuditLogKey;
  /** The installation, as tree heads name it (its public address's host). */
  origin: string;
  clock: () => Date;
  logger: Logger;
  /** Waits (bounded) until the read models have folded the event at this position. */
  readModelsAt: (position: number, timeoutMs?: number) => Promise<void>;
  witness?: { url: string; send: SendToWitness };
  /** Whether writes are halted (the store's integrity is in doubt): nothing is signed then. */
  writesHalted: () => boolean;
}): TreeHeads {
  const { eventStore, readStore, key, clock, logger } = deps;
  const handler = new CommandHandler(eventStore, treeHeadsDecider);
  const witness = deps.witness ? { url: deps.witness.url, host: new URL(deps.witness.url).host, send: deps.witness.send } : null;

  const deliver = async (head: TreeHeadSigned) => {
    if (!witness) return;
    const body = JSON.stringify({
      type: 'walletscreen.tree_head',
      origin: head.origin,
      tree_size: head.treeSize,
      root_hash: head.rootHash,
      timestamp: head.timestamp,
      last_position: head.lastPosition,
      key_id: head.keyId,
      signature: head.signature,
      public_key_pem: head.publicKey,
    });
    const outcome = await witness.send({ url: witness.url, id: `tree-head-${head.treeSize}`, body, now: clock() });
    if (!outcome.ok) logger.warn({ witness: witness.host, treeSize: head.treeSize, error: outcome.error }, 'the witness did not take the tree head');
    await handler.execute(
      treeHeadsStreamId,
      {
        type: 'RecordWitnessDelivery',
        data: {
          treeSize: head.treeSize,
          witness: witness.host,
          outcome: outcome.ok ? 'delivered' : 'failed',
          statusCode: outcome.statusCode,
          error: outcome.error,
        },
        metadata: { now: clock().toISOString() },
      },
      { commandId: `witness-${head.treeSize}-${clock().getTime()}`, metadata: { command: 'RecordWitnessDelivery' } },
    );
  };

  /** Signs the tree as folded now and records it; null when nothing is worth signing (the log did not grow, or another process signed first). */
  const sign = async (options: { force: boolean }): Promise<TreeHeadSigned | null> => {
    if (deps.writesHalted()) throw new Unavailable('The service is paused while the audit log is checked: no tree head is signed meanwhile');
    const tree = await logTreeNow(readStore);
    const { state } = await handler.load(treeHeadsStreamId);
    const latest = state.latest;
    const grown = tree.grownTo > (latest?.treeSize ?? 0) || (options.force && tree.size > (latest?.treeSize ?? 0));
    if (tree.size === 0 || !grown) return null;
    if (latest && latest.treeSize <= tree.size && (await logTreeRoot(readStore, latest.treeSize)) !== latest.rootHash) {
      logger.error(
        { treeSize: latest.treeSize, signedRoot: latest.rootHash },
        'the audit log no longer extends its latest signed tree head: events it covered were changed, removed or reordered. No new head is signed; `npm run audit:verify` names the events',
      );
      throw new Unavailable('The audit log no longer matches its signed tree heads: no new tree head can be signed until an admin has looked at it');
    }
    const signed = signTreeHead({ origin: deps.origin, treeSize: tree.size, rootHash: tree.rootHash, timestamp: clock().toISOString() }, key.privateKey);
    const head: TreeHeadSigned = {
      origin: signed.origin,
      treeSize: signed.treeSize,
      lastPosition: tree.lastPosition,
      rootHash: signed.rootHash,
      timestamp: signed.timestamp,
      keyId: signed.keyId,
      publicKey: key.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      signature: signed.signature,
    };
    const handled = await handler.execute(
      treeHeadsStreamId,
      { type: 'RecordTreeHead', data: head, metadata: { now: head.timestamp } },
      { commandId: `tree-head-${head.treeSize}-${key.fingerprint.slice(0, 16)}`, metadata: { command: 'RecordTreeHead' } },
    );
    if (handled.events.length === 0) return null;
    void deliver(head).catch((error: unknown) => logger.warn({ err: error, treeSize: head.treeSize }, 'could not record the delivery to the witness'));
    return head;
  };

  return {
    key,
    origin: deps.origin,
    witness: witness && { url: witness.url, host: witness.host },
    async latest() {
      const { state } = await handler.load(treeHeadsStreamId);
      return { head: state.latest, count: state.count, witnessed: state.witnessed };
    },
    async all() {
      const events = await eventStore.readStream(treeHeadsStreamId);
      return events.filter((e) => e.type === 'TreeHeadSigned').map((e) => e.data as TreeHeadSigned);
    },
    signIfGrown: () => sign({ force: false }),
    async covering(position) {
      await deps.readModelsAt(position, 30_000);
      const holds = (h: TreeHeadSigned | null): h is TreeHeadSigned => h !== null && h.lastPosition >= position && h.keyId === key.fingerprint;
      const { state } = await handler.load(treeHeadsStreamId);
      if (holds(state.latest)) return state.latest;
      await sign({ force: true });
      const after = (await handler.load(treeHeadsStreamId)).state.latest;
      if (!holds(after)) throw new Unavailable('No signed tree head covers this check yet: try again in a minute');
      return after;
    },
  };
}

export interface TreeHeadSchedule {
  /** One pass now (the schedule's own passes wait for it). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Makes a tree head every `intervalMs` while the log grows, the first at start (so the first start
 * on a store written before tree heads signs the whole log as it is), never while writes are halted.
 */
export function startTreeHeadSchedule(deps: { treeHeads: TreeHeads; intervalMs: number; paused: () => boolean; logger: Logger }): TreeHeadSchedule {
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    if (deps.paused()) return;
    const head = await deps.treeHeads.signIfGrown();
    if (head) deps.logger.debug({ treeSize: head.treeSize, rootHash: head.rootHash }, 'audit log tree head signed');
  };
  const runOnce = () => {
    running = running.then(pass).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not sign a tree head; the next pass tries again'));
    return running;
  };
  void runOnce();
  const timer = setInterval(() => void runOnce(), deps.intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
