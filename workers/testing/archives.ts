/**
 * Archives for tests: a .tar.gz written as a publisher's server would serve it (GitHub's codeload
 * tarball of a repository, one top folder), with tar-stream.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack } from 'tar-stream';

export type TarItem = { name: string; content: string } | { name: string; type: 'directory' } | { name: string; type: 'symlink'; linkname: string };

/** A .tar.gz of `items`, as tar-stream writes it. */
export async function writeTarGz(file: string, items: readonly TarItem[]): Promise<void> {
  const pack = tarPack();
  const written = pipeline(pack, createGzip(), createWriteStream(file));
  for (const item of items) {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if ('content' in item) pack.entry({ name: item.name, type: 'file' }, item.content, done);
      else if (item.type === 'directory') pack.entry({ name: item.name, type: 'directory' }, done);
      else pack.entry({ name: item.name, type: 'symlink', linkname: item.linkname }, done);
    });
  }
  pack.finalize();
  await written;
}
