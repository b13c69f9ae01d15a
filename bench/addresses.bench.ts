/**
 * Address detection at scale (issue 11): for every supported address type and network,
 * BENCH_ADDRESSES random valid addresses (contracts/src/addresses/random-addresses.ts: encoded from
 * random bytes with @scure/base, the reading each must give alongside), each parsed with
 * `parseAddress` and compared with that reading. Per type: how many parsed correctly, how many
 * were misdetected (accepted as another chain, network, kind, normalized form or tag) and how many
 * were refused, and the parse rate (only `parseAddress` is timed, not the generation). Any
 * misdetection or refusal prints its first examples and makes the run exit non-zero.
 *
 *   BENCH_ADDRESSES (1000000 per type), BENCH_ADDRESS_TYPES (comma-separated type names; all by default)
 */
import { randomFillSync } from 'node:crypto';
import { cpus } from 'node:os';
import { parseAddress, type ParsedAddress } from '@walletscreen/contracts';
import { addressTypes, type AddressSample } from '@walletscreen/contracts/addresses/random-addresses';

const PER_TYPE = Number(process.env.BENCH_ADDRESSES ?? 1_000_000);
const BATCH = 10_000;
const wanted = process.env.BENCH_ADDRESS_TYPES?.split(',')
  .map((t) => t.trim())
  .filter(Boolean);

const same = (a: ParsedAddress, e: AddressSample['expected']) =>
  a.chain === e.chain && a.network === e.network && a.kind === e.kind && a.normalized === e.normalized && a.tag === e.tag && a.xAddress === e.xAddress;

export async function run(): Promise<Record<string, number | string>> {
  const types = wanted ? addressTypes.filter((t) => wanted.includes(t.name)) : addressTypes;
  if (types.length === 0) throw new Error(`no such address types: ${wanted?.join(', ')}; available: ${addressTypes.map((t) => t.name).join(', ')}`);
  const results: Record<string, number | string> = {
    conditions: `${PER_TYPE.toLocaleString('en-US')} random addresses per type, batches of ${BATCH.toLocaleString('en-US')}, one thread, node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}`,
  };
  let misdetectedTotal = 0;
  let refusedTotal = 0;
  let parsedTotal = 0;
  let parseMsTotal = 0;
  for (const type of types) {
    const random = Buffer.alloc(type.bytes * BATCH);
    const samples = new Array<AddressSample>(BATCH);
    const parsed = new Array<ReturnType<typeof parseAddress>>(BATCH);
    let correct = 0;
    let misdetected = 0;
    let refused = 0;
    let parseMs = 0;
    const examples: string[] = [];
    for (let done = 0; done < PER_TYPE;) {
      const n = Math.min(BATCH, PER_TYPE - done);
      randomFillSync(random);
      for (let i = 0; i < n; i++) samples[i] = type.make(random.subarray(i * type.bytes, (i + 1) * type.bytes));
      const start = performance.now();
      for (let i = 0; i < n; i++) parsed[i] = parseAddress(samples[i]!.input, samples[i]!.network);
      parseMs += performance.now() - start;
      for (let i = 0; i < n; i++) {
        const result = parsed[i]!;
        const sample = samples[i]!;
        if (result.ok && same(result.address, sample.expected)) correct++;
        else {
          if (result.ok) misdetected++;
          else refused++;
          if (examples.length < 3) examples.push(`${sample.input}${sample.network ? ` (${sample.network})` : ''} → ${JSON.stringify(result)}`);
        }
      }
      done += n;
    }
    for (const example of examples) console.log(`  ${type.name}: ${example}`);
    results[type.name] =
      `${correct.toLocaleString('en-US')} correct, ${misdetected} misdetected, ${refused} refused, ${Math.round((PER_TYPE / parseMs) * 1000).toLocaleString('en-US')} parses/s`;
    misdetectedTotal += misdetected;
    refusedTotal += refused;
    parsedTotal += PER_TYPE;
    parseMsTotal += parseMs;
  }
  results['all types: addresses parsed'] = parsedTotal;
  results['all types: misdetected'] = misdetectedTotal;
  results['all types: refused'] = refusedTotal;
  results['all types: parses/s'] = Math.round((parsedTotal / parseMsTotal) * 1000);
  if (misdetectedTotal + refusedTotal > 0) process.exitCode = 1;
  return results;
}
