/**
 * Who is using a data directory: the embedded server and `npm run projections:rebuild` each leave
 * a file naming their process while they run (`walletscreen.server.pid`,
 * `walletscreen.rebuild.pid`). A rebuild refuses to run while a live server holds the directory,
 * and a server refuses to start during a rebuild. A file left by a process that died is stale and
 * is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type DataDirRole = 'server' | 'rebuild';

export class DataDirBusy extends Error {
  constructor(readonly role: DataDirRole, readonly pid: number) {
    super(role === 'server' ? `the server (pid ${pid}) is running on this data directory: stop it first` : `a projections rebuild (pid ${pid}) is running on this data directory`);
    this.name = 'DataDirBusy';
  }
}

const lockFile = (dataDir: string, role: DataDirRole) => path.join(dataDir, `walletscreen.${role}.pid`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding the role, if any (this one included: a rebuild inside a running server is refused too). */
export function holderOf(dataDir: string, role: DataDirRole): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(lockFile(dataDir, role), 'utf8'), 10);
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

/** Takes the role on the directory, after checking that none of `exclusiveWith` is held by a live process. */
export function lockDataDir(dataDir: string, role: DataDirRole, exclusiveWith: readonly DataDirRole[]): { release(): void } {
  for (const other of exclusiveWith) {
    const pid = holderOf(dataDir, other);
    if (pid !== null) throw new DataDirBusy(other, pid);
  }
  const file = lockFile(dataDir, role);
  writeFileSync(file, String(process.pid));
  return {
    release() {
      try {
        if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file, { force: true });
      } catch {
        // already gone
      }
    },
  };
}
