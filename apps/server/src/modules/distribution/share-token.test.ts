import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { readShare, signShare } from './share-token.ts';

const key = crypto.randomBytes(32);
const now = new Date('2026-11-26T00:00:00Z');
const in30Days = new Date(now.getTime() + 30 * 86_400_000);

describe('share links', () => {
  test('a link reads back its code and expiry', () => {
    const token = signShare(key, 'ABCD2345', in30Days);
    expect(token).toMatch(/^ABCD2345\.[0-9a-z]+\.[A-Za-z0-9_-]{16}$/);
    expect(readShare(key, token, now)).toEqual({ code: 'ABCD2345', expiresAt: in30Days });
  });

  test.each([
    ['expired', (t: string) => t, new Date(in30Days.getTime() + 1000), '分享链接已过期'],
    ['another code', (t: string) => t.replace('ABCD2345', 'ABCD2346'), now, '分享链接无效'],
    [
      'a stretched expiry',
      (t: string) => t.replace(/\.([0-9a-z]+)\./, (_, e: string) => `.${(parseInt(e, 36) + 86_400).toString(36)}.`),
      now,
      '分享链接无效',
    ],
    ['another key', () => signShare(crypto.randomBytes(32), 'ABCD2345', in30Days), now, '分享链接无效'],
    ['not a link', () => "'; DROP TABLE members; --", now, '分享链接无效'],
    ['empty', () => '', now, '分享链接无效'],
  ])('%s', (_, change, at, message) => {
    expect(readShare(key, change(signShare(key, 'ABCD2345', in30Days)), at)).toEqual({ refused: message });
  });
});
