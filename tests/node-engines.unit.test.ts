/**
 * The Node versions package.json declares are the truth: Node 22 LTS and 24 LTS, each from the
 * release that every installed package accepts. Each package's own `engines.node`, as npm locked it
 * (package-lock.json), must take every version of the declared range, so `npm ci` on any of them
 * warns about nothing (and, with `engine-strict` in .npmrc, refuses an older Node outright). The
 * Node that CI installs (scripts/node.sh) is in the range, and so is the one running this test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.join(__dirname, '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface Manifest {
  engines?: { node?: string };
}
interface Lockfile {
  packages: Record<string, Manifest & { optional?: boolean }>;
}

const declared = (readJson('package.json') as Manifest).engines?.node ?? '';

describe('the Node versions package.json declares', () => {
  it('are Node 22 LTS and 24 LTS, and nothing older or unreleased', () => {
    expect(semver.validRange(declared)).not.toBeNull();
    for (const major of [22, 24]) expect(semver.intersects(declared, `^${major}.0.0`)).toBe(true);
    for (const major of [18, 20, 21, 23, 25, 26]) expect(semver.intersects(declared, `^${major}.0.0`)).toBe(false);
  });

  it('are accepted by every locked package that names the versions it runs on', () => {
    const lock = readJson('package-lock.json') as Lockfile;
    const refusing = Object.entries(lock.packages)
      .filter(([, manifest]) => manifest.engines?.node !== undefined)
      .filter(([, manifest]) => {
        const range = manifest.engines?.node ?? '*';
        return semver.validRange(range) === null || !semver.subset(declared, range);
      })
      .map(([name, manifest]) => `${name} needs ${manifest.engines?.node ?? ''}`);
    expect(refusing).toEqual([]);
  });

  it('hold the Node CI installs and the one running this test', () => {
    const script = readFileSync(path.join(root, 'scripts/node.sh'), 'utf8');
    const pinned = [...script.matchAll(/^\s*(\d+)\) VERSION=(\d+\.\d+\.\d+) ;;$/gm)].map((m) => ({ major: Number(m[1]), version: m[2] ?? '' }));
    expect(pinned.map((p) => p.major).sort()).toEqual([22, 24]);
    for (const { major, version } of pinned) {
      expect(semver.major(version)).toBe(major);
      expect(semver.satisfies(version, declared)).toBe(true);
    }
    expect(semver.satisfies(process.versions.node, declared)).toBe(true);
  });

  it('refuse an older Node at install (engine-strict)', () => {
    expect(readFileSync(path.join(root, '.npmrc'), 'utf8')).toMatch(/^engine-strict\s*=\s*true$/m);
  });
});
