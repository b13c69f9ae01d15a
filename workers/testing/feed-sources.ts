/**
 * Feed sources for tests: a location (directory, archive or file) read as the sync reads it, files
 * in memory, and a fixture directory packed as GitHub's codeload serves a repository.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sourceFiles } from '../src/feeds/archive';
import type { FeedSource, SourceFile } from '../src/feeds/feed';
import { writeTarGz, type TarItem } from './archives';

/** A location (directory, archive or file) as a feed source, the way the sync reads one. */
export const locationSource = (location: string): FeedSource => ({
  name: location,
  text: () => readFile(location, 'utf8'),
  lines: () => {
    throw new Error('not read line by line');
  },
  files: () => sourceFiles(location),
});

/** Files in memory as a source. */
export const memorySource = (files: Record<string, string>): FeedSource => ({
  name: 'memory',
  text: () => Promise.reject(new Error('not read whole')),
  lines: () => {
    throw new Error('not read line by line');
  },
  async *files(): AsyncGenerator<SourceFile> {
    for (const [p, content] of Object.entries(files)) yield { path: p, text: () => Promise.resolve(content) };
  },
});

/** The files under `dir` (relative, with `/`), sorted. */
export async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await filesUnder(path.join(dir, e.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

/** `dir` as GitHub's codeload serves a repository, into `file`: one top folder `top`, its directories, its files. */
export async function writeRepositoryArchive(file: string, dir: string, top: string): Promise<void> {
  const files = await filesUnder(dir);
  const dirs = [
    ...new Set(
      files.flatMap((f) =>
        f
          .split('/')
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      ),
    ),
  ].sort();
  const items: TarItem[] = [{ name: `${top}/`, type: 'directory' }];
  for (const d of dirs) items.push({ name: `${top}/${d}/`, type: 'directory' });
  for (const f of files) items.push({ name: `${top}/${f}`, content: await readFile(path.join(dir, f), 'utf8') });
  await writeTarGz(file, items);
}
