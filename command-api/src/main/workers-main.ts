/** `npm run start:workers` (dist/server/workers.cjs): a member of the worker group: checks, refunds, sweepers, OFAC refresh, in the distributed shape (processes.ts). */
import { runProcessMain } from './run-main';

runProcessMain('workers');
