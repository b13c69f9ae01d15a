/**
 * The stream browser's stops: each event of a stream is one (its global position), and the state
 * "as of position N" is the state after the last event at or before N.
 */
import type { StreamEvent } from '@walletscreen/contracts';

export interface PositionStop {
  position: number;
  revision: number;
  /** The event's human name. */
  name: string;
  label: string;
}

/** One stop per event, in stream order: "Position 12 · rev 0 · User registered". */
export function positionStops(events: readonly Pick<StreamEvent, 'position' | 'revision' | 'name'>[]): PositionStop[] {
  return [...events]
    .sort((a, b) => a.position - b.position)
    .map((e) => ({ position: e.position, revision: e.revision, name: e.name, label: `Position ${e.position} · revision ${e.revision} · ${e.name}` }));
}

/**
 * The index of the stop a position falls on: the last stop at or before it; the last stop when no
 * position is asked for; -1 when the position is before the stream's first event (or it has none).
 */
export function stopIndexAt(stops: readonly PositionStop[], position: number | null): number {
  if (position === null) return stops.length - 1;
  let index = -1;
  for (let i = 0; i < stops.length && stops[i]!.position <= position; i++) index = i;
  return index;
}

/** `?position=` as a whole non-negative number, or null when it is absent or not one. */
export function parsePositionParam(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** Stream-id prefixes the server accepts (letters, digits and . _ : @ + -). */
export function isValidStreamPrefix(prefix: string): boolean {
  return prefix.length <= 100 && /^[A-Za-z0-9._:@+-]*$/.test(prefix);
}

/** The kind a prefix names: the one whose prefix it starts with (the longest); null for none. */
export function kindOfPrefix<K extends { kind: string; prefix: string }>(kinds: readonly K[], prefix: string): K | null {
  let best: K | null = null;
  for (const k of kinds) if (k.prefix !== '' && prefix.startsWith(k.prefix) && (!best || k.prefix.length > best.prefix.length)) best = k;
  return best;
}
