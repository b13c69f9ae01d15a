/**
 * The server bundles (scripts/esbuild-workspaces.mjs: our workspaces bundled in, third-party
 * packages loaded from node_modules) load the version of each package that the workspace using it
 * declares. npm puts one version at the root and a workspace that needs another gets a copy of its
 * own (command-api's ipaddr.js 2 beside express's 1.9, workers' js-yaml 5 and tar-stream 3): a bundle
 * that left it external would load the root's version from dist/, so such a copy is bundled in.
 * Held on the embedded server's bundle, and on the webhook address check run from a bundle.
 */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';

const root = path.join(__dirname, '..');
const run = promisify(execFile);
const workspaces = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
const dependenciesOf = (ws: string) =>
  (JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {};

/** Bundles `entry` as the server build does, into dist/run; answers the bundle's path. */
async function bundled(entry: string, name: string): Promise<string> {
  const outfile = path.join(root, 'dist', 'run', `${name}-${process.pid}.cjs`);
  const script = `import { bundle } from './scripts/esbuild-workspaces.mjs'; await bundle(${JSON.stringify(entry)}, ${JSON.stringify(outfile)});`;
  await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  return outfile;
}

describe('the server bundle', () => {
  it('loads, for every package it leaves external, a version that every workspace declaring it accepts', async () => {
    const bundle = await bundled('server/src/embedded-main.ts', 'embedded-bundle-test');
    try {
      const text = readFileSync(bundle, 'utf8');
      const external = new Set(
        [...text.matchAll(/require\("([^"./][^"]*)"\)/g)].map((m) =>
          m[1]!
            .split('/')
            .slice(0, m[1]!.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
      );
      const wrong: string[] = [];
      for (const ws of workspaces.filter((w) => w !== 'frontend')) {
        for (const [name, range] of Object.entries(dependenciesOf(ws))) {
          if (name.startsWith('@walletscreen/') || !external.has(name)) continue;
          // What a require from dist/ finds: the root's copy.
          const manifest = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
          if (!semver.satisfies(manifest.version, range)) wrong.push(`${ws} needs ${name} ${range}; the bundle loads ${manifest.version}`);
        }
      }
      expect(wrong).toEqual([]);
      // The copies of their own are in the bundle.
      for (const name of ['ipaddr.js', 'js-yaml', 'tar-stream']) expect([name, external.has(name)]).toEqual([name, false]);
    } finally {
      rmSync(bundle, { force: true });
    }
  }, 60_000);

  it('checks webhook destinations with the ranges command-api declares (ipaddr.js 2), not the root copy express uses', async () => {
    const bundle = await bundled('command-api/src/webhooks/destination.ts', 'destination-bundle-test');
    try {
      const { isPublicAddress } = createRequire(__filename)(bundle) as { isPublicAddress: (ip: string) => boolean };
      for (const ip of ['::7f00:1', '64:ff9b:1::a00:1', 'fec0::1', '100::1', '198.18.0.1']) expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
      expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    } finally {
      rmSync(bundle, { force: true });
    }
  }, 60_000);
});
