/** Entry point of `npm run projections:rebuild` (bundled and run by scripts/run-ts.mjs); see operations.ts. */
import { runAsMain, runRebuildCommand } from './operations';

runAsMain('projections:rebuild', runRebuildCommand);
