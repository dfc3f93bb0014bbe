/** The avatar rules of the conventions, checked in the browser before cropping and again before upload. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');

export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return '仅支持 JPEG、PNG、WebP 格式的图片';
  if (file.size > AVATAR_MAX_BYTES) return '头像图片不能超过 5 MB';
  if (file.size === 0) return '图片文件是空的，请换一张';
  return null;
}
