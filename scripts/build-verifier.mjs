// Builds dist/walletscreen-verify.cjs: the evidence-bundle verifier (server/src/verify-evidence-main.ts)
// as one file with every package bundled in, so that it runs with Node alone, anywhere.
import path from 'node:path';
import { bundle, root } from './esbuild-workspaces.mjs';

export async function buildVerifier() {
  const outfile = path.join(root, 'dist', 'walletscreen-verify.cjs');
  await bundle('server/src/verify-evidence-main.ts', outfile, { packages: undefined, sourcemap: false, banner: { js: '#!/usr/bin/env node' } });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`evidence verifier: ${path.relative(root, await buildVerifier())}`);
