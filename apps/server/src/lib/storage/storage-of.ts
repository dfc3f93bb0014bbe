import path from 'node:path';
import type { Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { S3Storage } from './s3-storage.ts';

const cache = new WeakMap<Config, FileStorage>();

/**
 * The one place that picks where uploads live (STORAGE_DRIVER): DATA_DIR/uploads by default, or an
 * S3-compatible bucket. Built once per configuration, so the S3 client keeps its connections.
 */
export function storageOf(ctx: { config: Config }): FileStorage {
  const { config } = ctx;
  let found = cache.get(config);
  if (!found) {
    found = build(config);
    cache.set(config, found);
  }
  return found;
}

function build(config: Config): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    // config.ts refuses s3 without these at start-up.
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    });
  }
  return new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
