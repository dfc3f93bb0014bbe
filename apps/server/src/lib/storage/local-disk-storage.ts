import fs from 'node:fs';
import path from 'node:path';
import { mimeOfName } from '../image-kind.ts';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

/**
 * Files on the local disk under `root`, a key `<area>/<name>` at `root/<area>/<name>`: with
 * root = DATA_DIR/uploads this is the layout the shop has always used, so existing files keep working.
 * The type is read back from the name's extension (names are made from the sniffed kind).
 */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** The type is not kept: it is read back from the name, made from the sniffed kind. */
  async put(key: string, bytes: Buffer, _type: string): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // `wx`: a server-made name is new; never overwrite another upload.
    await fs.promises.writeFile(file, bytes, { mode: 0o640, flag: 'wx' });
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
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, file).split(path.sep).join('/');
      yield { key, size: (await fs.promises.stat(file)).size };
    }
  }
}
