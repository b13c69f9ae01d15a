// Shared by the scripts that run TypeScript entry points: our workspaces are TypeScript source and
// are bundled in; every third-party package stays external and loads from node_modules, unless the
// importing workspace has a copy of its own (another version than the one npm put at the root):
// that copy is bundled in, since the bundle, loading from the root, would get the root's version.
import { build } from 'esbuild';
import { builtinModules, createRequire } from 'node:module';
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

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * A package the importer resolves to a copy other than the root's (`command-api/node_modules/ipaddr.js`
 * 2.x beside the root's 1.x, which express uses) is bundled in from that copy; any other stays external.
 */
const ownCopies = {
  name: 'walletscreen-own-copies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageName(args.path);
      if (!args.importer || name.startsWith('@walletscreen/') || args.path.startsWith('node:') || builtinModules.includes(name)) return undefined;
      let resolved;
      try {
        resolved = createRequire(args.importer).resolve(args.path);
      } catch {
        return undefined;
      }
      if (!path.isAbsolute(resolved) || resolved.startsWith(path.join(root, 'node_modules', name) + path.sep)) return undefined;
      return { path: resolved };
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
    plugins: [workspaces, ownCopies],
    logLevel: 'warning',
    ...options,
  });
}
