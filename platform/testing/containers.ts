/**
 * Where a suite that needs a real server gets one: the URL a test script exported (the servers
 * `.ci/run` starts without Docker), else a container through testcontainers when a container
 * engine answers, else nowhere, and the suite is skipped saying why.
 */
import { spawnSync } from 'node:child_process';

const PROBE_TIMEOUT_MS = 15_000;
let probed: { ok: true } | { ok: false; reason: string } | undefined;

/**
 * Whether testcontainers finds a container engine, asked in a child process so the decision is
 * made while jest collects tests, and bounded: detection can be slow to give up. Asked once.
 */
export function probeContainerRuntime(): { ok: true } | { ok: false; reason: string } {
  if (probed) return probed;
  const script = `require('testcontainers').getContainerRuntimeClient().then(() => process.exit(0), (e) => { process.stderr.write(String(e && e.message || e)); process.exit(3); });`;
  const probe = spawnSync(process.execPath, ['-e', script], {
    cwd: __dirname,
    timeout: PROBE_TIMEOUT_MS,
    encoding: 'utf8',
    env: { ...process.env, DEBUG: '' },
  });
  if (probe.error) return (probed = { ok: false, reason: `the container runtime probe did not answer within ${PROBE_TIMEOUT_MS} ms (${probe.error.message})` });
  if (probe.status === 0) return (probed = { ok: true });
  const stderr = (probe.stderr || '').trim();
  if (/Could not find a working container runtime strategy/.test(stderr)) {
    return (probed = { ok: false, reason: 'there is no container engine (testcontainers: "Could not find a working container runtime strategy")' });
  }
  // Anything else: testcontainers itself failed (e.g. could not even be loaded on this Node).
  const line = stderr.split('\n').find((l) => /Error/.test(l)) ?? stderr.split('\n').pop() ?? '';
  return (probed = {
    ok: false,
    reason: `testcontainers failed before finding an engine (${line || `exit ${String(probe.status)}`}; Node ${process.version})`,
  });
}

export interface ServerSource<T> {
  /** Why the suite cannot run, or undefined when it can. */
  skipReason: string | undefined;
  /** What the suite connects to: starts the container the first time when there is no URL. */
  get(): Promise<T>;
  stop(): Promise<void>;
}

/**
 * `fromEnv` is the server the environment names; `container` starts one (testcontainers).
 * Decided while jest collects the tests, so `describe.skip` can be chosen.
 */
export function serverSource<T>(
  what: string,
  envName: string,
  fromEnv: (value: string) => T,
  container: () => Promise<{ value: T; stop(): Promise<unknown> }>,
): ServerSource<T> {
  const value = process.env[envName];
  const runtime = value ? { ok: true as const } : probeContainerRuntime();
  let started: Promise<{ value: T; stop(): Promise<unknown> }> | undefined;
  return {
    skipReason: runtime.ok ? undefined : `${what}: ${envName} is not set and ${runtime.reason}`,
    async get() {
      if (value) return fromEnv(value);
      started ??= container();
      return (await started).value;
    },
    async stop() {
      if (started) await (await started).stop();
    },
  };
}
