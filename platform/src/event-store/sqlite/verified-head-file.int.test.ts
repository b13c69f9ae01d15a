import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifiedHeadFile, verifiedHeadFileStore } from './verified-head-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ws-verified-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const head = { position: 42, hash: 'a'.repeat(64), verifiedAt: '2026-11-28T09:00:00.000Z' };

describe('the verified head beside the store', () => {
  it('lives beside the store file, is written whole and private, and read back', async () => {
    const file = verifiedHeadFile(path.join(dir, 'walletscreen.db'));
    expect(file).toBe(path.join(dir, 'walletscreen.db.verified.json'));
    const store = verifiedHeadFileStore(file);
    await expect(store.read()).resolves.toBeNull();
    await store.write(head);
    await expect(store.read()).resolves.toEqual(head);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await store.write({ ...head, position: 43 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ position: 43 });
  });

  it('reads a damaged or foreign record as none (the next verification walks the whole chain)', async () => {
    const file = path.join(dir, 'walletscreen.db.verified.json');
    const store = verifiedHeadFileStore(file);
    for (const text of ['{', '{"position":-1,"hash":"x","verifiedAt":"now"}', JSON.stringify({ ...head, hash: 'not-a-hash' }), '[]']) {
      writeFileSync(file, text);
      await expect(store.read()).resolves.toBeNull();
    }
  });

  it('refuses to write a record that is not one', async () => {
    const store = verifiedHeadFileStore(path.join(dir, 'walletscreen.db.verified.json'));
    await expect(store.write({ ...head, hash: 'short' })).rejects.toThrow();
    await expect(store.read()).resolves.toBeNull();
  });
});
