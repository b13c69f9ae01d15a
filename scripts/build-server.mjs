// Bundles the server entry points into dist/server (our workspaces bundled in, packages external):
// embedded.cjs (`npm start`: everything in one process, with projections-thread.cjs, its projections'
// thread) and one per process of the distributed shape.
// Copies the API reference page's renderer (redoc's standalone bundle, with its .br and .gz) into dist/docs, so a
// production image, which keeps no dev dependency, still serves /api/docs without a CDN.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bundle, root } from './esbuild-workspaces.mjs';

const entries = {
  embedded: 'embedded-main',
  'projections-thread': 'projections-thread-main',
  api: 'api-main',
  workers: 'workers-main',
  projections: 'projections-main',
  relay: 'relay-main',
};
await Promise.all(
  Object.entries(entries).map(([name, file]) =>
    bundle(`server/src/${file}.ts`, path.join(root, `dist/server/${name}.cjs`), { sourcemap: true, define: { __BUILT_WITH_PROJECTIONS_THREAD__: 'true' } }),
  ),
);
console.log(
  `server bundles: ${Object.keys(entries)
    .map((n) => `dist/server/${n}.cjs`)
    .join(', ')}`,
);

const redoc = path.dirname(createRequire(import.meta.url).resolve('redoc/package.json'));
const docs = path.join(root, 'dist', 'docs');
mkdirSync(docs, { recursive: true });
copyFileSync(path.join(redoc, 'bundles', 'redoc.standalone.js'), path.join(docs, 'redoc.standalone.js'));
// Precompressed beside it (1.1 MB; compressing it per request costs the server ~50 ms of CPU).
const renderer = readFileSync(path.join(docs, 'redoc.standalone.js'));
writeFileSync(path.join(docs, 'redoc.standalone.js.br'), brotliCompressSync(renderer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
writeFileSync(path.join(docs, 'redoc.standalone.js.gz'), gzipSync(renderer, { level: 9 }));
copyFileSync(path.join(redoc, 'bundles', 'redoc.standalone.js.LICENSE.txt'), path.join(docs, 'redoc.standalone.js.LICENSE.txt'));
copyFileSync(path.join(redoc, 'LICENSE'), path.join(docs, 'LICENSE-redoc'));
console.log('API reference renderer: dist/docs/redoc.standalone.js');
