import { randomUUID } from 'node:crypto';
import { checkStreamId, parseAddress, type CheckProgress, type Network } from '@walletscreen/contracts';
import { evolveCheck, type CheckState } from '@walletscreen/domain/check/state';
import { progressOf } from '@walletscreen/domain/check/progress';
import type { CheckEvent, WalletCheckRequested } from '@walletscreen/domain/check/events';
import { checkDecider, checkMessages, sameWallet, type CheckRequest } from '@walletscreen/domain/check/decide';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import type { EventStore, RecordedEvent } from '@walletscreen/platform';
import { checkIdFor, type CheckVia } from '../shared/check-command';
import { checkRequestedEventId } from '@walletscreen/domain/ids';
import { Conflict, Invalid, NotFound } from '@walletscreen/domain/errors';
import type { ProgressHub } from './progress-hub';

/** Charging is the accounts feature's; the composition root hands it in. */
export interface Billing {
  /** `check` is what the user asked for, kept with the charge so the check can be started from it. */
  chargeCheck(
    userId: string,
    checkId: string,
    check: { input: string; address: string; chain: string; network: Network; idempotencyKey?: string },
  ): Promise<{ charged: boolean; source: 'bonus' | 'purchased' }>;
}

/**
 * A check as it stands after waiting for it, folded from its own stream: its progress, what was
 * asked (reference, moment), and the store position of its last event (the answer's consistency
 * token: a read that passes it back shows the check).
 */
