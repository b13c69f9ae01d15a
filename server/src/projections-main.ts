/** `npm run start:projections` (dist/server/projections.cjs): the projections: the read models, in the distributed shape (processes.ts). */
import { runProcessMain } from './run-main';

runProcessMain('projections');
