import { describe, expect, it } from 'vitest';
import { avatarFileProblem, AVATAR_MAX_BYTES } from './avatarFile.ts';
import { formatShanghai } from './time.ts';

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

describe('Asia/Shanghai times', () => {
  it('shows UTC instants in China time, across midnight', () => {
    expect(formatShanghai('2026-05-01T06:03:00.000Z')).toBe('2026-05-01 14:03');
    expect(formatShanghai('2026-04-30T16:30:00.000Z')).toBe('2026-05-01 00:30');
    expect(formatShanghai('nonsense')).toBe('—');
  });
});
