import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * Evidence images of after-sale requests. The type is read from the bytes (never from the name or
 * the declared type); files are stored under server-made names of 128 random bits, so a name is
 * unguessable and can be served to whoever holds it (an <img> cannot send the access token).
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 6;

const KINDS = [
  {
    mime: 'image/jpeg',
    ext: 'jpg',
    test: (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    mime: 'image/png',
    ext: 'png',
    test: (b: Buffer) =>
      b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (b: Buffer) =>
      b.length > 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
] as const;

export function sniffImage(bytes: Buffer): { mime: string; ext: string } | undefined {
  const kind = KINDS.find((k) => k.test(bytes));
  return kind && { mime: kind.mime, ext: kind.ext };
}

export const IMAGE_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export function uploadDir(config: Config): string {
  return path.join(config.dataDir, 'uploads', 'aftersale');
}

export async function storeImage(config: Config, bytes: Buffer, ext: string): Promise<string> {
  const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  const dir = uploadDir(config);
  await fs.promises.mkdir(dir, { recursive: true });
  await fs.promises.writeFile(path.join(dir, name), bytes, { mode: 0o640, flag: 'wx' });
  return name;
}

export function imagePath(config: Config, name: string): string | undefined {
  if (!IMAGE_NAME.test(name)) return undefined;
  const file = path.join(uploadDir(config), name);
  return fs.existsSync(file) ? file : undefined;
}

export const imageUrl = (name: string) => `/member/order/afterSale/image/${name}`;
