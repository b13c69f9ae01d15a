/**
 * Who is using a data directory: every WalletScreen process (the embedded server, or each process
 * of the distributed shape) and `npm run projections:rebuild` leave a file naming their process
 * while they run (`walletscreen.server.<pid>.pid`, `walletscreen.rebuild.<pid>.pid`). Several
 * server processes may share a directory; a rebuild refuses to run while any of them is alive, and
 * none starts during a rebuild. A file left by a process that died is stale and is ignored.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * server: a process that folds the read models (the embedded server, the projections process);
 * follower: one that only reads them (API, workers, relay of the distributed shape): a rebuild of
 * the next generation may run beside it, an in-place rebuild may not.
 */
export type DataDirRole = 'server' | 'follower' | 'rebuild';

export class DataDirBusy extends Error {
  constructor(
    readonly role: DataDirRole,
    readonly pid: number,
  ) {
    super(
      role === 'rebuild'
        ? `a projections rebuild (pid ${pid}) is running on this data directory`
        : `a WalletScreen process (pid ${pid}) is running on this data directory: stop it first`,
    );
    this.name = 'DataDirBusy';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A live process holding the role, if any (this one included: a rebuild inside a running server is refused too). */
export function holderOf(dataDir: string, role: DataDirRole): number | null {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return null;
  }
  // walletscreen.<role>.pid is the name an earlier version used.
  const pattern = new RegExp(`^walletscreen\\.${role}(?:\\.\\d+)?\\.pid$`);
  for (const name of names.filter((n) => pattern.test(n))) {
    let pid: number;
    try {
      pid = Number.parseInt(readFileSync(path.join(dataDir, name), 'utf8'), 10);
    } catch {
      continue;
    }
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) return pid;
  }
  return null;
}

/** Takes the role on the directory, after checking that none of `exclusiveWith` is held by a live process. */
export function lockDataDir(dataDir: string, role: DataDirRole, exclusiveWith: readonly DataDirRole[]): { release(): void } {
  for (const other of exclusiveWith) {
    const pid = holderOf(dataDir, other);
    if (pid !== null) throw new DataDirBusy(other, pid);
  }
  const file = path.join(dataDir, `walletscreen.${role}.${process.pid}.pid`);
  writeFileSync(file, String(process.pid));
  return {
    release() {
      rmSync(file, { force: true });
    },
  };
}
