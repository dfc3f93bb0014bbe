import { describe, expect, it } from 'vitest';
import { imageProblem } from './ImageUpload.tsx';
import { fenToYuan, SITE_LINK } from './rules.ts';

describe('site pictures and links, checked before sending', () => {
  it('takes PNG, JPEG and WebP up to 5 MB; never SVG', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe('只能上传 PNG、JPG 或 WebP 图片');
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('只能上传 PNG、JPG 或 WebP 图片');
    expect(imageProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('图片不能超过 5MB');
    expect(imageProblem({ type: 'image/png', size: 0 })).toBe('图片是空的，请换一张');
  });

  it('accepts a site path or https, as the server does', () => {
    for (const ok of ['/goods/1', '/search?keyword=春季', 'https://example.com/a'])
      expect(SITE_LINK.test(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example', '/\\evil', 'http://x.cn', 'goods/1', '/a b', '/a"b'])
      expect(SITE_LINK.test(bad), bad).toBe(false);
  });

  it('shows fen on the wire as yuan on screen', () => {
    expect(fenToYuan(9900)).toBe(99);
  });
});
