/** The longest side an avatar is stored at: enough for any screen, small to send. */
export const AVATAR_SIDE_MAX = 1024;
export const AVATAR_SIDE_MIN = 32;

/**
 * Redraws the cropped picture as an exact square of at most 1024 px in its own format (the cropper
 * can be a pixel off, and the server accepts squares only).
 */
export async function squareImage(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height, AVATAR_SIDE_MAX);
  if (side < AVATAR_SIDE_MIN) {
    bitmap.close();
    throw new Error(`图片太小，头像边长至少 ${AVATAR_SIDE_MIN} 像素`);
  }
  if (bitmap.width === bitmap.height && bitmap.width === side) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d')!;
  const crop = Math.min(bitmap.width, bitmap.height);
  ctx.drawImage(bitmap, (bitmap.width - crop) / 2, (bitmap.height - crop) / 2, crop, crop, 0, 0, side, side);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.9));
  if (!blob) throw new Error('图片处理失败，请换一张');
  return new File([blob], file.name, { type: blob.type || file.type });
}
