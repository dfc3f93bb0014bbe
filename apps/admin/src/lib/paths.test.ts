import { describe, expect, it } from 'vitest';
import { consolePath, loginPath, safeRedirect } from './paths.ts';

describe('console paths', () => {
  it.each([
    [null, '/'],
    ['', '/'],
    ['/orders?status=1', '/orders?status=1'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['/login', '/'],
    ['/login?redirect=%2Forders', '/'],
    ['/loginx', '/loginx'],
  ])('safeRedirect(%j) → %j', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });

  it('loginPath carries the way back, except from home', () => {
    expect(loginPath('/goods/categories')).toBe('/login?redirect=%2Fgoods%2Fcategories');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?redirect=%2Fx')).toBe('/login');
  });

  it('consolePath strips the /admin basename', () => {
    expect(consolePath({ pathname: '/admin/orders', search: '?a=1' })).toBe('/orders?a=1');
    expect(consolePath({ pathname: '/admin', search: '' })).toBe('/');
    expect(consolePath({ pathname: '/admin/', search: '' })).toBe('/');
  });
});
