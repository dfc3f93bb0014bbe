import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { mimeOfName } from '../image-kind.ts';
import { assertStorageKey, StorageFullError, type FileStorage } from './file-storage.ts';

/** Writes `bytes` to a new file (it must not exist) and makes them durable before it resolves. */
export type WriteNewFile = (file: string, bytes: Buffer) => Promise<void>;

export const writeNewFile: WriteNewFile = async (file, bytes) => {
  const handle = await fs.promises.open(file, 'wx', 0o640);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/** A file being written: hidden, and never listed or read as an upload. */
const PARTIAL = /^\..*\.partial$/;
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Files on the local disk under `root`, a key `<area>/<name>` at `root/<area>/<name>`: with
 * root = DATA_DIR/uploads this is the layout the shop has always used, so existing files keep working.
 * The type is read back from the name's extension (names are made from the sniffed kind).
 */
export class LocalDiskStorage implements FileStorage {
  /** `writeFile` is the one write to the disk: given in, a fault test makes it fail as a full disk would. */
  constructor(
    private readonly root: string,
    readonly writeFile: WriteNewFile = writeNewFile,
  ) {}

  private file(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /**
   * Written whole or not at all: into a hidden partial file beside it, then linked to its name (a new
   * name: never overwrite another upload). A write that fails (a full disk) leaves no file under either
   * name. The type is not kept: it is read back from the name, made from the sniffed kind.
   */
  async put(key: string, bytes: Buffer, _type: string): Promise<void> {
    const file = this.file(key);
    const partial = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}.partial`);
    try {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await this.writeFile(partial, bytes);
      await publish(partial, file);
    } catch (err) {
      if (DISK_FULL.has((err as NodeJS.ErrnoException).code ?? '')) throw new StorageFullError(err);
      throw err;
    } finally {
      await fs.promises.rm(partial, { force: true });
    }
  }

  private async stat(key: string): Promise<fs.Stats | undefined> {
    try {
      const stat = await fs.promises.stat(this.file(key));
      return stat.isFile() ? stat : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async readBuffer(key: string) {
    const stat = await this.stat(key);
    if (!stat) return undefined;
    const bytes = await fs.promises.readFile(this.file(key));
    return { bytes, type: mimeOfName(key), size: bytes.length };
  }

  async readStream(key: string) {
    const stat = await this.stat(key);
    if (!stat) return undefined;
    return { stream: fs.createReadStream(this.file(key)), type: mimeOfName(key), size: stat.size };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    if (!fs.existsSync(this.root)) return;
    const entries = await fs.promises.readdir(this.root, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || PARTIAL.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, file).split(path.sep).join('/');
      yield { key, size: (await fs.promises.stat(file)).size };
    }
  }
}

/**
 * Gives the finished file its name, atomically and only if the name is new: a hard link (EEXIST when
 * taken). On a file system without hard links, a rename after checking the name is free (names are 128
 * random bits, so nothing else ever takes it in between).
 */
async function publish(partial: string, file: string): Promise<void> {
  try {
    await fs.promises.link(partial, file);
  } catch (err) {
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    const taken = await fs.promises.stat(file).then(
      () => true,
      () => false,
    );
    if (taken) throw Object.assign(new Error(`EEXIST: ${file}`), { code: 'EEXIST' });
    await fs.promises.rename(partial, file);
  }
}
