// Shared by the scripts that run TypeScript entry points: our workspaces are TypeScript source and
// are bundled in; every third-party package stays external and loads from node_modules.
import { build } from 'esbuild';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

const workspaces = {
  name: 'walletscreen-workspaces',
  setup(b) {
    b.onResolve({ filter: /^@walletscreen\// }, (args) => {
      const [, ws, ...rest] = args.path.split('/');
      // A workspace's test tooling lives beside its sources, in testing/ (never in a production bundle).
      if (rest[0] === 'testing') return { path: path.join(root, ws, `${rest.join('/')}.ts`) };
      return { path: path.join(root, ws, rest.length ? `src/${rest.join('/')}.ts` : 'src/index.ts') };
    });
  },
};

/** Bundles `entry` (a path relative to the repository) into `outfile` as CommonJS for Node 22. */
export async function bundle(entry, outfile, options = {}) {
  await build({
    entryPoints: [path.resolve(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    sourcemap: 'inline',
    packages: 'external',
    plugins: [workspaces],
    logLevel: 'warning',
    ...options,
  });
}
