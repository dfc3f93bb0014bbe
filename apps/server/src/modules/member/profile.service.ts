import { Code } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { removeStoredImage, storeImageIn } from '../../lib/image-upload.ts';
import * as accounts from '../accounts/accounts.service.ts';
import { presentCurrentUser } from '../accounts/index.ts';
import { IMAGE_EXT, readImageInfo } from './image.ts';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_URL_PREFIX = '/static/uploads/avatars/';
/** Server-made names only: 32 hex digits and the extension of the sniffed kind. */
export const AVATAR_NAME = /^[0-9a-f]{32}\.(?:jpg|png|webp)$/;
const MIN_SIDE = 32;
const MAX_SIDE = 4096;

export async function updateProfile(
  ctx: AppContext,
  memberId: string,
  input: { nickname?: string; gender?: 'male' | 'female' | 'unknown'; birthday?: string | null },
) {
  const values: accounts.ProfileChange = {};
  if (input.nickname !== undefined) values.nickname = input.nickname;
  if (input.gender !== undefined) values.gender = input.gender;
  if (input.birthday !== undefined) values.birthday = input.birthday;
  return presentCurrentUser(await accounts.updateProfile(ctx, memberId, values));
}

/**
 * Stores a new avatar: JPEG, PNG or WebP by its bytes, square (the web crops it before upload),
 * under a server-made name. The previous avatar file, if it was one of ours, is removed.
 */
export async function saveAvatar(ctx: AppContext, memberId: string, bytes: Buffer) {
  const info = readImageInfo(bytes);
  if (!info) throw new AppError(Code.UPLOAD_INVALID, '仅支持 JPEG、PNG、WebP 格式的图片');
  if (info.width !== info.height) {
    throw new AppError(Code.UPLOAD_INVALID, `头像须为正方形，请裁剪后再上传（当前 ${info.width}×${info.height}）`);
  }
  if (info.width < MIN_SIDE || info.width > MAX_SIDE) {
    throw new AppError(Code.UPLOAD_INVALID, `头像边长须在 ${MIN_SIDE}–${MAX_SIDE} 像素之间`);
  }
  const before = await accounts.currentMember(ctx, memberId);
  const name = await storeImageIn(ctx, 'avatars', bytes, IMAGE_EXT[info.kind]);
  let updated;
  try {
    updated = await accounts.updateProfile(ctx, memberId, { avatar: AVATAR_URL_PREFIX + name });
  } catch (err) {
    await removeStoredImage(ctx, 'avatars', name);
    throw err;
  }
  const old = storedAvatarOf(before.avatar);
  if (old) await removeStoredImage(ctx, 'avatars', old);
  return presentCurrentUser(updated);
}

/** The stored file behind a member's avatar address, when it is one this shop stored (not a default or a link). */
export function storedAvatarOf(avatar: string | null | undefined): string | null {
  const name = avatar?.startsWith(AVATAR_URL_PREFIX) ? avatar.slice(AVATAR_URL_PREFIX.length) : null;
  return name && AVATAR_NAME.test(name) ? name : null;
}
