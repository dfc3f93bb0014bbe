import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { storageOf } from '../../lib/storage/storage-of.ts';
import { fileEntryOf, type ManifestBody } from './manifest.ts';

export const UPLOADS_IN_BACKUP = 'uploads';

/** DATA_DIR/uploads, where STORAGE_DRIVER=local keeps every upload. */
export const localUploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

/**
 * The uploads into the backup: local files copied under `uploads/` with their sizes and checksums; for
 * a bucket, the list of its objects' keys and sizes (the bucket keeps its own copies).
 */
export async function collectUploads(config: Config, stagingDir: string): Promise<ManifestBody['uploads']> {
  const objects: { key: string; size: number }[] = [];
  for await (const object of storageOf({ config }).list()) objects.push(object);
  objects.sort((a, b) => (a.key < b.key ? -1 : 1));
  if (config.STORAGE_DRIVER === 's3') return { driver: 's3', objects };
  const files = [];
  for (const { key } of objects) {
    const target = path.join(stagingDir, UPLOADS_IN_BACKUP, ...key.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(localUploadsDir(config), ...key.split('/')), target);
    files.push(await fileEntryOf(target, `${UPLOADS_IN_BACKUP}/${key}`));
  }
  return { driver: 'local', files };
}

/** The bucket's objects that the backup lists and the bucket no longer holds (or holds at another size). */
export async function missingObjects(config: Config, listed: { key: string; size: number }[]) {
  const present = new Map<string, number>();
  for await (const object of storageOf({ config }).list()) present.set(object.key, object.size);
  return listed.filter((o) => present.get(o.key) !== o.size);
}
