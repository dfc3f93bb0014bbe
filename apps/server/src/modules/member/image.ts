/**
 * Reads what an uploaded image is from its bytes, never from its name or declared type: the magic
 * bytes of JPEG, PNG or WebP, and the width and height from the header (no decoding, no native
 * dependency), so a non-square avatar can be refused.
 */
export type ImageKind = 'jpeg' | 'png' | 'webp';

export interface ImageInfo {
  kind: ImageKind;
  width: number;
  height: number;
}

export const IMAGE_EXT: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
export const IMAGE_MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffKind(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The image's kind and size, or null when the bytes are not a JPEG, PNG or WebP we can read. */
export function readImageInfo(buf: Buffer): ImageInfo | null {
  const kind = sniffKind(buf);
  if (!kind) return null;
  const size = kind === 'png' ? pngSize(buf) : kind === 'jpeg' ? jpegSize(buf) : webpSize(buf);
  if (!size || size.width <= 0 || size.height <= 0) return null;
  return { kind, ...size };
}

type Size = { width: number; height: number } | null;

function pngSize(buf: Buffer): Size {
  // The first chunk must be IHDR: length 13, type, then width and height (big-endian).
  if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** Walks the marker segments to the first start-of-frame (SOF0–SOF15 except DHT, JPG and DAC). */
function jpegSize(buf: Buffer): Size {
  let i = 2;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = buf.readUInt16BE(i + 2);
    if (length < 2) return null;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (i + 9 > buf.length) return null;
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(buf: Buffer): Size {
  if (buf.length < 30) return null;
  const chunk = buf.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ') {
    // Lossy: a key frame's start code 9d 01 2a, then 14-bit width and height.
    if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return null;
    return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2f, then width-1 and height-1 in 14 bits each.
    if (buf[20] !== 0x2f) return null;
    const b = buf.readUInt32LE(21);
    return { width: (b & 0x3fff) + 1, height: ((b >>> 14) & 0x3fff) + 1 };
  }
  return null;
}
