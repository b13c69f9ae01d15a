/**
 * A check's commands, decided over its state. Pure: the moment comes in on the command.
 * - a check is requested once: the same request again records nothing (a retried call, or the
 *   charge sweeper racing the API), the same check id for another wallet is refused;
 * - stages are recorded in order, each once: a stage recorded already (by another worker) records
 *   nothing, one past the next is refused; only a running check records stages;
 * - a check completes once all seven stages are recorded, and fails only while running; either
 *   outcome is final (a failure refunds the charge: the user aggregate's RefundCheck).
 *
 * The money path around it: the user is charged first (the user aggregate's ChargeCheck, which
 * records what was asked with the charge), then the check is requested; should the process stop
 * in between, the charge sweeper requests it from the charge (`sweepCharge`), dated to the charge.
 */
import { isIncompleteVerdict, parseAddress, stageKeys, type Chain, type Network, type StageKey, type WalletAnalysis } from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { Conflict, Invalid } from '../errors';
import { checkEvents, type CheckEvent, type WalletCheckRequested } from './events';
import { evolveCheck, initialCheckState, type CheckState } from './state';

/** What a check is asked for: the request's data, without the moment (the command's). */
export type CheckRequest = Omit<WalletCheckRequested, 'at'>;

export type CheckCommand =
  | { type: 'RequestCheck'; data: CheckRequest; metadata: CommandMetadata }
  | { type: 'RecordStage'; data: { checkId: string; stage: number; key: StageKey; evidence: unknown }; metadata: CommandMetadata }
  | { type: 'CompleteCheck'; data: { checkId: string; result: WalletAnalysis }; metadata: CommandMetadata }
  | { type: 'FailCheck'; data: { checkId: string; reason: string }; metadata: CommandMetadata };

export const checkMessages = {
  keyReused: 'This Idempotency-Key was already used for another address',
  keyReusedField: 'Already used for another address',
  notRequested: 'No such check',
  stageOutOfOrder: 'Stages are recorded in order',
  notAllStages: 'A check completes once its seven stages are recorded',
} as const;

/** Whether a check already requested is the one `request` asks for (same wallet: address, network, destination tag). */
export const sameWallet = (
  requested: Pick<WalletCheckRequested, 'address' | 'network' | 'destinationTag'>,
  request: Pick<CheckRequest, 'address' | 'network' | 'destinationTag'>,
) => requested.address === request.address && requested.network === request.network && requested.destinationTag === request.destinationTag;

export function decideCheck(command: CheckCommand, state: CheckState): CheckEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'RequestCheck': {
      if (state.status === 'none') return [{ type: 'WalletCheckRequested', data: { ...command.data, at } }];
      if (!sameWallet(state.request, command.data)) throw new Conflict(checkMessages.keyReused, { 'Idempotency-Key': checkMessages.keyReusedField });
      return [];
    }
    case 'RecordStage': {
      if (state.status === 'none') throw new Invalid(checkMessages.notRequested);
      const { stage, key, evidence, checkId } = command.data;
      if (state.status !== 'running' || stage <= state.stages.length) return [];
      if (stage !== state.stages.length + 1 || stageKeys[stage - 1] !== key) throw new Invalid(checkMessages.stageOutOfOrder);
      return [{ type: 'WalletCheckStageCompleted', data: { checkId, stage, key, evidence, at } }];
    }
    case 'CompleteCheck': {
      if (state.status === 'none') throw new Invalid(checkMessages.notRequested);
      if (state.status !== 'running') return [];
      if (state.stages.length !== stageKeys.length) throw new Invalid(checkMessages.notAllStages);
      return [{ type: 'WalletCheckCompleted', data: { checkId: command.data.checkId, userId: state.request.userId, result: command.data.result, at } }];
    }
    case 'FailCheck': {
      if (state.status === 'none') throw new Invalid(checkMessages.notRequested);
      if (state.status !== 'running') return [];
      return [{ type: 'WalletCheckFailed', data: { checkId: command.data.checkId, userId: state.request.userId, reason: command.data.reason, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const checkDecider: Decider<CheckState, CheckCommand, CheckEvent> = {
  initialState: initialCheckState,
  evolve: evolveCheck,
  decide: decideCheck,
  types: checkEvents.typeSet,
};

/** A charge whose check never started, as the pending-charges read model keeps it. */
export interface PendingCharge {
  checkId: string;
  userId: string;
  source: 'bonus' | 'purchased';
  chargedAt: string;
  /** What was asked, recorded with the charge; null on charges recorded without it. */
  check: { input: string; address: string; chain: string; network: string; idempotencyKey?: string } | null;
}

/**
 * What the charge sweeper does with a charge whose check never started: request the check the way
 * the API would have (from what the charge recorded, dated to the charge), or, when the charge
 * recorded no request, refund it.
 */
export function sweepCharge(
  charge: PendingCharge,
): { kind: 'request'; command: Extract<CheckCommand, { type: 'RequestCheck' }> } | { kind: 'refund'; reason: string } {
  if (!charge.check) return { kind: 'refund', reason: 'The check could not be started' };
  const network = charge.check.network as Network;
  const parsed = parseAddress(charge.check.input, network);
  return {
    kind: 'request',
    command: {
      type: 'RequestCheck',
      data: {
        checkId: charge.checkId,
        userId: charge.userId,
        input: charge.check.input,
        address: charge.check.address,
        chain: charge.check.chain as Chain,
        network,
        chargeSource: charge.source,
        ...(charge.check.idempotencyKey ? { idempotencyKey: charge.check.idempotencyKey } : {}),
        // The charge keeps the input, not the tag: the tag of an X-address input, as the API records it.
        ...(parsed.ok && typeof parsed.address.tag === 'number' ? { destinationTag: parsed.address.tag } : {}),
      },
      metadata: { now: charge.chargedAt },
    },
  };
}

/** The refund reason of a check that came back Incomplete (as the balance history shows it). */
export const INCOMPLETE_REFUND_REASON = 'The check came back Incomplete: the data it needs was unavailable';

/**
 * Whether a settled check gives its charge back, and why: a check that failed, or that completed
 * without the evidence to give a verdict (Incomplete), delivered no verdict and costs nothing. A
 * check that completed with a verdict (High on a finding even with evidence missing) is kept.
 * Null for every other event, and for a verdict delivered.
 */
export function refundOwed(event: CheckEvent): { checkId: string; userId: string; reason: string } | null {
  if (event.type === 'WalletCheckFailed') return { checkId: event.data.checkId, userId: event.data.userId, reason: event.data.reason };
  if (event.type === 'WalletCheckCompleted' && isIncompleteVerdict(event.data.result)) {
    return { checkId: event.data.checkId, userId: event.data.userId, reason: INCOMPLETE_REFUND_REASON };
  }
  return null;
}
