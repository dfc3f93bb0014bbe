import fs from 'node:fs';
import type { WriteNewFile } from './local-disk-storage.ts';

/**
 * A write to a disk with `room` bytes left, for fault tests: what fits is written (a real full disk
 * leaves a partial file too), then it fails as the system call does, with ENOSPC.
 */
export function diskFullAfter(room: number): WriteNewFile {
  return async (file, bytes) => {
    await fs.promises.writeFile(file, bytes.subarray(0, Math.min(room, bytes.length)), { flag: 'wx' });
    if (bytes.length <= room) return;
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
      path: file,
    });
  };
}
