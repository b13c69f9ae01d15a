import type { RecordedEvent } from '@walletscreen/platform';
import { browseStream, streamKind, streamKindOf } from './streams';

const counter = streamKind<number>('counter', 'counter-', { types: new Set(['Added']), initialState: 0, evolve: (n, e) => n + (e.data as { by: number }).by });
const kinds = [
  counter,
  streamKind('custom', 'custom-', null),
  streamKind<string[]>('custom-list', 'custom-list-', {
    types: new Set(['Named']),
    initialState: [],
    evolve: (s, e) => [...s, (e.data as { name: string }).name],
  }),
];

let position = 0;
const recorded = (streamId: string, type: string, data: unknown): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data,
  metadata: {},
  streamId,
  revision: position - 1,
  position: position * 10,
  recordedAt: '2026-11-25T03:00:00.000Z',
});

describe('the stream browser fold', () => {
  it('picks the kind with the longest prefix a stream id starts with', () => {
    expect(streamKindOf(kinds, 'custom-list-1')?.kind).toBe('custom-list');
    expect(streamKindOf(kinds, 'custom-2')?.kind).toBe('custom');
    expect(streamKindOf(kinds, 'case-1')).toBeNull();
  });

  it("folds the events up to a global position with the kind's own evolve, skipping types it does not fold", () => {
    position = 0;
    const events = [recorded('counter-a', 'Added', { by: 2 }), recorded('counter-a', 'Noted', {}), recorded('counter-a', 'Added', { by: 3 })];
    expect(browseStream(kinds, 'counter-a', events, 20)).toMatchObject({ kind: 'counter', state: 2, total_events: 3, folds: true, note: null });
    expect(browseStream(kinds, 'counter-a', events, 20).events.map((e) => e.type)).toEqual(['Added', 'Noted']);
    expect(browseStream(kinds, 'counter-a', events, 30).state).toBe(5);
    expect(browseStream(kinds, 'counter-a', events, 0)).toMatchObject({ events: [], state: 0 });
  });

  it('lists the events of a stream with no fold or no kind, with no state, saying so', () => {
    position = 0;
    const events = [recorded('custom-x', 'Something', { passwordHash: 'secret' })];
    expect(browseStream(kinds, 'custom-x', events, 10)).toMatchObject({ kind: 'custom', state: null, folds: false, note: expect.stringContaining('no fold') });
    const other = browseStream(kinds, 'case-1', events, 10);
    expect(other).toMatchObject({ kind: null, state: null, folds: false, note: expect.stringContaining('no known kind') });
    expect(other.events[0]).toMatchObject({ name: 'Something', data: { passwordHash: '[REDACTED]' }, hash: null, prev_hash: null });
  });
});
