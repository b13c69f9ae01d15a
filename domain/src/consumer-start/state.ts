/** The consumers' recorded starts, folded from `consumer-starts`: by consumer, then event type. */
import type { ConsumerStart, ConsumerStartEvent } from './events';

export interface ConsumerStartsState {
  starts: ReadonlyMap<string, ReadonlyMap<string, ConsumerStart>>;
}

export const initialConsumerStartsState: ConsumerStartsState = { starts: new Map() };

export function evolveConsumerStarts(state: ConsumerStartsState, event: ConsumerStartEvent): ConsumerStartsState {
  switch (event.type) {
    case 'ConsumerStartsRecorded': {
      const starts = new Map(state.starts);
      for (const start of event.data.starts) {
        const types = new Map(starts.get(start.consumer));
        if (!types.has(start.eventType)) types.set(start.eventType, start);
        starts.set(start.consumer, types);
      }
      return { starts };
    }
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}
