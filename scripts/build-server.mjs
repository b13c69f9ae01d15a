// Bundles the server entry points into dist/server (our workspaces bundled in, packages external):
// embedded.cjs (`npm start`: everything in one process) and one per process of the distributed shape.
import path from 'node:path';
import { bundle, root } from './esbuild-workspaces.mjs';

const entries = { embedded: 'embedded-main', api: 'api-main', workers: 'workers-main', projections: 'projections-main', relay: 'relay-main' };
await Promise.all(Object.entries(entries).map(([name, file]) => bundle(`command-api/src/main/${file}.ts`, path.join(root, `dist/server/${name}.cjs`), { sourcemap: true })));
console.log(`server bundles: ${Object.keys(entries).map((n) => `dist/server/${n}.cjs`).join(', ')}`);
