/**
 * The embedded profile's projections on a thread of their own. They fold every event the process
 * appends into thirteen read models: on the thread that serves requests, that was about a fifth of
 * its time per check (`npm run bench -- checks`, docs/benchmarks.md). Here a worker thread opens the
 * same events' file and the read models' file (the only one writing to it: see read-models-file.ts),
 * and runs the projections exactly as before; the serving thread tells it after each turn of the
 * event loop in which it appended, and learns the projections' positions back, for `waitFor`.
 *
 * The thread's code is the `projections-thread.cjs` bundle beside the server's (`npm run build`);
 * run from the TypeScript sources (tests, benchmarks), it is bundled on first use.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { positionWaiters, type Logger, type PositionWaiters } from '@walletscreen/platform';
import type { ProjectionRunner } from '@walletscreen/projections';

export interface ProjectionsThreadOptions {
  files: { events: string; readModels: string };
  synchronous: 'NORMAL' | 'FULL';
  /** How often the thread looks at the events' file when nobody told it of an append. */
  pollIntervalMs: number;
  /** Told once per turn of the event loop in which the serving thread appended. */
  onAppended(listener: () => void): () => void;
  logger: Logger;
}

/** Messages from the thread. */
export type FromThread =
  | { type: 'ready'; positions: Record<string, number> }
  | { type: 'positions'; positions: Record<string, number> }
  | { type: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; fields: Record<string, unknown>; message: string }
  | { type: 'failed'; message: string; stack?: string };

/** Messages to the thread. */
export type ToThread = { type: 'appended' } | { type: 'stop' };

let bundled: Promise<string> | undefined;

/**
 * Set by `npm run build` (scripts/build-server.mjs) in the server's bundles, which it builds with the
 * thread's bundle beside them; absent when the server runs from its sources (tests, benchmarks,
 * scripts/run-ts.mjs), which must never pick up a thread bundled from older sources.
 */
declare const __BUILT_WITH_PROJECTIONS_THREAD__: boolean | undefined;

/** The thread's script: the bundle built beside this one, or a bundle of the sources made once per process. */
async function threadScript(): Promise<string> {
  if (typeof __BUILT_WITH_PROJECTIONS_THREAD__ !== 'undefined' && __BUILT_WITH_PROJECTIONS_THREAD__) return path.join(__dirname, 'projections-thread.cjs');
  bundled ??= (async () => {
    let root = __dirname;
    while (!existsSync(path.join(root, 'server', 'src', 'projections-thread-main.ts'))) {
      const up = path.dirname(root);
      if (up === root) throw new Error('the projections thread is not built: run npm run build');
      root = up;
    }
    // In the repository (its packages load from its node_modules), made under a name of this
    // process's and renamed into place: processes bundling at once each read a whole file.
    const outdir = path.join(root, 'dist', 'run');
    mkdirSync(outdir, { recursive: true });
    const outfile = path.join(outdir, 'projections-thread.cjs');
    const partial = path.join(outdir, `projections-thread.${process.pid}.partial.cjs`);
    // esbuild is a development dependency: present wherever the sources are run.
    const { build } = (await import('esbuild')) as typeof import('esbuild');
    await build({
      entryPoints: [path.join(root, 'server', 'src', 'projections-thread-main.ts')],
      outfile: partial,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      packages: 'external',
      logLevel: 'warning',
      absWorkingDir: root,
      plugins: [
        {
          name: 'walletscreen-workspaces',
          setup(b) {
            b.onResolve({ filter: /^@walletscreen\// }, (args) => {
              const [, ws, ...rest] = args.path.split('/');
              return { path: path.join(root, ws!, rest.length ? `src/${rest.join('/')}.ts` : 'src/index.ts') };
            });
          },
        },
      ],
    });
    renameSync(partial, outfile);
    return outfile;
  })();
  return bundled;
}

/** The runner, and a wait for one read model alone (a settled check waits for History only). */
export interface ProjectionsThread extends ProjectionRunner {
  readModel(name: string): { waitFor(position: number, timeoutMs?: number): Promise<void> };
}

export async function startProjectionsThread(options: ProjectionsThreadOptions): Promise<ProjectionsThread> {
  const { logger } = options;
  const positions = new Map<string, number>();
  const lowest = () => (positions.size === 0 ? 0 : Math.min(...positions.values()));
  const timedOut = (what: string) => (position: number, timeoutMs: number) => new Error(`${what} did not reach position ${position} within ${timeoutMs} ms`);
  const waiters = positionWaiters(timedOut('projections'));
  const waitersOf = new Map<string, PositionWaiters>();
  const record = (reported: Record<string, number>) => {
    for (const [name, position] of Object.entries(reported)) {
      positions.set(name, position);
      waitersOf.get(name)?.reached(position);
    }
    waiters.reached(lowest());
  };

  const script = await threadScript();
  let stopping = false;
  let worker: Worker;
  let exited: Promise<void> = Promise.resolve();
  let stopAppended = () => {};
  let restartTimer: NodeJS.Timeout | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      worker = new Worker(script, {
        workerData: { files: options.files, synchronous: options.synchronous, pollIntervalMs: options.pollIntervalMs },
      });
      let ready = false;
      exited = new Promise<void>((done) => worker.once('exit', () => done()));
      worker.on('message', (m: FromThread) => {
        if (m.type === 'ready') {
          ready = true;
          record(m.positions);
          resolve();
        } else if (m.type === 'positions') record(m.positions);
        else if (m.type === 'log') logger[m.level](m.fields, m.message);
        else if (m.type === 'failed') logger.error({ err: { message: m.message, stack: m.stack } }, 'the projections thread failed');
      });
      worker.on('error', (error) => {
        logger.error({ err: error }, 'the projections thread failed');
        if (!ready) reject(error);
      });
      worker.on('exit', (code) => {
        stopAppended();
        if (stopping) return;
        if (!ready) return reject(new Error(`the projections thread stopped as it started (exit code ${code})`));
        // Folds are committed with their checkpoints: a new thread goes on from them.
        logger.error({ exitCode: code, retryInMs: 1000 }, 'the projections thread stopped; starting it again');
        restartTimer = setTimeout(
          () => void start().catch((error: unknown) => logger.error({ err: error }, 'the projections thread could not be started again')),
          1000,
        );
      });
      const post = (m: ToThread) => worker.postMessage(m);
      stopAppended = options.onAppended(() => post({ type: 'appended' }));
    });

  await start();

  return {
    waitFor: (position, timeoutMs = 10_000) => waiters.wait(position, lowest(), timeoutMs),
    readModel(name) {
      if (!positions.has(name)) throw new Error(`there is no read model ${name}: ${[...positions.keys()].join(', ')}`);
      let named = waitersOf.get(name);
      if (!named) waitersOf.set(name, (named = positionWaiters(timedOut(`the read model ${name}`))));
      const waiting = named;
      return { waitFor: (position, timeoutMs = 10_000) => waiting.wait(position, positions.get(name) ?? 0, timeoutMs) };
    },
    positions: () => Object.fromEntries(positions),
    async stop() {
      if (stopping) return;
      stopping = true;
      clearTimeout(restartTimer);
      stopAppended();
      worker.postMessage({ type: 'stop' } satisfies ToThread);
      await exited;
    },
  };
}
