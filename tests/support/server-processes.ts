/**
 * The processes of the distributed shape as separate OS processes, for the full-system test and
 * the distributed benchmark: bundled from their entry points (server/src/<kind>-main.ts)
 * the way `npm run build` bundles them, started with an environment, their output kept in a log
 * file, and ready once they log that they run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ProcessKind } from '@walletscreen/server/processes';

export interface ServerProcess {
  name: string;
  kind: ProcessKind;
  child: ChildProcess;
  /** The API's address (api only), with 127.0.0.1 for localhost. */
  url?: string;
  log: string;
}

/** Bundles each kind into `<dir>/<kind>.cjs` (`dir` inside the repository, so that packages resolve from its node_modules). */
export function bundleServerProcesses(root: string, dir: string, kinds: readonly ProcessKind[]): void {
  // The bundler is an ES module script: run it in a node of its own (this may be a CommonJS bundle or jest).
  const build = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { bundle } = await import(${JSON.stringify(path.join(root, 'scripts/esbuild-workspaces.mjs'))});
       await Promise.all(${JSON.stringify(kinds)}.map((k) => bundle('server/src/' + k + '-main.ts', ${JSON.stringify(dir)} + '/' + k + '.cjs', { sourcemap: 'inline' })));`,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`bundling the server processes failed: ${build.stderr}`);
}

/** Starts `<bundles>/<kind>.cjs` (LOG_LEVEL info or lower: the ready line is an info line) and resolves once it runs. */
export async function startServerProcess(options: {
  root: string;
  bundles: string;
  kind: ProcessKind;
  name: string;
  env: NodeJS.ProcessEnv;
  log: string;
}): Promise<ServerProcess> {
  const { kind, name } = options;
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(options.bundles, `${kind}.cjs`)], {
    cwd: options.root,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: ServerProcess = { name, kind, child, log: options.log };
  const file = createWriteStream(proc.log, { flags: 'a' });
  child.once('exit', () => file.end());
  let output = '';
  let running = false;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      file.write(chunk);
      if (running) return;
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.includes(`WalletScreen ${kind} process is running`));
      if (!line) return;
      running = true;
      output = '';
      proc.url = (JSON.parse(line) as { url?: string }).url?.replace('localhost', '127.0.0.1');
      resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      if (!running) reject(new Error(`${name} exited (${code ?? signal}) at start; log ${proc.log}:\n${tail(proc.log)}`));
    });
  });
  return proc;
}

/** Stops the process (SIGTERM, SIGKILL after `killAfterMs`; or the signal given) and resolves once it has exited. */
export async function stopServerProcess(proc: ServerProcess, signal: NodeJS.Signals = 'SIGTERM', killAfterMs = 20_000): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill(signal);
  const kill = setTimeout(() => proc.child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(kill);
}

/**
 * The process's warnings and errors (its JSON log lines at level 40 or above), the last `max` of
 * them: what a test prints when the system did not do what it waited for.
 */
export function warningsOf(proc: ServerProcess, max = 20): string {
  let text: string;
  try {
    text = readFileSync(proc.log, 'utf8');
  } catch {
    return `${proc.name}: no log at ${proc.log}`;
  }
  const lines = text.split('\n').filter((line) => {
    const level = /"level":(\d+)/.exec(line)?.[1];
    return level !== undefined && Number(level) >= 40;
  });
  return `${proc.name} (${lines.length} warnings and errors):\n${lines.slice(-max).join('\n')}`;
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}
