import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect, withRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['/goodsDetail?id=1', '/goodsDetail?id=1'],
    ['/user/member/favorites', '/user/member/favorites'],
    ['/loginhelp', '/loginhelp'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/login', '/'],
    ['/login?redirect=%2Fcart', '/'],
    ['/register?redirect=%2Fcart', '/'],
  ])('%j → %j', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });
});

describe('loginPathFor and withRedirect', () => {
  it('carries the buyer’s place, query included', () => {
    expect(loginPathFor('/goodsDetail?id=7&skuId=2')).toBe('/login?redirect=%2FgoodsDetail%3Fid%3D7%26skuId%3D2');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/login?tab=sms')).toBe('/login');
    expect(withRedirect('/register', '/cart')).toBe('/register?redirect=%2Fcart');
    expect(withRedirect('/login?tab=sms', '/cart')).toBe('/login?tab=sms&redirect=%2Fcart');
    expect(withRedirect('/register', '/')).toBe('/register');
  });
});
