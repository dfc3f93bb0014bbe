import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { KeptBody } from './reply-body.ts';

// A category tree's worth of JSON: nodes of Chinese names, picture paths and counts.
const words = [
  '手机',
  '数码',
  '家用电器',
  '厨具',
  '服饰',
  '鞋靴',
  '美妆',
  '母婴',
  '食品',
  '生鲜',
  '图书',
  '运动',
  '户外',
  '家装',
];
const json = JSON.stringify(
  Array.from({ length: 400 }, (_, i) => ({
    id: i + 1,
    name: `${words[(i * 7) % words.length]}${words[(i * 3 + 1) % words.length]}`,
    icon: `/static/categories/${(i * 7919) % 100_003}.png`,
    goodsCount: (i * 104_729) % 9_973,
  })),
);

describe('a kept body', () => {
  it('answers brotli at once, then a smaller copy made in the background, both the same JSON', async () => {
    const body = new KeptBody(json);
    const quick = body.in('br');
    expect(zlib.brotliDecompressSync(quick).equals(body.identity)).toBe(true);
    await vi.waitFor(() => expect(body.in('br').length).toBeLessThan(quick.length));
    expect(zlib.brotliDecompressSync(body.in('br')).equals(body.identity)).toBe(true);
  });

  it('keeps gzip at its quick level, and the same copy on every ask', () => {
    const body = new KeptBody(json);
    const gzip = body.in('gzip');
    expect(zlib.gunzipSync(gzip).equals(body.identity)).toBe(true);
    expect(body.in('gzip')).toBe(gzip);
    expect(body.in('identity')).toBe(body.identity);
  });
});
