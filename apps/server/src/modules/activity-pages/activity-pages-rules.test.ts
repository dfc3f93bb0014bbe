import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ACTIVITY_PAGE_STATUSES } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { PAGE_TRANSITIONS, PREVIEW_TTL_MS, actionsOf, canDo, previewValid, signPreview } from './activity-pages-rules.ts';
import { IN_SHOP_PATH, createPageBody, sectionSchema } from './activity-pages.schema.ts';

/** The section schema, the state table and the preview token, without a database. */
describe('section schema', () => {
  test.each([
    [{ type: 'banner', image: '/static/uploads/goods/a.png' }, { type: 'banner', image: '/static/uploads/goods/a.png', link: null }],
    [{ type: 'banner', image: 'x.png', link: '' }, { type: 'banner', image: 'x.png', link: null }],
    [{ type: 'banner', image: 'x.png', link: '/goodsDetail?goodsId=1' }, { type: 'banner', image: 'x.png', link: '/goodsDetail?goodsId=1' }],
    [{ type: 'countdown', activityId: '7', label: ' 距结束 ' }, { type: 'countdown', activityId: 7, label: '距结束' }],
    [{ type: 'goods', activityId: 7, title: '秒杀' }, { type: 'goods', activityId: 7, title: '秒杀' }],
    [{ type: 'coupons', couponIds: [1, 2] }, { type: 'coupons', couponIds: [1, 2] }],
    [{ type: 'richText', blocks: [{ type: 'heading', text: '规则' }] }, { type: 'richText', blocks: [{ type: 'heading', text: '规则' }] }],
  ])('accepts %j', (input, want) => {
    expect(sectionSchema.parse(input)).toEqual(want);
  });

  test.each([
    [{ type: 'banner', image: 'x.png', link: 'javascript:alert(1)' }],
    [{ type: 'banner', image: 'x.png', link: 'https://example.com' }],
    [{ type: 'banner', image: 'x.png', link: '//example.com' }],
    [{ type: 'banner', image: 'x.png', link: '/a b' }],
    [{ type: 'banner', image: 'x.png', link: '/"><script>' }],
    [{ type: 'iframe', src: '/' }],
    [{ type: 'richText', blocks: [{ type: 'html', text: '<p>' }] }],
    [{ type: 'coupons', couponIds: [1, 1] }],
    [null],
    [[]],
    ['banner'],
  ])('refuses %j', (input) => {
    expect(sectionSchema.safeParse(input).success).toBe(false);
  });

  test('the message names the section by its place', () => {
    expect(() => parse(createPageBody, { title: '页', sections: [{ type: 'richText', blocks: [{ type: 'paragraph', text: '好' }] }, { type: 'goods', title: 'x' }] })).toThrow(
      '第 2 个板块：请填写商品板块的活动',
    );
  });

  test('an in-shop path never starts another scheme or host (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (IN_SHOP_PATH.test(s)) {
          expect(s.startsWith('/')).toBe(true);
          expect(s.startsWith('//') || s.startsWith('/\\')).toBe(false);
          expect(/[\s<>"'`]/.test(s)).toBe(false);
        }
      }),
    );
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        expect(IN_SHOP_PATH.test(url)).toBe(false);
      }),
    );
  });
});

describe('page states', () => {
  test.each([
    ['DRAFT', ['update', 'publish']],
    ['PUBLISHED', ['offline']],
    ['OFFLINE', ['update', 'publish']],
  ] as const)('%s allows %j', (status, actions) => {
    expect(actionsOf(status)).toEqual(actions);
  });

  test('every move lands in a state it may not make again (a second click changes nothing)', () => {
    for (const [action, { to }] of Object.entries(PAGE_TRANSITIONS)) {
      expect(canDo(to, action as keyof typeof PAGE_TRANSITIONS)).toBe(false);
      expect(ACTIVITY_PAGE_STATUSES).toContain(to);
    }
  });
});

describe('preview token', () => {
  const key = Buffer.alloc(32, 1);
  const now = 1_800_000_000_000;

  test('valid for its page within 10 minutes, and only then', () => {
    const { token, expiresAt } = signPreview(key, 5, now);
    expect(expiresAt).toBe(now + PREVIEW_TTL_MS);
    expect(previewValid(key, 5, token, now)).toBe(true);
    expect(previewValid(key, 5, token, now + PREVIEW_TTL_MS - 1)).toBe(true);
    expect(previewValid(key, 5, token, now + PREVIEW_TTL_MS)).toBe(false);
    expect(previewValid(key, 6, token, now)).toBe(false);
    expect(previewValid(Buffer.alloc(32, 2), 5, token, now)).toBe(false);
    // Dated beyond the TTL (an expiry pushed forward) is refused even with a right MAC.
    const far = signPreview(key, 5, now + PREVIEW_TTL_MS);
    expect(previewValid(key, 5, far.token, now)).toBe(false);
  });

  test('any change to a token breaks it (property)', () => {
    const { token } = signPreview(key, 9, now);
    fc.assert(
      fc.property(fc.nat({ max: token.length - 1 }), fc.constantFrom(...'0123456789abcdefABCDEF_-.x'), (i, ch) => {
        fc.pre(token[i] !== ch);
        const changed = token.slice(0, i) + ch + token.slice(i + 1);
        expect(previewValid(key, 9, changed, now)).toBe(false);
      }),
    );
  });
});
