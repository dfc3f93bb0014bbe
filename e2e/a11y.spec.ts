import { expect, test, type Page } from '@playwright/test';
import { buyerRoutePatterns, englishNames, focused, seriousFindings, settled } from './support/a11y.ts';
import { lastSmsCode, newMobile, shot, signInAsDemo } from './support/mall.ts';
import { bestSellerIds, callAsPage } from './support/member.ts';

/**
 * Accessibility (issue 11): an axe pass (WCAG 2 A and AA) over every buyer route of the route table,
 * signed out and signed in as the demo member, at 1440 and at 375 px; no serious or critical finding.
 * Also: Tab through the sign-in form, a visible focus ring, and focus on the new page's heading.
 */

/** Routes a signed-out visitor sees as such; every other one is visited signed in. */
const SIGNED_OUT = new Set(['/', '/old-home', '/goodsList', '/couponGoodsList', '/points', '/points/mall', '/points/mallDetail', '/goodsDetail', '/activityGoodsDetail', '/activity/:id', '/agreement/user', '/agreement/privacy', '/*', '/login']);

interface Fixtures {
  goodsId: number;
  skuId: number;
  /** A goods of the demo's 秒杀 sessions (/activityGoodsDetail), when there is one. */
  activityGoods?: { activityId: number; skuId: number };
  orderNo: string;
  afterSaleId: string;
}

/** The address in reach for orders: the member's first, or a new one. */
async function addressId(page: Page): Promise<string> {
  const list = await callAsPage<{ id: string }[]>(page, '/member/trade/address/list');
  if (list.data[0]) return list.data[0].id;
  const made = await callAsPage<{ id: string }>(page, '/member/trade/address/create', {
    receiverName: '张三',
    mobile: '13800138000',
    provinceCode: '11',
    cityCode: '1101',
    districtCode: '110105',
    detail: '建国路 88 号 SOHO 现代城 1 号楼',
  });
  expect(made.code, made.message).toBe(0);
  return made.data.id;
}

