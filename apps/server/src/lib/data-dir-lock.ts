import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * The lock file holds the owner's pid; a lock left by a process that is gone is taken over.
 */
export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, 'mall.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release); // a process that opens many (tests, a restore) keeps no listener per lock
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `数据目录 ${dataDir} 正被另一个进程 (pid ${owner}) 使用，拒绝启动以免损坏数据。\n` +
            `The data directory ${dataDir} is in use by another process (pid ${owner}); refusing to start so as not to corrupt it.`,
        );
      }
      fs.unlinkSync(lockPath); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`无法锁定数据目录 ${dataDir} (could not lock the data directory)`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
