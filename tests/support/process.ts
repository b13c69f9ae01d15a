/** `npm start`'s entry point as a separate process, for the tests that kill it (SIGKILL) and start it again on the same data. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/** Starts the embedded server on `dataDir`; resolves with its URL once it says it runs. The caller kills `child`. */
export async function startEmbeddedProcess(dataDir: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/run-ts.mjs'), 'server/src/embedded-main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SANCTIONS_SYNC_INTERVAL_HOURS: '0',
      FEEDS_SYNC_INTERVAL_HOURS: '0',
      // Direct counterparties only: the recorded chain data holds no traced hops, and a trace that could not
      // read them is a partial one (Incomplete). The tests of tracing ask for their depth.
      TRACE_DEPTH: '1',
      // The feeds on by default before GraphSense's TagPacks (which this machine cannot download: a check
      // would then be Incomplete, "Sources not read"). The tests of attribution turn it on and load it.
      FEEDS_ENABLED: 'ethereum-darklist,contract-sets,custom-labels',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /WalletScreen is running at (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return { child, url };
}
