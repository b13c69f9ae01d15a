#!/usr/bin/env node
// `npx walletscreen-verify <evidence-bundle.json> [--key <public-key.pem>]` (the root package's bin):
// verifies a check's evidence bundle offline. It builds dist/walletscreen-verify.cjs from this
// repository's sources (the same risk-model code the workers run), one file that needs nothing but
// Node (every package bundled in: anyone can copy it and run `node walletscreen-verify.cjs <file>`),
// then runs it. `npm run build` builds it too.
import { spawnSync } from 'node:child_process';
import { buildVerifier } from './build-verifier.mjs';

const outfile = await buildVerifier();
const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
