import { Writable } from 'node:stream';
import { drainedOrClosed } from './drain';

/** A stream that takes one small chunk at a time, a little later: a slow client. */
const slowClient = () =>
  new Writable({
    highWaterMark: 4,
    write(_chunk, _encoding, callback) {
      setImmediate(callback);
    },
  });

describe('waiting for a streamed answer to drain', () => {
  it('leaves no listener behind however often it waits', async () => {
    const out = slowClient();
    const before = { close: out.listenerCount('close'), drain: out.listenerCount('drain') };
    for (let i = 0; i < 50; i++) {
      expect(out.write('0123456789')).toBe(false);
      await drainedOrClosed(out);
    }
    expect({ close: out.listenerCount('close'), drain: out.listenerCount('drain') }).toEqual(before);
  });

  it('lets go when the client goes away instead of waiting for a drain that never comes', async () => {
    const out = new Writable({ highWaterMark: 4, write: () => undefined }); // never takes the chunk
    expect(out.write('0123456789')).toBe(false);
    const waiting = drainedOrClosed(out);
    out.destroy();
    await waiting;
    expect(out.listenerCount('drain')).toBe(0);
  });
});
