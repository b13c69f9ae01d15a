/** `npm start`: the whole product in one process on the embedded default. */
import { ConfigError } from '@walletscreen/platform';
import { startEmbedded } from './embedded';

async function main() {
  let server: Awaited<ReturnType<typeof startEmbedded>>;
  try {
    server = await startEmbedded({ env: process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  server.logger.info({ url: server.url, dataDir: server.config.DATA_DIR, jwtSecret: server.config.jwtSecretSource }, 'WalletScreen is running');
  console.log(`\n  WalletScreen is running at ${server.url}\n`);
  const stop = (signal: string) => {
    server.logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
