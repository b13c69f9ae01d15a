import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '@walletscreen/platform';
import { DataDirBusy, holderOf, lockDataDir } from './data-dir-lock';
import { startProcess } from './processes';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-processes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the processes of the distributed shape', () => {
  it('refuse to start without Kafka, naming the variable and the one-process alternative, and touch nothing', async () => {
    for (const kind of ['api', 'workers', 'projections', 'relay'] as const) {
      const dataDir = path.join(dir, `no-kafka-${kind}`);
      const started = startProcess(kind, { env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
      await expect(started).rejects.toThrow(ConfigError);
      await expect(started).rejects.toThrow(
        `KAFKA_BROKERS: the ${kind} process shares its work with the other processes through Kafka; set it, or run \`npm start\``,
      );
      expect(readdirSync(dataDir).filter((f) => f.endsWith('.pid') || f.endsWith('.db'))).toEqual([]);
    }
  });

  it('an API replica on a shared event store needs the shared JWT_SECRET', async () => {
    const env = { DATA_DIR: path.join(dir, 'jwt'), LOG_LEVEL: 'silent', KAFKA_BROKERS: '127.0.0.1:1', EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false' };
    await expect(startProcess('api', { env })).rejects.toThrow('JWT_SECRET: every command-api replica must sign sessions with the same secret');
  });
});

describe('the data-directory lock', () => {
  it('lets several processes share a directory, and refuses a rebuild while any of them lives', () => {
    const dataDir = mkdtempSync(path.join(dir, 'lock-'));
    const first = lockDataDir(dataDir, 'server', ['rebuild']);
    // A second process of the same directory (its pid file has its own name; here the same pid).
    const second = lockDataDir(dataDir, 'server', ['rebuild']);
    expect(holderOf(dataDir, 'server')).toBe(process.pid);
    expect(() => lockDataDir(dataDir, 'rebuild', ['server', 'rebuild'])).toThrow(DataDirBusy);
    first.release();
    second.release();
    expect(holderOf(dataDir, 'server')).toBeNull();
    const rebuild = lockDataDir(dataDir, 'rebuild', ['server', 'rebuild']);
    expect(() => lockDataDir(dataDir, 'server', ['rebuild'])).toThrow('a projections rebuild (pid');
    rebuild.release();
  });
});
