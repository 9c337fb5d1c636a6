// One build of a database at a time: a lock file holds the building process's ID. Another
// build waits for it to finish (and may then find the database current); a lock whose
// process has died is taken over, and what that build left behind is removed.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

const WAIT_MS = 500;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process holding the lock, if it is alive. */
export function lockHolder(lockPath: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lockPath, 'utf8'));
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/** Tries to take the lock; a lock left by a dead process is removed first. */
function tryLock(lockPath: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockHolder(lockPath) !== undefined) return false;
      rmSync(lockPath, { force: true });
    }
  }
  return false;
}

/**
 * Runs `build` holding the lock at `lockPath`, after any other build holding it has finished
 * (`onWait` is told which process it waits for).
 */
export async function withBuildLock<T>(
  lockPath: string,
  build: () => T,
  onWait: (pid: number) => void = () => {},
): Promise<T> {
  let told = false;
  mkdirSync(dirname(lockPath), { recursive: true });
  while (!tryLock(lockPath)) {
    const holder = lockHolder(lockPath);
    if (holder !== undefined && !told) {
      onWait(holder);
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
  try {
    return build();
  } finally {
    rmSync(lockPath, { force: true });
  }
}
