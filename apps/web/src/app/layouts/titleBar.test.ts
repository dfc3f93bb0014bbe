import { describe, expect, it } from 'vitest';
import { hasEarlierPage, hasTitleBar, parentOf } from './titleBar.ts';

describe('which phone pages have a title bar', () => {
  it.each([
    ['/goodsDetail', true],
    ['/activityGoodsDetail', true],
    ['/points/mallDetail', true],
    ['/cart', true],
    ['/checkout', true],
    ['/payment', true],
    ['/user/order/myOrder', true],
    ['/user/order/orderDetail/abc', true],
    ['/user/order/afterSaleOrderDetail/7', true],
    ['/user/member/profile', true],
    ['/user/member/settings/', true],
    ['/user/distribution/distributionIncome', true],
    // the logo and the search stay on the home, the lists, the search and the tab roots
    ['/', false],
    ['/old-home', false],
    ['/goodsList', false],
    ['/couponGoodsList', false],
    ['/points', false],
    ['/points/mall', false],
    ['/user', false],
    ['/user/', false],
    ['/activity/3', false],
    ['/ai/chat', false],
    ['/goodsDetailX', false],
    ['/username', false],
  ])('%s → %s', (path, titled) => {
    expect(hasTitleBar(path)).toBe(titled);
  });
});

describe('where back leads with no earlier page in the app', () => {
  it.each([
    ['/goodsDetail', '/'],
    ['/activityGoodsDetail', '/'],
    ['/cart', '/'],
    ['/points/mallDetail', '/points/mall'],
    ['/checkout', '/cart'],
    ['/payment', '/user/order/myOrder'],
    ['/user/order/orderDetail/ORD123', '/user/order/myOrder'],
    ['/user/order/afterSaleOrderDetail/42', '/user/order/afterSaleOrder'],
    ['/user/distribution/distributionOrderDetail/9', '/user/distribution/distributionOrder'],
    ['/user/newDistribution/newDistributionOrderDetail/9', '/user/newDistribution/newDistributionOrder'],
    ['/user/order/myOrder', '/user'],
    ['/user/member/address', '/user'],
    ['/user/member/address/', '/user'],
  ])('%s → %s', (path, parent) => {
    expect(parentOf(path)).toBe(parent);
  });
});

describe('whether the previous entry is this app’s', () => {
  it.each([
    [{ idx: 3, key: 'k', usr: null }, true],
    [{ idx: 1 }, true],
    [{ idx: 0 }, false],
    [null, false],
    [undefined, false],
    [{ idx: '2' }, false],
    [{}, false],
  ])('%j → %s', (state, earlier) => {
    expect(hasEarlierPage(state)).toBe(earlier);
  });
});
