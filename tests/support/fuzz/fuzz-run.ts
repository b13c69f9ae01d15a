/**
 * The fuzz run shared by tests/fuzz.int.test.ts (a bounded count) and bench/fuzz.bench.ts (a large
 * one): every operation of the OpenAPI document × every category of abuse that applies to it, each
 * a fast-check property whose oracles hold for every answer:
 *
 * - no 5xx, and an answer at all (the connection is not dropped without one);
 * - every 4xx is problem+json (RFC 9457, the project's shape: `title`, `status` = the HTTP status);
 * - the server answers its health call after each operation's requests.
 *
 * What the run cannot see from an answer is checked around it by the caller: prototype pollution
 * (`prototypeSnapshot`), state left alone by rejected requests (`rejectedRequestsAppend`) and memory
 * (`heapAfterGc`).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext, runInThisContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import {
  categoriesFor,
  describeRequest,
  fuzzOperations,
  fuzzRequest,
  type FuzzCategory,
  type FuzzContext,
  type FuzzOperation,
  type FuzzRequest,
} from './fuzz-requests';
import { rawRequest, type RawAnswer } from './raw-http';

export interface FuzzTarget extends FuzzContext {
  host: string;
  port: number;
}

export interface FuzzStats {
  sent: number;
  byStatus: Record<string, number>;
  latenciesMs: number[];
  /** Operations (`POST /api/keys`) that were sent at least one request. */
  covered: Set<string>;
  /** One line per broken oracle (or per failing property, with fast-check's seed and path to replay it). */
  violations: string[];
}

export const emptyStats = (): FuzzStats => ({ sent: 0, byStatus: {}, latenciesMs: [], covered: new Set(), violations: [] });

/** What is wrong with this answer, if anything. */
export function answerProblems(request: FuzzRequest, answer: RawAnswer): string[] {
  if (answer.status === 0) return [`no answer (${answer.error ?? 'connection closed'})`];
  if (answer.status >= 500) return [`${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`];
  if (answer.status < 400 || request.method === 'HEAD') return [];
  const problems: string[] = [];
  const type = answer.headers['content-type'] ?? '';
  if (!type.startsWith('application/problem+json'))
    problems.push(`${answer.status} answered as ${type || 'no content type'}, not application/problem+json: ${answer.body.toString('utf8').slice(0, 200)}`);
  let body: { title?: unknown; status?: unknown } = {};
  try {
    body = JSON.parse(answer.body.toString('utf8')) as typeof body;
  } catch {
    problems.push(`${answer.status} with a body that is not JSON`);
  }
  if (typeof body.title !== 'string' || body.title === '') problems.push(`${answer.status} problem without a title`);
  if (body.status !== answer.status) problems.push(`${answer.status} problem whose status says ${String(body.status)}`);
  return problems;
}

export async function send(target: FuzzTarget, request: FuzzRequest, stats: FuzzStats): Promise<RawAnswer> {
  const answer = await rawRequest(target.host, target.port, request);
  stats.sent++;
  stats.covered.add(request.operation);
  stats.byStatus[answer.status] = (stats.byStatus[answer.status] ?? 0) + 1;
  stats.latenciesMs.push(answer.ms);
  return answer;
}

export async function healthy(target: FuzzTarget): Promise<boolean> {
  const answer = await rawRequest(target.host, target.port, { method: 'GET', target: '/api/health', headers: [] }, 10_000);
  return answer.status === 200;
}

/** The operations of the document, optionally only those whose key contains `only` (to replay one). */
export const operationsToFuzz = (target: FuzzTarget, only?: string): FuzzOperation[] =>
  fuzzOperations(target.doc).filter((op) => !only || op.key.includes(only));

/**
 * Runs `runs` requests of every category for every operation. A property that fails is recorded
 * with what fast-check prints to replay it (seed, path, the request); the run goes on with the next.
 */
export async function fuzzOperationsOnce(
  target: FuzzTarget,
  options: { seed: number; runs: number; only?: string; stats: FuzzStats; afterOperation?: (op: FuzzOperation, index: number) => Promise<void> },
): Promise<void> {
  const operations = operationsToFuzz(target, options.only);
  for (const [index, op] of operations.entries()) {
    for (const category of categoriesFor(op)) {
      const property = fc.asyncProperty(fuzzRequest(op, category, target), async (request) => {
        const answer = await send(target, request, options.stats);
        const problems = answerProblems(request, answer);
        if (problems.length > 0) throw new Error(`${problems.join('; ')}\n    request: ${describeRequest(request)}`);
      });
      let result: fc.RunDetails<[FuzzRequest]>;
      try {
        result = await fc.check(property, { numRuns: options.runs, seed: options.seed, endOnFailure: true });
      } catch (error) {
        // fast-check reports a property that fails; a generator that throws escapes it.
        options.stats.violations.push(
          `${op.key} [${category}]: the request generator threw ${String(error)}\n    replay: FUZZ_SEED=${options.seed} FUZZ_ONLY="${op.key}"`,
        );
        continue;
      }
      if (result.failed) options.stats.violations.push(`${op.key} [${category}]: ${failureOf(result)}`);
    }
    if (!(await healthy(target))) {
      options.stats.violations.push(`the server stopped answering its health call after ${op.key}`);
      return;
    }
    await options.afterOperation?.(op, index);
  }
}

