import fc from 'fast-check';
import { GENESIS_HASH, canonicalEvent, canonicalJson, chainWalkPace, eventHash, verifiedHeadProblem, verifyChain, type ChainSource } from './hash-chain';
import type { RecordedEvent } from './port';

describe('canonicalJson', () => {
  it('sorts keys at every depth and leaves no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: true, y: null }], c: 'x' } })).toBe('{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}');
  });

  it('renders a value and its JSON round trip the same (toJSON, undefined members, undefined array items)', () => {
    const value = { when: new Date('2026-01-02T03:04:05.000Z'), gone: undefined, list: [undefined, 1.5, -0, 'é"\\'], n: 1e21 };
    expect(canonicalJson(value)).toBe(canonicalJson(JSON.parse(JSON.stringify(value))));
    expect(canonicalJson(value)).toBe('{"list":[null,1.5,0,"é\\"\\\\"],"n":1e+21,"when":"2026-01-02T03:04:05.000Z"}');
  });

  it('does not depend on the order keys were written in', () => {
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('renders generated values exactly as the renderer every existing chain was hashed with did', () => {
    // Undefined members and items, Dates (toJSON), keys in any order and any code units, -0, big and tiny numbers.
    const value = fc.letrec((tie) => ({
      any: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue(),
        tie('object'),
        tie('array'),
        fc.constant(undefined),
        fc.date({ noInvalidDate: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      ),
      object: fc.dictionary(fc.string({ unit: 'binary' }), tie('any'), { maxKeys: 6 }),
      array: fc.array(tie('any'), { maxLength: 5 }),
    })).any;
    fc.assert(
      fc.property(value, (v) => expect(canonicalJson(v)).toBe(earlierRender(v) ?? 'null')),
      { numRuns: 500 },
    );
  });
});

/** The recursive renderer of the chain up to issue 13, kept as the reference the stored hashes were computed with. */
function earlierRender(value: unknown): string | undefined {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function')
    value = (value as { toJSON: () => unknown }).toJSON();
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v) => earlierRender(v) ?? 'null').join(',')}]`;
      const record = value as Record<string, unknown>;
      const parts: string[] = [];
      for (const key of Object.keys(record).sort()) {
        const v = earlierRender(record[key]);
        if (v !== undefined) parts.push(`${JSON.stringify(key)}:${v}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      return undefined;
  }
}

const base = { streamId: 'user-1', type: 'UserRegistered', metadata: {}, recordedAt: '2026-11-22T10:00:00.000Z' };

/** A chain of n events built the way the store builds it. */
function chain(n: number): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  let prev = GENESIS_HASH;
  for (let i = 1; i <= n; i++) {
    const e = { ...base, position: i, revision: i - 1, id: `e-${i}`, data: { i, userId: '1' } };
    const hash = eventHash(prev, e);
    events.push({ ...e, prevHash: prev, hash });
    prev = hash;
  }
  return events;
}
const source = (events: RecordedEvent[], lastAssigned?: number): ChainSource => ({
  readAll: async (o = {}) => events.filter((e) => e.position > (o.after ?? 0)).slice(0, o.maxCount ?? undefined),
  ...(lastAssigned === undefined ? {} : { lastAssignedPosition: async () => lastAssigned }),
});

