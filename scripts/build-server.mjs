// Bundles the server entry points into dist/server with esbuild. Our workspaces (TypeScript source)
// are bundled in; third-party packages stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = new Set();
for (const ws of rootPkg.workspaces) {
  const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) if (!dep.startsWith('@walletscreen/')) external.add(dep);
}

await build({
  entryPoints: { embedded: path.join(root, 'command-api/src/main/embedded-main.ts') },
  outdir: path.join(root, 'dist/server'),
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: [...external],
  logLevel: 'warning',
});
console.log('server bundle: dist/server/embedded.cjs');
