import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Omitted for AWS itself; an OSS, COS or MinIO address otherwise. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Keys are kept under `<prefix>/` so one bucket can hold several shops. */
  prefix?: string;
  /** Per request: an unreachable bucket fails an upload quickly instead of holding the buyer. */
  timeoutMs?: number;
}

/** The bucket could not be reached or refused us: a Chinese message for whoever sees it, the cause kept for logs. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('文件存储暂时不可用，请稍后重试', { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** GetObject answers NoSuchKey, HeadObject (no body) a bare 404 the SDK names NotFound; a missing bucket is neither. */
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');

/** Files in an S3-compatible bucket (AWS S3, Alibaba OSS, Tencent COS, MinIO) through the official SDK. */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(opts: S3StorageOptions) {
    const timeout = opts.timeoutMs ?? 5000;
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ? `${opts.prefix.replace(/\/+$/, '')}/` : '';
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle ?? false,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // One retry at most: an upload should fail within seconds when the bucket is away.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: timeout, requestTimeout: timeout, throwOnRequestTimeout: true },
      // OSS, COS and older MinIO refuse the newer default CRC32 trailers; only send checksums S3 requires.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string): string {
    assertStorageKey(key);
    return this.prefix + key;
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw new StorageUnavailableError(err);
    }
  }

  async put(key: string, bytes: Buffer, type: string): Promise<void> {
    const Key = this.key(key);
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key, Body: bytes, ContentType: type, ContentLength: bytes.length }),
      ),
    );
  }

  private async get(key: string) {
    const Key = this.key(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      if (!out.Body) return undefined;
      return {
        stream: out.Body as Readable,
        type: out.ContentType ?? 'application/octet-stream',
        size: out.ContentLength ?? 0,
      };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw new StorageUnavailableError(err);
    }
  }

  async readBuffer(key: string) {
    const found = await this.get(key);
    if (!found) return undefined;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of found.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    } catch (err) {
      throw new StorageUnavailableError(err);
    }
    const bytes = Buffer.concat(chunks);
    return { bytes, type: found.type, size: bytes.length };
  }

  async readStream(key: string) {
    return this.get(key);
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.key(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw new StorageUnavailableError(err);
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.key(key);
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })));
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix || undefined, ContinuationToken }),
        ),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key.slice(this.prefix.length), size: object.Size ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Closes the client's kept-alive sockets (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}
