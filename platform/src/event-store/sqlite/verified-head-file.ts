/**
 * Where the embedded profile remembers how far the hash chain was verified: a small JSON file beside
 * the event store's file (`walletscreen.db.verified.json`), not inside it, so that an edit of the
 * store does not also edit the record it is checked against. Written whole to a file of another name,
 * then renamed into place: a crash leaves the old record or the new one, never half of one.
 *
 * A record that is missing or unreadable is no record: the next verification walks the whole chain
 * once, and writes a new one.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { VerifiedHeadStore } from '../hash-chain';

const recordSchema = z.object({
  position: z.number().int().nonnegative(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  verifiedAt: z.string(),
});

/** The record's file for the event store at `storeFile`. */
export const verifiedHeadFile = (storeFile: string) => `${storeFile}.verified.json`;

export function verifiedHeadFileStore(file: string): VerifiedHeadStore {
  return {
    async read() {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return null;
      }
      try {
        const parsed = recordSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    async write(record) {
      const next = `${file}.${process.pid}.tmp`;
      writeFileSync(next, `${JSON.stringify(recordSchema.parse(record))}\n`, { mode: 0o600 });
      renameSync(next, file);
    },
  };
}
