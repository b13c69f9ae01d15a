// `npm run bench [-- suite ...]`: bundles each benchmark (TypeScript) with esbuild and runs it,
// printing its figures. Suites: bench/<name>.bench.ts.
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const available = readdirSync(path.join(root, 'bench')).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace('.bench.ts', ''));
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
/** Our workspaces are TypeScript source: bundle them in rather than leave them external. */
const ours = {
  name: 'walletscreen-workspaces',
  setup(b) {
    b.onResolve({ filter: /^@walletscreen\// }, async (args) => {
      const [, ws, ...rest] = args.path.split('/');
      const sub = rest.length ? `src/${rest.join('/')}.ts` : 'src/index.ts';
      return { path: path.join(root, ws, sub) };
    });
  },
};

const out = path.join(root, 'dist', 'bench');
const require = createRequire(path.join(root, 'package.json'));
console.log(`WalletScreen benchmarks — node ${process.version}, ${(await import('node:os')).cpus().length} cores, ${new Date().toISOString()}`);
try {
  for (const name of wanted.length ? wanted : available) {
    const file = path.join(out, `${name}.cjs`);
    await build({ entryPoints: [path.join(root, 'bench', `${name}.bench.ts`)], outfile: file, bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external', plugins: [ours], logLevel: 'warning' });
    const { run } = require(file);
    console.log(`\n== ${name}`);
    const results = await run();
    for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(64)} ${typeof v === 'number' ? v.toLocaleString('en-US') : v}`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

