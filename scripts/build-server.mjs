// Bundles the server entry points into dist/server (our workspaces bundled in, packages external).
import path from 'node:path';
import { bundle, root } from './esbuild-workspaces.mjs';

await bundle('command-api/src/main/embedded-main.ts', path.join(root, 'dist/server/embedded.cjs'), { sourcemap: true });
console.log('server bundle: dist/server/embedded.cjs');
