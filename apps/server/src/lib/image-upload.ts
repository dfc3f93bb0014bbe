import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { Code } from '@mall/shared';
import { AppError } from './errors.ts';
import { IMAGE_NAME, MAX_IMAGE_BYTES, mimeOfName, sniffImage } from './image-kind.ts';
import { LocalDiskStorage } from './storage/local-disk-storage.ts';

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

/** Writes the bytes under a new server-made name in `dir` (created when missing); answers the name. */
export async function storeImageIn(dir: string, bytes: Buffer, ext: string): Promise<string> {
  const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  await new LocalDiskStorage(dir).put(name, bytes, mimeOfName(name));
  return name;
}

/** The file of a stored name in `dir` with its type, or undefined for any other name or a missing file. */
export function storedImage(dir: string, name: string): { file: string; mime: string } | undefined {
  if (!STORED_IMAGE_NAME.test(name)) return undefined;
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) return undefined;
  return { file, mime: mimeOfName(name) };
}
