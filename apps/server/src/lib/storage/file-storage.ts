import type { Readable } from 'node:stream';

/**
 * Where the shop keeps uploaded files. Keys are `<area>/<server-made name>` (e.g. `goods/ab…12.jpg`);
 * no key ever comes from a client. A driver answers `undefined` for a key it does not hold.
 */
export interface StoredObject {
  type: string;
  size: number;
}

export interface FileStorage {
  put(key: string, bytes: Buffer, type: string): Promise<void>;
  readBuffer(key: string): Promise<(StoredObject & { bytes: Buffer }) | undefined>;
  readStream(key: string): Promise<(StoredObject & { stream: Readable }) | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every key the shop holds with its size, in no particular order (backups). */
  list(): AsyncIterable<{ key: string; size: number }>;
}

/**
 * The disk (or the quota) holding the uploads is full (ENOSPC, EDQUOT). Nothing was kept; the uploader is
 * told in Chinese, the operator finds the cause in the log.
 */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('存储空间不足，上传失败，请联系管理员', { cause });
    this.name = 'StorageFullError';
  }
}

/** A key is one or more plain path segments: letters, digits, `-`, `_`, `.`, never `..` or empty. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
