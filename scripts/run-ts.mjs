// `node scripts/run-ts.mjs path/to/entry.ts [args...]`: bundles a TypeScript entry point of this
// repository and runs it with the given arguments (used by npm scripts such as sanctions:sync).
import { createRequire } from 'node:module';
import path from 'node:path';
import { bundle, root } from './esbuild-workspaces.mjs';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <entry.ts> [args...]');
  process.exit(2);
}
const outfile = path.join(root, 'dist', 'run', `${path.basename(entry, '.ts')}.cjs`);
await bundle(entry, outfile);
process.argv = [process.argv[0], outfile, ...args];
createRequire(import.meta.url)(outfile);
