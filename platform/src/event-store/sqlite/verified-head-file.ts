/**
 * Where the embedded profile remembers how far the hash chain was verified: a small JSON file beside
 * the event store's file (`walletscreen.db.verified.json`), not inside it, so that an edit of the
 * store does not also edit the record it is checked against. Written whole to a file of another name,
 * then renamed into place: a crash leaves the old record or the new one, never half of one.
 *
 * A record that is missing or unreadable is no record: the next verification walks the whole chain
 * once, and writes a new one. Beside it, the break a walk of the whole chain found (`foundBreakFile`).
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { chainProblemKinds } from '@walletscreen/contracts';
import type { FoundBreakRecord, FoundBreakStore, VerifiedHeadStore } from '../hash-chain';

const recordSchema = z.object({
  position: z.number().int().nonnegative(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  verifiedAt: z.string(),
});

/** The record's file for the event store at `storeFile`. */
export const verifiedHeadFile = (storeFile: string) => `${storeFile}.verified.json`;

/** A JSON file read by a schema: null when it is missing, unreadable or not of that shape. */
function jsonFile<T>(file: string, schema: z.ZodType<T>) {
  return {
    read(): T | null {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return null;
      }
      try {
        const parsed = schema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    write(value: T) {
      const next = `${file}.${process.pid}.tmp`;
      writeFileSync(next, `${JSON.stringify(schema.parse(value))}\n`, { mode: 0o600 });
      renameSync(next, file);
    },
  };
}

export function verifiedHeadFileStore(file: string): VerifiedHeadStore {
  const json = jsonFile(file, recordSchema);
  return {
    read: async () => json.read(),
    write: async (record) => json.write(record),
  };
}

/**
 * The break found by a walk of the whole chain (`walletscreen.db.break.json`), written by the
 * server's background walk, an admin's Verify and `npm run audit:verify`; removed by a walk of the
 * whole chain that passes. A missing or unreadable file is no break: the background walk of the
 * whole chain finds it again.
 */
export const foundBreakFile = (storeFile: string) => `${storeFile}.break.json`;

const foundBreakSchema = z.object({
  position: z.number().int().nonnegative(),
  kind: z.enum(chainProblemKinds),
  reason: z.string(),
  foundBy: z.enum(['start', 'watch', 'full-walk', 'admin-verify', 'cli']),
  foundAt: z.string(),
}) satisfies z.ZodType<FoundBreakRecord>;

export function foundBreakFileStore(file: string): FoundBreakStore {
  const json = jsonFile(file, foundBreakSchema);
  return {
    read: async () => json.read(),
    write: async (record) => json.write(record),
    clear: async () => rmSync(file, { force: true }),
  };
}
