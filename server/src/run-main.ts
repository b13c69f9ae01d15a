/** Runs a server process as the program's main: configuration errors as plain messages, a clean stop on SIGINT/SIGTERM. */
import { ConfigError, type Logger } from '@walletscreen/platform';
import { startProcess, type ProcessKind } from './processes';

export function runMain<T extends { logger: Logger; close(): Promise<void> }>(start: () => Promise<T>, started: (running: T) => void) {
  const main = async () => {
    let running: T;
    try {
      running = await start();
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
    started(running);
    const stop = (signal: string) => {
      running.logger.info({ signal }, 'shutting down');
      running.close().then(
        () => process.exit(0),
        (error: unknown) => {
          running.logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** One process of the distributed shape (processes.ts). */
export function runProcessMain(kind: ProcessKind) {
  runMain(
    () => startProcess(kind, { env: process.env }),
    (running) => {
      running.logger.info({ shape: running.platform.shape, ...(running.url ? { url: running.url } : {}) }, `WalletScreen ${kind} process is running`);
    },
  );
}
