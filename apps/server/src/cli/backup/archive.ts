import { spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * The backup file is a plain tar (so `tar tf` shows what is in it), written and read by the system's
 * tar, which streams: a dump larger than memory is no trouble.
 */
export async function packTar(file: string, fromDir: string, entries: string[]): Promise<void> {
  const partial = `${file}.partial`;
  await tar(['-cf', partial, '-C', fromDir, ...entries]);
  fs.renameSync(partial, file);
}

/** Unpacks into `toDir`; false when the file is not a whole tar (cut short, overwritten, not a backup). */
export async function unpackTar(file: string, toDir: string): Promise<boolean> {
  try {
    await tar(['-xf', file, '-C', toDir, '--no-same-owner', '--no-same-permissions']);
    return true;
  } catch {
    return false;
  }
}

function tar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar 失败：${errors.trim()}`))));
  });
}