/** An order of the demo member paid at the sandbox cashier, and a refund request on its line. */
async function paidOrderWithAfterSale(page: Page, skuId: number): Promise<Pick<Fixtures, 'orderNo' | 'afterSaleId'>> {
  const placed = await callAsPage<{ orderNo: string }>(page, '/member/trade/checkout/submit', {
    buyNow: { skuId, quantity: 1 },
    addressId: await addressId(page),
    idempotencyKey: `a11y-${Date.now()}-${Math.random().toString(16).slice(2)}`,
  });
  expect(placed.code, placed.message).toBe(0);
  const { orderNo } = placed.data;
  await page.goto(`/payment?orderNo=${orderNo}`);
  await page.getByRole('button', { name: /去支付/ }).click();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/order/orderDetail/${orderNo}$`));
  const order = await callAsPage<{ items: { id: string }[] }>(page, `/member/order/order/detail?orderNo=${orderNo}`);
  const applied = await callAsPage<{ id: string }>(page, '/member/order/afterSale/apply', {
    orderItemId: order.data.items[0]!.id,
    type: 'REFUND_ONLY',
    reason: '不想要了',
    quantity: 1,
    images: [],
  });
  expect(applied.code, applied.message).toBe(0);
  return { orderNo, afterSaleId: applied.data.id };
}

/** An on-shelf goods with stock (the top best seller) and its first SKU in stock. */
async function goodsInStock(page: Page): Promise<Pick<Fixtures, 'goodsId' | 'skuId' | 'activityGoods'>> {
  const goodsId = (await bestSellerIds(page.request))[0]!;
  const res = await page.request.get(`/member/goods/goods/detail/${goodsId}`);
  const detail = (await res.json()) as { data: { skus: { id: number; stock: number }[] } };
  const flash = (await (await page.request.get('/member/activity/flashSale/sessions')).json()) as {
    data: { sessions: { goods: { activityId: number; skuId: number }[] }[] };
  };
  const activityGoods = flash.data.sessions.flatMap((s) => s.goods)[0];
  return { goodsId, skuId: detail.data.skus.find((s) => s.stock > 0)!.id, activityGoods };
}

/** Where each route pattern is visited: parameters filled with real records. */
function urlOf(pattern: string, f: Fixtures): string {
  const urls: Record<string, string> = {
    '/goodsDetail': `/goodsDetail?id=${f.goodsId}`,
    '/activityGoodsDetail': f.activityGoods
      ? `/activityGoodsDetail?activityId=${f.activityGoods.activityId}&skuId=${f.activityGoods.skuId}`
      : `/activityGoodsDetail?id=${f.goodsId}`,
    '/points/mallDetail': '/points/mallDetail?id=1',
    '/activity/:id': '/activity/1',
    '/*': '/no-such-page',
    '/checkout': `/checkout?skuId=${f.skuId}&quantity=1`,
    '/payment': `/payment?orderNo=${f.orderNo}`,
    '/user/order/orderDetail/:id': `/user/order/orderDetail/${f.orderNo}`,
    '/user/order/afterSaleOrderDetail/:id': `/user/order/afterSaleOrderDetail/${f.afterSaleId}`,
    '/user/distribution/distributionOrderDetail/:id': '/user/distribution/distributionOrderDetail/1',
    '/user/newDistribution/newDistributionOrderDetail/:id': '/user/newDistribution/newDistributionOrderDetail/1',
  };
  return urls[pattern] ?? pattern;
}

/** Visits each route, waits for its data, runs axe; returns every serious or critical finding. */
async function auditRoutes(page: Page, patterns: string[], f: Fixtures, width: number): Promise<string[]> {
  const findings: string[] = [];
  for (const pattern of patterns) {
    const url = urlOf(pattern, f);
    await page.goto(url);
    await settled(page);
    findings.push(...(await seriousFindings(page, `${width}px ${url}`)), ...(await englishNames(page, `${width}px ${url}`)));
  }
  return findings;
}

/** A member fresh from SMS sign-up (no roles yet): what /register is for. */
async function asNewSmsMember(page: Page) {
  const mobile = newMobile();
  await page.request.post('/member/user/auth/verificationCode', { form: { mobileNumber: mobile } });
  const code = await lastSmsCode(page.request, mobile);
  const res = await page.request.post('/member/user/auth/registerAndLogin', {
    form: { mobileNumber: mobile, code, remember: 'false', clientType: 'PC_BROWSER' },
  });
  const tokens = ((await res.json()) as { data: { accessToken: string; refreshToken: string } }).data;
  const me = await page.request.get('/member/user/user/current', { headers: { Authorization: tokens.accessToken } });
  const user = ((await me.json()) as { data: unknown }).data;
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('member-accessToken', JSON.stringify(t.accessToken));
      localStorage.setItem('member-refreshToken', JSON.stringify(t.refreshToken));
      localStorage.setItem('member-userInfo', JSON.stringify(u));
    },
    [tokens, user] as const,
  );
}

function report(findings: string[]) {
  expect(findings, `axe: ${findings.length} serious/critical finding(s)\n\n${findings.join('\n\n')}`).toEqual([]);
}

for (const width of [1440, 375]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 812 } });

    test('signed-out pages, sign-in and /register', async ({ page }) => {
      test.setTimeout(180_000);
      const patterns = buyerRoutePatterns().filter((p) => SIGNED_OUT.has(p));
      const findings = await auditRoutes(page, patterns, { ...(await goodsInStock(page)), orderNo: '', afterSaleId: '' }, width);
      await shot(page, `a11y-${width}-not-found`);

      await asNewSmsMember(page);
      await page.goto('/register');
      await expect(page).toHaveURL(/\/register$/);
      await settled(page);
      findings.push(...(await seriousFindings(page, `${width}px /register`)), ...(await englishNames(page, `${width}px /register`)));
      report(findings);
    });

    test('the member, cart, checkout and order pages signed in as the demo member', async ({ page }) => {
      test.setTimeout(240_000);
      await signInAsDemo(page);
      const goods = await goodsInStock(page);
      const fixtures = { ...goods, ...(await paidOrderWithAfterSale(page, goods.skuId)) };
      const patterns = buyerRoutePatterns().filter((p) => !SIGNED_OUT.has(p) && p !== '/register');
      const findings = await auditRoutes(page, patterns, fixtures, width);
      await shot(page, `a11y-${width}-last-member-page`);
      report(findings);
    });
  });
}

test('every route of the route table is in the pass', () => {
  const patterns = buyerRoutePatterns();
  expect(patterns.length).toBeGreaterThanOrEqual(40);
  // Parameterised routes need a real record to be visited; each one has one here.
  const f = { goodsId: 1, skuId: 1, orderNo: 'N', afterSaleId: 'A' };
  for (const p of patterns) expect(urlOf(p, f), p).not.toMatch(/:|\*/);
});

test('Tab goes 用户名 → 密码 → … → 登录 through the sign-in form; a visible focus ring there and on the search box', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: '密码登录' }).click();
  const stops: { what: string; ring: boolean }[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f.inForm) stops.push(f);
    if (/submit/.test(f.what)) break;
  }
  const path = stops.map((s) => s.what).join('  →  ');
  expect(stops[0]?.what, path).toMatch(/用户名/);
  expect(stops[1]?.what, path).toMatch(/密码/);
  expect(stops.at(-1)?.what, path).toMatch(/submit.*登\s*录/);
  expect(stops.filter((s) => !s.ring).map((s) => s.what), `no focus ring on: ${path}`).toEqual([]);
  await shot(page, 'a11y-login-focus');

  // The header's search box (antd draws it without an outline) shows the ring too.
  await page.goto('/');
  await page.getByLabel('搜索商品').focus();
  expect((await focused(page)).ring).toBe(true);
  await shot(page, 'a11y-search-focus');
});

test('after a navigation focus is on the new page\'s heading', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/user/order/myOrder');
  await settled(page);
  await page.getByRole('navigation', { name: '会员中心菜单' }).getByRole('menuitem', { name: '收货地址' }).click();
  await expect(page).toHaveURL(/\/user\/member\/address$/);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('main') && document.activeElement.tagName)).toMatch(/^H[12]$/);
  await expect(page.locator(':focus')).toHaveText('收货地址');

  await page.getByTestId('header-cart').or(page.getByRole('link', { name: /购物车/ })).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('main') && document.activeElement.tagName)).toMatch(/^H[12]$/);
});