describe('the hash chain', () => {
  it('hashes the previous hash followed by the canonical event', () => {
    const e = chain(1)[0]!;
    expect(canonicalEvent(e)).toBe(
      '{"data":{"i":1,"userId":"1"},"id":"e-1","metadata":{},"position":1,"recordedAt":"2026-11-22T10:00:00.000Z","revision":0,"streamId":"user-1","type":"UserRegistered"}',
    );
    expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(eventHash(GENESIS_HASH, { ...e, recordedAt: '2026-11-22T10:00:00.001Z' })).not.toBe(e.hash);
  });

  it('verifies an intact chain and reports its count and head', async () => {
    const events = chain(5);
    await expect(verifyChain(source(events, 5), { pageSize: 2 })).resolves.toEqual({
      ok: true,
      count: 5,
      headPosition: 5,
      headHash: events[4]!.hash,
      problem: null,
      skipped: [],
    });
    await expect(verifyChain(source([]))).resolves.toMatchObject({ ok: true, count: 0, headHash: GENESIS_HASH });
  });

  it('waits for its pace after every page it read, told how long the page took', async () => {
    const paced: number[] = [];
    const result = await verifyChain(source(chain(5), 5), { pageSize: 2, pace: async (ms) => void paced.push(ms) });
    expect(result.ok).toBe(true);
    // Pages of 2, 2 and 1 events, then the empty read that ends the walk.
    expect(paced).toHaveLength(3);
    for (const ms of paced) expect(ms).toBeGreaterThanOrEqual(0);
  });

  it('paces a walk to a share of one core: a page that took t ms is followed by t × (1 − share) / share ms, at most the cap', async () => {
    jest.useFakeTimers();
    try {
      let settled = false;
      void chainWalkPace(0.1, 1_000)(20).then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(179);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      settled = false;
      void chainWalkPace(0.1, 1_000)(500).then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(1_000);
      expect(settled).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('names an altered event', async () => {
    const events = chain(5);
    events[2] = { ...events[2]!, data: { i: 3, userId: '2' } };
    const result = await verifyChain(source(events));
    expect(result).toMatchObject({
      ok: false,
      count: 2,
      headPosition: 2,
      problem: { kind: 'hash-mismatch', position: 3, streamId: 'user-1', type: 'UserRegistered', eventId: 'e-3' },
    });
  });

  it('names the event after a removed one, with the missing position', async () => {
    const events = chain(5);
    events.splice(1, 1);
    const result = await verifyChain(source(events));
    expect(result.problem).toMatchObject({ kind: 'position-gap', position: 3, expected: 2, actual: 3 });
    expect(result.problem?.message).toContain('position 2 missing');
  });

  it('names an inserted event whose link does not fit, and one without a hash', async () => {
    const events = chain(3);
    const forged = { ...base, position: 4, revision: 3, id: 'forged', data: {} };
    const withWrongLink = [...events, { ...forged, prevHash: GENESIS_HASH, hash: eventHash(GENESIS_HASH, forged) }];
    await expect(verifyChain(source(withWrongLink))).resolves.toMatchObject({ problem: { kind: 'broken-link', position: 4, eventId: 'forged' } });
    await expect(verifyChain(source([...events, forged]))).resolves.toMatchObject({ problem: { kind: 'missing-hash', position: 4 } });
  });

  it('walks on to an event appended between the last page and the question how far positions went (a live store)', async () => {
    const all = chain(4);
    const live = all.slice(0, 3);
    const appending: ChainSource = {
      readAll: async (o = {}) => live.filter((e) => e.position > (o.after ?? 0)).slice(0, o.maxCount ?? undefined),
      lastAssignedPosition: async () => {
        if (live.length === 3) live.push(all[3]!);
        return live.length;
      },
    };
    await expect(verifyChain(appending)).resolves.toMatchObject({ ok: true, count: 4, headPosition: 4 });
  });

  it('notices events removed from the end when the store knows how far positions went', async () => {
    const events = chain(4);
    await expect(verifyChain(source(events.slice(0, 3), 4))).resolves.toMatchObject({ ok: false, problem: { kind: 'truncated', position: 3, expected: 4 } });
  });
});

describe('verifying on from a verified head, past acknowledged breaks', () => {
  it('reads only the events after the head, trusting those before it', async () => {
    const events = chain(6);
    const read: number[] = [];
    const counting: ChainSource = {
      readAll: async (o = {}) => {
        const page = events.filter((e) => e.position > (o.after ?? 0)).slice(0, o.maxCount ?? undefined);
        read.push(...page.map((e) => e.position));
        return page;
      },
    };
    // An edit before the head is not seen by this walk (the full walk, and the head's own check, are there for that).
    events[1] = { ...events[1]!, data: { i: 2, userId: 'forged' } };
    const result = await verifyChain(counting, { from: { position: 4, hash: events[3]!.hash! } });
    expect(result).toMatchObject({ ok: true, count: 2, headPosition: 6, headHash: events[5]!.hash });
    expect(read).toEqual([5, 6]);
    // Walking on from a head with another hash breaks at the next event's link.
    await expect(verifyChain(counting, { from: { position: 4, hash: GENESIS_HASH } })).resolves.toMatchObject({
      problem: { kind: 'broken-link', position: 5 },
    });
  });

  it('checks that the head still holds: there, with its hash, its content unchanged', async () => {
    const events = chain(5);
    const head = { position: 4, hash: events[3]!.hash! };
    await expect(verifiedHeadProblem(source(events), head)).resolves.toBeNull();
    await expect(verifiedHeadProblem(source(events), { position: 0, hash: GENESIS_HASH })).resolves.toBeNull();
    const edited = events.map((e) => (e.position === 4 ? { ...e, data: { i: 4, userId: 'forged' } } : e));
    await expect(verifiedHeadProblem(source(edited), head)).resolves.toMatchObject({ kind: 'hash-mismatch', position: 4 });
    // The whole chain recomputed after an edit of event 2: consistent, but event 4's hash is not the one verified.
    const rewritten = chain(5);
    rewritten[1] = { ...rewritten[1]!, data: { i: 2, userId: 'forged' } };
    let prev = GENESIS_HASH;
    for (const e of rewritten) {
      e.prevHash = prev;
      e.hash = eventHash(prev, e);
      prev = e.hash;
    }
    await expect(verifyChain(source(rewritten))).resolves.toMatchObject({ ok: true });
    await expect(verifiedHeadProblem(source(rewritten), head)).resolves.toMatchObject({ kind: 'rewritten', position: 4, expected: head.hash });
    await expect(verifiedHeadProblem(source(events.slice(0, 3)), head)).resolves.toMatchObject({ kind: 'rewritten', position: 4, actual: null });
  });

  it('passes over an acknowledged altered event and goes on from its recorded hash', async () => {
    const events = chain(5);
    events[2] = { ...events[2]!, data: { i: 3, userId: 'forged' } };
    const problem = (await verifyChain(source(events))).problem!;
    const result = await verifyChain(source(events), { acknowledged: [{ position: 3, kind: 'hash-mismatch' }] });
    expect(result).toMatchObject({ ok: true, count: 5, headPosition: 5, headHash: events[4]!.hash, skipped: [problem] });
    // Acknowledging another kind, or another position, passes over nothing.
    await expect(verifyChain(source(events), { acknowledged: [{ position: 3, kind: 'broken-link' }] })).resolves.toMatchObject({
      ok: false,
      problem: { position: 3 },
    });
    // A second break after it is still found.
    events[3] = { ...events[3]!, data: { i: 4, userId: 'forged' } };
    await expect(verifyChain(source(events), { acknowledged: [{ position: 3, kind: 'hash-mismatch' }] })).resolves.toMatchObject({
      ok: false,
      headPosition: 3,
      problem: { kind: 'hash-mismatch', position: 4 },
    });
  });

  it('passes over an acknowledged removal, an inserted event and a truncation with the appends after it', async () => {
    const events = chain(6);
    const removed = events.filter((e) => e.position !== 3);
    await expect(verifyChain(source(removed), { acknowledged: [{ position: 4, kind: 'position-gap' }] })).resolves.toMatchObject({
      ok: true,
      count: 5,
      headPosition: 6,
      skipped: [{ kind: 'position-gap', position: 4 }],
    });

    // A row inserted without a hash, and the store's next append chaining on from the genesis hash.
    const three = chain(3);
    const inserted = { ...base, position: 4, revision: 3, id: 'inserted', data: {} };
    const next = { ...base, position: 5, revision: 4, id: 'next', data: {} };
    const appended = { ...next, prevHash: GENESIS_HASH, hash: eventHash(GENESIS_HASH, next) };
    await expect(verifyChain(source([...three, inserted, appended]), { acknowledged: [{ position: 4, kind: 'missing-hash' }] })).resolves.toMatchObject({
      ok: true,
      headPosition: 5,
    });

    // Events 5 and 6 removed from the end; acknowledged, then an append at 7 (the store's next position) links to 4.
    const cut = chain(4);
    await expect(verifyChain(source(cut, 6))).resolves.toMatchObject({ ok: false, problem: { kind: 'truncated', position: 4 } });
    const seven = { ...base, position: 7, revision: 4, id: 'seven', data: {} };
    const after = [...cut, { ...seven, prevHash: cut[3]!.hash, hash: eventHash(cut[3]!.hash!, seven) }];
    await expect(verifyChain(source(cut, 6), { acknowledged: [{ position: 4, kind: 'truncated' }] })).resolves.toMatchObject({ ok: true, headPosition: 4 });
    await expect(verifyChain(source(after, 7), { acknowledged: [{ position: 4, kind: 'truncated' }] })).resolves.toMatchObject({ ok: true, headPosition: 7 });
    await expect(verifyChain(source(after, 7))).resolves.toMatchObject({ ok: false, problem: { kind: 'position-gap', position: 7 } });
  });
});
