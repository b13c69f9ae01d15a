/**
 * The consumer starts' one command: record where each consumer starts each of its event types,
 * for those not recorded yet. The store's head and whether the bus kept progress for a consumer
 * come in on the command (the decider reads no store).
 */
import type { CommandMetadata, Decider } from '../decider';
import { consumerStartEvents, type ConsumerStart, type ConsumerStartEvent } from './events';
import { evolveConsumerStarts, initialConsumerStartsState, type ConsumerStartsState } from './state';

/** A consumer as the composition root knows it (platform's ConsumerDeclaration), and whether the bus kept progress for it. */
export interface ConsumerToStart {
  name: string;
  eventTypes: readonly string[];
  /** The types its progress covered in the builds before starts were recorded (all of `eventTypes` when absent). */
  typesBeforeStartsWereRecorded?: readonly string[];
  /** Whether the bus holds progress of this consumer's group (it ran on this store before). */
  hasProgress: boolean;
}

export type ConsumerStartsCommand = {
  type: 'RecordConsumerStarts';
  data: {
    consumers: readonly ConsumerToStart[];
    /** The store's head now. */
    head: number;
  };
  metadata: CommandMetadata;
};

/** Where a consumer starts a type not recorded yet, and why. */
function startOf(consumer: ConsumerToStart, eventType: string, recordedBefore: boolean, head: number): ConsumerStart {
  if (head === 0) return { consumer: consumer.name, eventType, after: 0, reason: 'empty-store' };
  // Only a consumer with no start recorded yet ran in the builds before starts were recorded; a
  // type new to a consumer whose starts are recorded came with a later build.
  const handledBefore = (consumer.typesBeforeStartsWereRecorded ?? consumer.eventTypes).includes(eventType);
  if (!recordedBefore && consumer.hasProgress && handledBefore) return { consumer: consumer.name, eventType, after: 0, reason: 'continues' };
  return { consumer: consumer.name, eventType, after: head, reason: 'store-head' };
}

export function decideConsumerStarts(command: ConsumerStartsCommand, state: ConsumerStartsState): ConsumerStartEvent[] {
  switch (command.type) {
    case 'RecordConsumerStarts': {
      const { consumers, head } = command.data;
      const starts: ConsumerStart[] = [];
      const seen = new Set<string>();
      for (const consumer of consumers) {
        const recorded = state.starts.get(consumer.name);
        for (const eventType of consumer.eventTypes) {
          const key = `${consumer.name}\u0000${eventType}`;
          if (recorded?.has(eventType) || seen.has(key)) continue;
          seen.add(key);
          starts.push(startOf(consumer, eventType, recorded !== undefined, head));
        }
      }
      return starts.length === 0 ? [] : [{ type: 'ConsumerStartsRecorded', data: { starts, head, at: command.metadata.now } }];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const consumerStartsDecider: Decider<ConsumerStartsState, ConsumerStartsCommand, ConsumerStartEvent> = {
  initialState: initialConsumerStartsState,
  evolve: evolveConsumerStarts,
  decide: decideConsumerStarts,
  types: consumerStartEvents.typeSet,
};
