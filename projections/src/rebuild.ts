import type { Logger, MessageBus, ReadStore } from '@walletscreen/platform';
import type { Projection } from './projection';
import { startProjections } from './runner';

export interface RebuildResult {
  projections: string[];
  collections: string[];
  /** The global position every read model was rebuilt up to. */
  position: number;
  ms: number;
}

/**
 * Drops the read models of these projections (their collections, key indexes and checkpoints) and
 * replays the store from position 0 through the same runner the server uses, up to `head`.
 * Run it on a stopped server: a running one keeps its projections' positions in memory and would
 * fold again, on top of the rebuilt documents, what the rebuild already folded.
 */
export async function rebuildProjections(deps: {
  bus: MessageBus;
  readStore: ReadStore;
  projections: readonly Projection[];
  head: () => Promise<number>;
  logger: Logger;
  timeoutMs?: number;
}): Promise<RebuildResult> {
  const started = performance.now();
  const collections = [...new Set(deps.projections.flatMap((p) => [p.collection, ...(p.keyIndex ? [p.keyIndex.collection] : [])]))];
  await deps.readStore.reset(collections, deps.projections.map((p) => p.name));
  const runner = await startProjections({ bus: deps.bus, readStore: deps.readStore, projections: deps.projections, logger: deps.logger });
  const position = await deps.head();
  try {
    await runner.waitFor(position, deps.timeoutMs ?? 3_600_000);
  } finally {
    await runner.stop();
  }
  return { projections: deps.projections.map((p) => p.name), collections, position, ms: Math.round(performance.now() - started) };
}
