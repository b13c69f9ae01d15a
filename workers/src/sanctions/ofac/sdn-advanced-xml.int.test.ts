import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseOfacChunks } from './parse';

const fixture = (name: string) => path.resolve(__dirname, '../../../test-fixtures/sanctions', name);

describe('a list the size of the real SDN_ADVANCED.XML', () => {
  it('is parsed as a stream, never held whole in memory', async () => {
    // The fixture with 180,000 more parties (no addresses) spliced in: ~120 MB, made on the fly.
    const text = readFileSync(fixture('SDN_ADVANCED.XML'), 'utf8');
    const at = text.indexOf('</DistinctParties>');
    const template = text.slice(text.indexOf('<DistinctParty FixedRef="90415">'), at);
    const encoder = new TextEncoder();
    let bytes = 0;
    let peakHeap = 0;
    async function* file() {
      yield encoder.encode(text.slice(0, at));
      let batch = '';
      for (let i = 0; i < 180_000; i++) {
        batch += template.replaceAll('90415', String(200_000 + i));
        if (batch.length > 1 << 20) {
          const chunk = encoder.encode(batch);
          bytes += chunk.length;
          peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
          yield chunk;
          batch = '';
        }
      }
      yield encoder.encode(batch + text.slice(at));
    }
    const before = process.memoryUsage().heapUsed;
    const list = await parseOfacChunks(file());
    expect(bytes).toBeGreaterThan(100_000_000);
    expect(list.entries).toHaveLength(19);
    expect(list.publishedAt).toBe('2026-11-20');
    // Held whole, 100 MB of XML would be 200 MB of JavaScript string before any parsing.
    expect(peakHeap - before).toBeLessThan(100_000_000);
  });
});
