import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '@mall/shared';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import { IMAGE_NAME, MAX_IMAGE_BYTES, mimeOfName, sniffImage } from './image-kind.ts';
import { StorageUnavailableError } from './storage/s3-storage.ts';
import { storageOf } from './storage/storage-of.ts';

/**
 * One uploaded image from a multipart request, checked as the conventions ask: JPEG, PNG or WebP by
 * its magic bytes (never its name or declared type), at most 5 MB, stored under a server-made name
 * of 128 random bits in a directory of the caller's choosing.
 * What a picture is comes from lib/image-kind.ts (shared with the after-sale evidence images).
 * The route's plugin registers @fastify/multipart with `limits.fileSize = IMAGE_UPLOAD_MAX_BYTES`.
 */
export const IMAGE_UPLOAD_MAX_BYTES = MAX_IMAGE_BYTES;

/** Server-made names only: 32 hex digits and the extension of the sniffed kind. */
export const STORED_IMAGE_NAME = IMAGE_NAME;

const refused = (message: string) => new AppError(Code.UPLOAD_INVALID, message);

/** The request's one file, as bytes whose kind is known; a refusal is a Chinese message. */
export async function readUploadedImage(req: FastifyRequest): Promise<{ bytes: Buffer; ext: string; mime: string }> {
  if (!req.isMultipart()) throw refused('请选择要上传的图片');
  let bytes: Buffer;
  try {
    const file = await req.file();
    if (!file) throw refused('请选择要上传的图片');
    bytes = await file.toBuffer();
    // A file cut at the size limit is refused even when the plugin did not throw.
    if (file.file.truncated) throw refused('图片不能超过 5MB');
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refused('图片不能超过 5MB');
    throw refused('图片上传失败，请重试');
  }
  if (bytes.length === 0) throw refused('请选择要上传的图片');
  if (bytes.length > IMAGE_UPLOAD_MAX_BYTES) throw refused('图片不能超过 5MB');
  const kind = sniffImage(bytes);
  if (!kind) throw refused('只能上传 JPG、PNG 或 WebP 图片');
  return { bytes, ext: kind.ext, mime: kind.mime };
}

/** The areas of the storage (`<area>/<name>` keys; on local disk, DATA_DIR/uploads/<area>). */
export type UploadArea = 'goods' | 'avatars' | 'aftersale' | 'supplier-licences' | 'store-logos' | 'reviews' | 'site';

type HasConfig = { config: Config };

/**
 * Writes the bytes under `name` in `area` of the shop's storage, whole or not at all; a bucket out of reach
 * is a Chinese refusal. A full disk (StorageFullError) goes on to the app's error handler, which logs it
 * for the operator and tells the uploader 存储空间不足.
 */
export async function storeImageAs(ctx: HasConfig, area: UploadArea, name: string, bytes: Buffer): Promise<void> {
  try {
    await storageOf(ctx).put(`${area}/${name}`, bytes, mimeOfName(name));
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw new AppError(Code.SERVER_ERROR, '图片保存失败，请稍后重试');
    throw err;
  }
}

/** Writes the bytes under a new server-made name in `area`; answers the name. */
export async function storeImageIn(ctx: HasConfig, area: UploadArea, bytes: Buffer, ext: string): Promise<string> {
  const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  await storeImageAs(ctx, area, name, bytes);
  return name;
}

export interface StoredImage {
  stream: Readable;
  mime: string;
  size: number;
}

/** A stored picture of `area` as a stream with its type, or undefined for any other name or a missing file. */
export async function storedImage(ctx: HasConfig, area: UploadArea, name: string): Promise<StoredImage | undefined> {
  if (!IMAGE_NAME.test(name)) return undefined;
  const found = await storageOf(ctx).readStream(`${area}/${name}`);
  // The type comes from the server-made name, never from what the bucket says.
  return found && { stream: found.stream, mime: mimeOfName(name), size: found.size };
}

/** Whether `name` is a server-made name stored in `area`; a bucket out of reach is a Chinese refusal. */
export async function hasStoredImage(ctx: HasConfig, area: UploadArea, name: string): Promise<boolean> {
  if (!IMAGE_NAME.test(name)) return false;
  try {
    return await storageOf(ctx).exists(`${area}/${name}`);
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw new AppError(Code.SERVER_ERROR, '图片暂时无法读取，请稍后重试');
    throw err;
  }
}

/** Removes a stored picture (a replaced avatar, an upload whose record failed); never an error. */
export async function removeStoredImage(ctx: HasConfig, area: UploadArea, name: string): Promise<void> {
  if (!IMAGE_NAME.test(name)) return;
  await storageOf(ctx).delete(`${area}/${name}`).catch(() => {});
}

/** Sends a stored picture: its type, `nosniff`, and the caching the caller chose (public or private). */
export function sendStoredImage(reply: FastifyReply, found: StoredImage, cacheControl: string) {
  return reply
    .type(found.mime)
    .header('content-length', found.size)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(found.stream);
}