export interface SettledCheck {
  progress: CheckProgress;
  request: WalletCheckRequested;
  position: number;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

/** Whether a text is on the sanctions list in force as written (listed text that is no address of a known chain); handed in by the composition root. */
export type ListedText = (text: string) => Promise<boolean>;

export function createChecks(deps: { eventStore: EventStore; billing: Billing; hub: ProgressHub; clock: () => Date; waitMs: number; listedText?: ListedText }) {
  // Requests only: the check's state is read from its stream when it is answered (see settle).
  const handler = new CommandHandler(deps.eventStore, checkDecider, 1_000);
  type Loaded = { state: Exclude<CheckState, { status: 'none' }> | null; position: number; revision: number };
  const foldOnto = (loaded: Loaded, events: readonly RecordedEvent[]): Loaded => {
    let state: CheckState = loaded.state ?? { status: 'none' };
    let { position, revision } = loaded;
    for (const e of events) {
      state = evolveCheck(state, { type: e.type, data: e.data } as CheckEvent);
      position = e.position;
      revision = e.revision;
    }
    return { state: state.status === 'none' ? null : state, position, revision };
  };
  const loadAt = async (checkId: string): Promise<Loaded> =>
    foldOnto({ state: null, position: 0, revision: -1 }, await deps.eventStore.readStream(checkStreamId(checkId)));
  /**
   * The check as loaded, brought up to date with the events the hub delivered since: those that
   * follow on from the loaded revision without a gap (the hub delivers a stream in order), or,
   * should one be missing, read again from the store.
   */
  const catchUp = async (checkId: string, loaded: Loaded, delivered: readonly RecordedEvent[]): Promise<Loaded> => {
    const next = delivered.filter((e) => e.revision > loaded.revision).sort((a, b) => a.revision - b.revision);
    if (next.every((e, i) => e.revision === loaded.revision + 1 + i)) return foldOnto(loaded, next);
    return loadAt(checkId);
  };

  /**
   * Resolves with the check's progress (and its request) once it has completed or failed, or after
   * `ms` with it still running. With `userId`, another user's check is not found.
   */
  async function settle(checkId: string, ms: number, userId?: string): Promise<SettledCheck> {
    let stop = () => {};
    const delivered: RecordedEvent[] = [];
    const finished = new Promise<void>((resolve) => {
      stop = deps.hub.onCheck(checkId, (event, recorded) => {
        delivered.push(recorded);
        if (event.type === 'WalletCheckCompleted' || event.type === 'WalletCheckFailed') resolve();
      });
    });
    let loaded: Loaded;
    try {
      loaded = await loadAt(checkId);
      if (!loaded.state || (userId !== undefined && loaded.state.request.userId !== userId)) throw new NotFound('No such check');
      if (loaded.state.status === 'running' && ms > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([finished, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
        clearTimeout(timer);
        loaded = await catchUp(checkId, loaded, delivered);
      }
    } finally {
      stop();
    }
    const { state, position } = loaded;
    if (!state) throw new NotFound('No such check');
    return { progress: progressOf(state), request: state.request, position };
  }

  /**
   * Starts a check (charging one premium check) or, for a key already used, answers with that
   * same check. Waits up to `waitMs` for the result; a longer check keeps running.
   */
  async function start(
    userId: string,
    input: { wallet_address: string; network?: Network },
    idempotencyKey: string | undefined,
    via: CheckVia = {},
  ): Promise<SettledCheck> {
    let parsed = parseAddress(input.wallet_address, input.network);
    // Text the sanctions list holds that is no address of a known chain is screened as written (network `other`).
    if (!parsed.ok && input.network === undefined && deps.listedText && (await deps.listedText(input.wallet_address.trim()))) {
      parsed = parseAddress(input.wallet_address, 'other');
    }
    if (!parsed.ok) throw new Invalid(parsed.reason, { wallet_address: parsed.reason });
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new Invalid('The Idempotency-Key header must be 8 to 200 visible ASCII characters', { 'Idempotency-Key': 'Invalid Idempotency-Key' });
    }
    const checkId = idempotencyKey ? checkIdFor(userId, idempotencyKey) : randomUUID();
    const { normalized, network, tag } = parsed.address;
    // One read of the stream: what it holds decides both whether this key was used, and the request below.
    const loaded = await handler.load(checkStreamId(checkId));
    const existing = loaded.state.status === 'none' ? null : loaded.state;
    if (existing) {
      // Refused before anything is charged: the key was used for another wallet.
      if (!sameWallet(existing.request, { address: normalized, network, destinationTag: tag ?? undefined })) {
        throw new Conflict(checkMessages.keyReused, { 'Idempotency-Key': checkMessages.keyReusedField });
      }
      return settle(checkId, via.waitMs ?? deps.waitMs);
    }
    const free = via.rescreen?.trigger === 'list-change';
    const { source } = free
      ? { source: 'free' as const }
      : await deps.billing.chargeCheck(userId, checkId, {
          input: input.wallet_address.trim(),
          address: normalized,
          chain: parsed.address.chain,
          network,
          ...(idempotencyKey ? { idempotencyKey } : {}),
        });
    const request: CheckRequest = {
      checkId,
      userId,
      input: input.wallet_address.trim(),
      address: normalized,
      chain: parsed.address.chain,
      network,
      chargeSource: source,
      ...(idempotencyKey ? { idempotencyKey } : {}),
      ...(typeof tag === 'number' ? { destinationTag: tag } : {}),
      ...(via.reference ? { reference: via.reference } : {}),
      ...(via.apiKeyId ? { apiKeyId: via.apiKeyId } : {}),
      ...(via.batchId ? { batchId: via.batchId } : {}),
      ...(via.rescreen ? { rescreen: via.rescreen } : {}),
    };
    // The same key sent concurrently: whichever call records the request first creates the check; the other follows it.
    await handler.execute(
      checkStreamId(checkId),
      { type: 'RequestCheck', data: request, metadata: { now: deps.clock().toISOString() } },
      {
        commandId: 'requested',
        eventId: () => checkRequestedEventId(checkId),
        metadata: { command: 'CheckWallet' },
        // Decided on the read above (a request recorded in between, by the same key sent concurrently, fails the append and is decided again).
        given: loaded,
      },
    );
    return settle(checkId, via.waitMs ?? deps.waitMs);
  }

  return {
    /** Starts a check, or follows the one of a key already used: the check as its stream shows it. */
    start,

    /** The caller's own check (another user's is not found), as its stream shows it. */
    follow(userId: string, checkId: string, waitMs = 0): Promise<SettledCheck> {
      return settle(checkId, waitMs, userId);
    },
  };
}
export type Checks = ReturnType<typeof createChecks>;
