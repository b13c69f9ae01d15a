/** Entry point of `npm run audit:verify` (bundled and run by scripts/run-ts.mjs); see operations.ts. */
import { runAsMain, runVerifyCommand } from './operations';

runAsMain('audit:verify', runVerifyCommand);