const failureOf = (result: { errorInstance: unknown; seed: number; counterexamplePath?: string | null }) => {
  const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
  return `${error}\n    replay: FUZZ_SEED=${result.seed} (fast-check path ${result.counterexamplePath ?? '?'})`;
};

/**
 * `runs` requests of one operation and category for `seed`; a generator that throws (a bug of the
 * fuzzer, not of the server) is reported with the seed and operation that make it throw again.
 */
export function sampleRequests(op: FuzzOperation, category: FuzzCategory, ctx: FuzzContext, seed: number, runs: number): FuzzRequest[] {
  try {
    return fc.sample(fuzzRequest(op, category, ctx), { numRuns: runs, seed });
  } catch (error) {
    throw new Error(`the request generator threw for ${op.key} [${category}]: ${String(error)}\n    replay: FUZZ_SEED=${seed} FUZZ_ONLY="${op.key}"`, {
      cause: error,
    });
  }
}

// ---- the rejected requests change nothing -------------------------------------------------

export interface EventLog {
  headPosition(): Promise<number>;
  readAll(options: { after: number; maxCount: number }): Promise<Array<{ type: string; streamId: string }>>;
}

/** Waits until the store's head stays put for `quietMs` (background work settled). */
async function quiescent(events: EventLog, quietMs = 300, timeoutMs = 15_000): Promise<number> {
  const until = performance.now() + timeoutMs;
  let head = await events.headPosition();
  for (;;) {
    await new Promise((r) => setTimeout(r, quietMs));
    const now = await events.headPosition();
    if (now === head || performance.now() > until) return now;
    head = now;
  }
}

/** Categories whose every request a route must refuse before it changes anything. */
const REFUSED: FuzzCategory[] = ['malformed-json', 'bad-auth', 'huge-body'];

/**
 * Sends requests that must be refused (malformed JSON, credentials that are not valid, bodies past
 * the limit) to every operation, one at a time with the rest of the server quiet (the caller turns
 * off what runs on a timer), and returns
 * the events appended while a request was answered 4xx (with the request), apart from `allowed`
 * types: the records a refusal is meant to leave (e.g. an upload refused as too large is logged).
 */
export async function rejectedRequestsAppend(
  target: FuzzTarget,
  events: EventLog,
  options: { seed: number; runs: number; only?: string; stats: FuzzStats; allowed: string[] },
): Promise<string[]> {
  const appended: string[] = [];
  let before = await quiescent(events);
  for (const op of operationsToFuzz(target, options.only)) {
    for (const category of REFUSED) {
      if (category === 'bad-auth' && op.auth === 'none') continue;
      const requests = sampleRequests(op, category, target, options.seed, options.runs);
      for (const request of requests) {
        const answer = await send(target, request, options.stats);
        // What a request appends, it appends before it is answered; anything that reacts to that
        // follows it, so a head that has not moved means nothing was changed.
        const after = await events.headPosition();
        if (after !== before) {
          const settled = await quiescent(events);
          if (answer.status >= 400 && answer.status < 500) {
            const types = (await events.readAll({ after: before, maxCount: 100 })).filter((e) => !options.allowed.includes(e.type)).map((e) => e.type);
            if (types.length > 0) appended.push(`${answer.status} to ${describeRequest(request)} appended ${types.join(', ')}`);
          }
          before = settled;
        }
      }
    }
  }
  return appended;
}

// ---- prototype pollution ------------------------------------------------------------------

/**
 * The own properties of the built-in prototypes, in this realm and in Node's main one (jest runs
 * tests, and the server they start, in a VM context of their own; Node's core modules run in the
 * main realm).
 */
export function prototypeSnapshot(): string[] {
  const names = (o: object) => Object.getOwnPropertyNames(o).sort().join(',');
  const main = runInThisContext(
    '[Object.prototype, Array.prototype, Function.prototype, String.prototype].map((o) => Object.getOwnPropertyNames(o).sort().join(","))',
  ) as string[];
  return [
    ...[Object.prototype, Array.prototype, Function.prototype, String.prototype].map(names),
    ...main,
    `polluted=${String(({} as Record<string, unknown>).polluted)}`,
  ];
}

// ---- memory -------------------------------------------------------------------------------

let collect: (() => void) | undefined;

/**
 * Heap used after a full garbage collection. Without `node --expose-gc`, the flag is set at run
 * time and `gc` taken from a new context, where V8 installs it once the flag is on.
 */
export function heapAfterGc(): { heapUsed: number; rss: number } {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  collect();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}
