import { expect, test, type Page } from '@playwright/test';
import { buyerRoutePatterns, englishNames, focused, seriousFindings, settled } from './support/a11y.ts';
import { DEMO, lastSmsCode, newMobile, shot } from './support/mall.ts';
import { bestSellerIds } from './support/member.ts';
import { addAddress, asMember, payOrder } from './support/order-kit.ts';
import { openMemberSession } from './support/session.ts';

/**
 * Accessibility: an axe pass (WCAG 2 A and AA) over every buyer route of the route table,
 * signed out and signed in as the demo member, at 1440 and at 375 px; no serious or critical finding.
 * Also: Tab through the sign-in form, a visible focus ring, and focus on the new page's heading.
 * Each page is loaded afresh at each width (a phone's first paint is its own layout); the records the
 * pages show (an order paid, a refund asked) are made over the API, and the member's session is laid
 * in the tab without the sign-in screen (driven in auth.spec.ts and signin-place.spec.ts).
 */

/** Routes a signed-out visitor sees as such; every other one is visited signed in. */
const SIGNED_OUT = new Set(['/', '/old-home', '/goodsList', '/couponGoodsList', '/points', '/points/mall', '/points/mallDetail', '/goodsDetail', '/activityGoodsDetail', '/activity/:id', '/flashSale', '/agreement/user', '/agreement/privacy', '/*', '/login']);

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

interface Fixtures {
  goodsId: number;
  skuId: number;
  /** A goods of the demo's 秒杀 sessions (/activityGoodsDetail), when there is one. */
  activityGoods?: { activityId: number; skuId: number };
  orderNo: string;
  afterSaleId: string;
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

/** An order of the member paid in the sandbox, and a refund request on its line: what the order pages show. */
async function paidOrderWithAfterSale(page: Page, token: string, skuId: number): Promise<Pick<Fixtures, 'orderNo' | 'afterSaleId'>> {
  const addresses = await asMember<{ id: string }[]>(page.request, token, '/member/trade/address/list');
  const addressId = addresses[0]?.id ?? (await addAddress(page.request, token, '张三'));
  const { orderNo } = await asMember<{ orderNo: string }>(page.request, token, '/member/trade/checkout/submit', {
    buyNow: { skuId, quantity: 1 },
    addressId,
    idempotencyKey: `a11y-${Date.now()}-${Math.random().toString(16).slice(2)}`,
  });
  await payOrder(page.request, token, orderNo);
  const order = await asMember<{ items: { id: string }[] }>(page.request, token, `/member/order/order/detail?orderNo=${orderNo}`);
  const applied = await asMember<{ id: string }>(page.request, token, '/member/order/afterSale/apply', {
    orderItemId: order.items[0]!.id,
    type: 'REFUND_ONLY',
    reason: '不想要了',
    quantity: 1,
    images: [],
  });
  return { orderNo, afterSaleId: applied.id };
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

/** The page as drawn, then axe and the English-name check; returns every serious or critical finding. */
async function audit(page: Page, label: string): Promise<string[]> {
  await settled(page);
  return [...(await seriousFindings(page, label)), ...(await englishNames(page, label))];
}

/** Visits each route at each width, loaded afresh (a phone's first paint is its own layout), and audits it. */
async function auditRoutes(page: Page, patterns: string[], f: Fixtures): Promise<string[]> {
  const findings: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const pattern of patterns) {
      const url = urlOf(pattern, f);
      await page.goto(url);
      findings.push(...(await audit(page, `${size.width}px ${url}`)));
    }
    await shot(page, `a11y-${size.width}-${patterns.includes('/') ? 'not-found' : 'last-member-page'}`);
  }
  return findings;
}

/** A member fresh from SMS sign-up (no username yet): what /register is for. Laid in the tab as the app keeps it. */
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

test('axe at 1440 and 375 px: the signed-out pages, sign-in and /register', async ({ page }) => {
  test.setTimeout(180_000);
  const patterns = buyerRoutePatterns().filter((p) => SIGNED_OUT.has(p));
  const fixtures = { ...(await goodsInStock(page)), orderNo: '', afterSaleId: '' };
  const findings = await auditRoutes(page, patterns, fixtures);

  await asNewSmsMember(page);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/register$/);
    findings.push(...(await audit(page, `${size.width}px /register`)));
  }
  report(findings);
});

test('axe at 1440 and 375 px: the member, cart, checkout and order pages signed in as the demo member', async ({ page }) => {
  test.setTimeout(180_000);
  const { accessToken } = await openMemberSession(page, DEMO);
  const goods = await goodsInStock(page);
  const fixtures = { ...goods, ...(await paidOrderWithAfterSale(page, accessToken, goods.skuId)) };
  const patterns = buyerRoutePatterns().filter((p) => !SIGNED_OUT.has(p) && p !== '/register');
  report(await auditRoutes(page, patterns, fixtures));
});

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
  await openMemberSession(page, DEMO);
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
