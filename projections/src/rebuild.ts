import type { Logger, MessageBus, ReadStore } from '@walletscreen/platform';
import type { ReadModelGenerations } from './generations';
import { collectionsOf, type ReadModelProjection } from './projection';
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
  projections: readonly ReadModelProjection[];
  head: () => Promise<number>;
  logger: Logger;
  timeoutMs?: number;
}): Promise<RebuildResult> {
  const started = performance.now();
  const collections = collectionsOf(deps.projections);
  await deps.readStore.reset(
    collections,
    deps.projections.map((p) => p.name),
  );
  const runner = await startProjections({ bus: deps.bus, readStore: deps.readStore, projections: deps.projections, logger: deps.logger });
  const position = await deps.head();
  try {
    await runner.waitFor(position, deps.timeoutMs ?? 3_600_000);
  } finally {
    await runner.stop();
  }
  return { projections: deps.projections.map((p) => p.name), collections, position, ms: Math.round(performance.now() - started) };
}

/**
 * The rebuild while processes keep serving (the distributed profile): the read models are rebuilt
 * as the next generation beside the live one (generations.ts), the pointer is moved to it once it
 * is complete, and the previous generation is dropped `dropAfterMs` later, once every process that
 * follows the pointer has switched. Only the projections process must be stopped meanwhile (it
 * would keep folding into the old generation); API replicas and workers keep running.
 */
export async function rebuildNextGeneration(deps: {
  bus: MessageBus;
  generations: ReadModelGenerations;
  projections: readonly ReadModelProjection[];
  head: () => Promise<number>;
  logger: Logger;
  timeoutMs?: number;
  /** How long the previous generation is kept after the switch (processes follow the pointer every second). */
  dropAfterMs?: number;
}): Promise<RebuildResult & { generation: number }> {
  const previous = await deps.generations.refresh();
  const generation = previous + 1;
  // rebuildProjections drops whatever an interrupted earlier rebuild left in this generation first.
  const result = await rebuildProjections({ ...deps, readStore: deps.generations.at(generation) });
  await deps.generations.switchTo(generation);
  await new Promise((resolve) => setTimeout(resolve, deps.dropAfterMs ?? 5_000));
  await deps.generations.drop(previous);
  return { ...result, generation };
}
