/**
 * The files of a feed published as many files: a directory (a checkout of the publisher's
 * repository, for offline installs), a gzip'd tar of one (as GitHub serves a repository:
 * https://codeload.github.com/<owner>/<repo>/tar.gz/<ref>), or a single file.
 *
 * - A directory is walked recursively, its paths relative to it with `/`, sorted (code unit order),
 *   so two reads of the same tree give the same files in the same order. Symbolic links are not
 *   followed (neither to files nor to directories).
 * - An archive is told by its first bytes (gzip's magic number 1f 8b), never by its name, and read
 *   as a stream (tar-stream over node:zlib): only regular files are yielded, in the archive's order;
 *   links, directories and devices are not. When every entry lies in one top folder (GitHub's
 *   `<repo>-<commit>/`), that folder is left out of the paths. A path that is absolute or climbs out
 *   (`..`) refuses the whole archive: a repository's archive never holds one.
 * - Anything else is one file, named by its base name.
 *
 * Texts are read lazily: an archive entry's text is read (whole, in memory: a pack is a few MB at
 * most) only when asked for, before the walk moves on; entries nobody asked for are skipped unread.
 */
import { createReadStream, type Stats } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract, type Header } from 'tar-stream';
import { FeedError } from '@walletscreen/domain/feed/errors';

/** One file of a many-file feed (feed.ts's `FeedSource.files()`). */
export interface SourceFile {
  /** Its path inside the directory or archive, with `/` ("packs/ofac.yaml"). */
  path: string;
  text(): Promise<string>;
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;

/**
 * Whether an archive has a single top folder, decided by a first read of its headers and kept while
 * the file is unchanged (a parser reads the files twice, each time through a new `sourceFiles`).
 */
const topFolders = new Map<string, { stamp: string; folder: string | null }>();
const TOP_FOLDERS_KEPT = 16;

async function topFolderOf(archive: string, stats: Stats): Promise<string | null> {
  const stamp = `${stats.size}:${stats.mtimeMs}:${stats.ino}`;
  const known = topFolders.get(archive);
  if (known?.stamp === stamp) return known.folder;
  const folder = await singleTopFolder(archive);
  if (topFolders.size >= TOP_FOLDERS_KEPT) topFolders.clear();
  topFolders.set(archive, { stamp, folder });
  return folder;
}

/** The files at `location` (a directory, a .tar.gz, or one file); each iteration reads them afresh. */
export function sourceFiles(location: string): AsyncIterable<SourceFile> {
  return {
    async *[Symbol.asyncIterator]() {
      const stats = await statOf(location);
      if (stats.isDirectory()) {
        yield* directoryFiles(location);
      } else if (await isGzip(location)) {
        yield* archiveFiles(location, await topFolderOf(location, stats));
      } else {
        yield { path: path.basename(location), text: () => readFile(location, 'utf8') };
      }
    },
  };
}

async function statOf(location: string): Promise<Stats> {
  try {
    return await stat(location);
  } catch (error) {
    throw new FeedError('file-missing', `${location} cannot be read (${(error as Error).message})`, { cause: error });
  }
}

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
}

async function* directoryFiles(root: string): AsyncGenerator<SourceFile> {
  const found: string[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      // Dirents describe the link itself: a symbolic link is neither a file nor a directory here, so it is never followed.
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), relative);
      else if (entry.isFile()) found.push(relative);
    }
  };
  await walk(root, '');
  found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const relative of found) {
    const file = path.join(root, ...relative.split('/'));
    yield { path: relative, text: () => readFile(file, 'utf8') };
  }
}

/** An entry's path without a leading `./`; refuses one that is absolute or climbs out. */
function entryPath(archive: string, name: string): string {
  const trimmed = name.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || trimmed.split(/[/\\]/).includes('..'))
    throw new FeedError('invalid-file', `${archive} holds "${name}", a path outside the archive: refused`);
  return trimmed;
}

const isRegular = (header: Header): boolean => header.type === 'file' || header.type === 'contiguous-file' || header.type === undefined;

/** One entry of an archive: its header, and its content (read at most once, before the walk moves on). */
interface TarEntry {
  header: Header;
  read(): Promise<Buffer>;
}

/**
 * The archive's entries one at a time (tar-stream's async iteration: the next is not read before
 * the current one's content is read or drained). A broken archive (not gzip, not tar, cut short)
 * refuses the whole file.
 */
async function* tarEntries(archive: string): AsyncGenerator<TarEntry> {
  const extract = tarExtract();
  const piped = pipeline(createReadStream(archive), createGunzip(), extract).then(
    () => null,
    (error: unknown) => error as Error,
  );
  const refused = (error: unknown) =>
    new FeedError('invalid-file', `${archive} is not a readable .tar.gz archive (${(error as Error).message})`, { cause: error });
  try {
    for await (const entry of extract) {
      let content: Promise<Buffer> | null = null;
      const read = () =>
        (content ??= (async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
          return Buffer.concat(chunks);
        })());
      yield { header: entry.header, read };
      // Whatever the caller left unread is drained, so the next entry can be read.
      await read();
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    throw refused(error);
  } finally {
    extract.destroy();
  }
  const failure = await piped;
  if (failure) throw refused(failure);
}

/** The folder every entry of the archive lies in (GitHub's `<repo>-<commit>`), or null when there is none. */
async function singleTopFolder(archive: string): Promise<string | null> {
  let top: string | null | undefined;
  for await (const { header } of tarEntries(archive)) {
    const name = entryPath(archive, header.name);
    if (name === '') continue;
    const slash = name.indexOf('/');
    const first = slash < 0 ? name : name.slice(0, slash);
    // A file at the top level means there is no top folder to leave out.
    if (slash < 0 && header.type !== 'directory') return null;
    if (top === undefined) top = first;
    else if (top !== first) return null;
  }
  return top ?? null;
}

async function* archiveFiles(archive: string, top: string | null): AsyncGenerator<SourceFile> {
  for await (const { header, read } of tarEntries(archive)) {
    let name = entryPath(archive, header.name);
    if (!isRegular(header)) continue;
    if (top !== null) {
      if (!name.startsWith(`${top}/`)) continue;
      name = name.slice(top.length + 1);
    }
    if (name === '') continue;
    let current = true;
    yield {
      path: name,
      text: () =>
        current ? read().then((b) => b.toString('utf8')) : Promise.reject(new Error(`${archive}: ${name} was not read before the next file of the archive`)),
    };
    current = false;
  }
}
