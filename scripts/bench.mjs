// `npm run bench [-- suite ...]`: bundles each benchmark (bench/<suite>.bench.ts) and runs it,
// printing its figures.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import path from 'node:path';
import { bundle, root } from './esbuild-workspaces.mjs';

const available = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace('.bench.ts', ''));
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
const require = createRequire(import.meta.url);
console.log(`WalletScreen benchmarks — node ${process.version}, ${cpus().length} cores, ${new Date().toISOString()}`);
for (const name of wanted.length ? wanted : available) {
  const file = path.join(root, 'dist', 'bench', `${name}.cjs`);
  await bundle(`bench/${name}.bench.ts`, file);
  const { run } = require(file);
  console.log(`\n== ${name}`);
  const results = await run();
  for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(64)} ${typeof v === 'number' ? v.toLocaleString('en-US') : v}`);
}
