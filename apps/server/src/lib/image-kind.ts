/**
 * What an uploaded picture is, read from its bytes (never from its name or declared type), and the
 * rules every upload of the shop follows: JPEG, PNG or WebP, at most 5 MB, kept under a server-made
 * name of 128 random bits (32 hex digits) with the extension of the kind found.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A server-made name: nothing a client chose can reach the file system. */
export const IMAGE_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

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

/** The type to serve a stored name with (its extension was chosen from the sniffed kind). */
export function mimeOfName(name: string): string {
  return name.endsWith('.png') ? 'image/png' : name.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
}
