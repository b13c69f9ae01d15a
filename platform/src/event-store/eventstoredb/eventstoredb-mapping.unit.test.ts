import { ANY, NO_STREAM, START, STREAM_EXISTS } from '@eventstore/db-client';
import {
  APPLICATION_STREAMS_REGEX,
  fromClientRevision,
  isApplicationEvent,
  matchesFilter,
  toClientExpectedRevision,
  toPortPosition,
  toReadPosition,
  toRecordedEvent,
} from './mapping';
import { clientConnectionString } from './eventstoredb-event-store';

describe('EventStoreDB mapping: expected revisions', () => {
  it('maps no-stream, stream-exists, any and exact revisions to the client constants and BigInt', () => {
    expect(toClientExpectedRevision('no-stream')).toBe(NO_STREAM);
    expect(toClientExpectedRevision('stream-exists')).toBe(STREAM_EXISTS);
    expect(toClientExpectedRevision('any')).toBe(ANY);
    expect(toClientExpectedRevision(0)).toBe(0n);
    expect(toClientExpectedRevision(41)).toBe(41n);
  });

  it('rejects revisions that are not integers >= 0', () => {
    expect(() => toClientExpectedRevision(-1)).toThrow(RangeError);
    expect(() => toClientExpectedRevision(1.5)).toThrow(RangeError);
    expect(() => toClientExpectedRevision(Number.NaN)).toThrow(RangeError);
  });

  it("maps the server's actual revision back: bigint to number, no_stream (or nothing) to 'no-stream'", () => {
    expect(fromClientRevision(7n)).toBe(7);
    expect(fromClientRevision(NO_STREAM)).toBe('no-stream');
    expect(fromClientRevision(undefined)).toBe('no-stream');
  });
});

describe('EventStoreDB mapping: positions', () => {
  it('uses the commit position as our global position', () => {
    expect(toPortPosition({ commit: 1234n, prepare: 1234n })).toBe(1234);
    expect(() => toPortPosition({ commit: 2n ** 60n, prepare: 2n ** 60n })).toThrow(RangeError);
  });

  it('maps "after" back to a read position with commit = prepare, and 0 to the start', () => {
    expect(toReadPosition(undefined)).toBe(START);
    expect(toReadPosition(0)).toBe(START);
    expect(toReadPosition(1234)).toEqual({ commit: 1234n, prepare: 1234n });
    expect(() => toReadPosition(1.5)).toThrow(RangeError);
  });

  it('round-trips an event position through a checkpoint', () => {
    const position = { commit: 987_654_321n, prepare: 987_654_321n };
    expect(toReadPosition(toPortPosition(position))).toEqual(position);
  });
});

describe('EventStoreDB mapping: which events are ours', () => {
  it('excludes system streams, system event types and the id-claim streams', () => {
    expect(isApplicationEvent('user-1', 'UserRegistered')).toBe(true);
    expect(isApplicationEvent('$stats-0.0.0.0:2113', 'StatsCollected')).toBe(false);
    expect(isApplicationEvent('$ce-user', '$>')).toBe(false);
    expect(isApplicationEvent('user-1', '$metadata')).toBe(false);
    expect(isApplicationEvent('ws-eventid-6f1c', 'EventIdClaimed')).toBe(false);
  });

  it('has a server-side stream regex that agrees', () => {
    const re = new RegExp(APPLICATION_STREAMS_REGEX);
    expect(re.test('user-1')).toBe(true);
    expect(re.test('$all')).toBe(false);
    expect(re.test('ws-eventid-6f1c')).toBe(false);
  });

  it('applies event-type and stream-prefix filters', () => {
    const e = { streamId: 'check-1', type: 'WalletCheckRequested' };
    expect(matchesFilter(e, undefined)).toBe(true);
    expect(matchesFilter(e, { eventTypes: ['WalletCheckRequested'] })).toBe(true);
    expect(matchesFilter(e, { eventTypes: ['Other'] })).toBe(false);
    expect(matchesFilter(e, { streamPrefixes: ['user-', 'check-'] })).toBe(true);
    expect(matchesFilter(e, { streamPrefixes: ['user-'] })).toBe(false);
    expect(matchesFilter(e, { eventTypes: [], streamPrefixes: [] })).toBe(true);
  });
});

describe('EventStoreDB mapping: recorded events', () => {
  const base = {
    streamId: 'user-1',
    id: '6F1C0B7E-6C1E-4C39-9B8A-2D3A2C1B0A99',
    revision: 3n,
    type: 'UserRegistered',
    created: new Date('2026-01-02T03:04:05.678Z'),
    position: { commit: 5000n, prepare: 5000n },
  };

  it('maps a JSON event', () => {
    expect(toRecordedEvent({ ...base, isJson: true, data: { a: 1 }, metadata: { by: 'x' } })).toEqual({
      id: '6f1c0b7e-6c1e-4c39-9b8a-2d3a2c1b0a99',
      type: 'UserRegistered',
      data: { a: 1 },
      metadata: { by: 'x' },
      streamId: 'user-1',
      revision: 3,
      position: 5000,
      recordedAt: '2026-01-02T03:04:05.678Z',
    });
  });

  it('parses binary JSON and defaults missing metadata to {}', () => {
    const e = toRecordedEvent({ ...base, isJson: false, data: Buffer.from('{"b":2}'), metadata: undefined });
    expect(e.data).toEqual({ b: 2 });
    expect(e.metadata).toEqual({});
    expect(e.hash).toBeUndefined();
  });

  it('needs a $all position', () => {
    expect(() => toRecordedEvent({ ...base, position: undefined, isJson: true, data: {} })).toThrow(/position/);
  });
});

describe('EventStoreDB connection strings', () => {
  it('rewrites kurrentdb:// (testcontainers) to the esdb:// the v6 client parses', () => {
    expect(clientConnectionString('kurrentdb://localhost:32768?tls=false')).toBe('esdb://localhost:32768?tls=false');
    expect(clientConnectionString('kurrentdb+discover://a:2113')).toBe('esdb+discover://a:2113');
    expect(clientConnectionString('esdb://127.0.0.1:2113?tls=false')).toBe('esdb://127.0.0.1:2113?tls=false');
  });
});
