/** `npm run start:workers` (dist/server/workers.cjs): a member of the worker group: checks, refunds, sweepers, OFAC refresh, batches, webhook delivery, in the distributed shape (processes.ts). */
import { runProcessMain } from './run-main';

runProcessMain('workers');
