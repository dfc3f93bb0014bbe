import { describe, expect, it } from 'vitest';
import { avatarFileProblem, AVATAR_MAX_BYTES } from './avatarFile.ts';

describe('avatar file check', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(avatarFileProblem({ type, size: 1000 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
  });
  it('refuses other kinds, empty files and files over 5 MB', () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe('仅支持 JPEG、PNG、WebP 格式的图片');
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('仅支持 JPEG、PNG、WebP 格式的图片');
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('头像图片不能超过 5 MB');
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe('图片文件是空的，请换一张');
  });
});
