/** `npm start`: the whole product in one process on the embedded default. */
import { startEmbedded, type EmbeddedServer } from './embedded';
import { runMain } from './run-main';

runMain(
  () => startEmbedded({ env: process.env }),
  (server: EmbeddedServer) => {
    server.logger.info({ url: server.url, dataDir: server.config.DATA_DIR, jwtSecret: server.config.jwtSecretSource }, 'WalletScreen is running');
    console.log(`\n  WalletScreen is running at ${server.url}\n`);
  },
);
