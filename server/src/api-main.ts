/** `npm run start:api` (dist/server/api.cjs): a command-api replica: HTTP and socket.io, in the distributed shape (processes.ts). */
import { runProcessMain } from './run-main';

runProcessMain('api');
