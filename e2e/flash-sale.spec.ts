import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { seriousFindings, settled } from './support/a11y.ts';
import { fillPasswordLogin, shot } from './support/mall.ts';
import { signUpMember } from './support/member.ts';
import { addAddress, asOps, newBuyer } from './support/order-kit.ts';

/**
 * 秒杀 for buyers in Chromium. The operator's part (新建活动, 排期 in the console) is
 * admin-activities.spec.ts; here a 秒杀 of 3 units of a goods no other spec buys, 每人限购 2, is scheduled
 * over the ops API to start within a minute. A buyer (1440 px) opens /activityGoodsDetail and sees
 * 即将开始 with the countdown ticking, sets 提醒我 (the SMS comes before the start) → the countdown
 * reaches the start and 立即抢购 appears without a reload → 2 at the activity price are ordered →
 * 已抢 66%, 仅剩 1 件, the limit reached; the home's 秒杀 strip and the usual goods page's banner. While
 * the countdown runs, a visitor on a phone is asked by the sticky bar to sign in and comes back; after
 * buyer one they order the last unit (375 px: 立即抢购 on screen); then the page, the strip and the
 * banner say 已抢光 at both widths.
 * Prices, units, limits, races and payment of a 秒杀 are API tests: flows/checkout-activities.test.ts,
 * modules/activities/*.test.ts.
 */

const PRICE_FEN = 990;
const SHOTS = '/tmp';
/** Time enough for a buyer's page to open and set 提醒我 on a loaded machine before the start. */
const LEAD_MS = 40_000;

interface GoodsRow {
  id: number;
  name: string;
  onShelf: boolean;
  skuCount: number;
  stock: number;
}
interface GoodsDetail {
  id: number;
  name: string;
  skus: { id: number; price: number; stock: number }[];
}
const pageOf = (pageNum: number) => `?pageNum=${pageNum}&pageSize=50`;

/**
 * A one-SKU goods on shelf, in no activity, priced well above ¥9.90, and not one other specs buy: they
 * buy the best sellers (the sales list) and the console's spec takes the first goods of the console's
 * list; this takes one from the far end of it.
 */
async function pickGoods(api: APIRequestContext): Promise<GoodsDetail> {
  const taken = new Set<number>();
  const acts = await asOps<{ list: { skus: { skuId: number }[] }[] }>(api, `/ops/promotion/activity/page${pageOf(1)}`);
  for (const a of acts.list) for (const s of a.skus) taken.add(s.skuId);
  const sales = (await (await api.get('/member/goods/getGoodsSalesList/20')).json()) as { data: { id: number }[] };
  const bestSellers = new Set(sales.data.map((g) => g.id));
  const first = await asOps<{ list: GoodsRow[]; total: number }>(api, `/ops/goods/page${pageOf(1)}`);
  for (let p = Math.max(1, Math.ceil(first.total / 50)); p >= 1; p--) {
    const page = p === 1 ? first : await asOps<{ list: GoodsRow[] }>(api, `/ops/goods/page${pageOf(p)}`);
    for (const g of [...page.list].reverse().filter((x) => x.onShelf && x.skuCount === 1 && x.stock >= 20 && !bestSellers.has(x.id))) {
      const d = await asOps<GoodsDetail>(api, `/ops/goods/detail?goodsId=${g.id}`);
      if (!taken.has(d.skus[0]!.id) && d.skus[0]!.price >= 2000) return d;
    }
  }
  throw new Error('演示数据里没有可用于秒杀的单规格商品');
}

/** A 秒杀 of 3 units at ¥9.90, 每人限购 2, from `startsAt` for an hour, created and 排期 by the operator. */
async function scheduleFlashSale(api: APIRequestContext, title: string, skuId: number, startsAt: number) {
  const made = await asOps<{ id: number }>(api, '/ops/promotion/activity/create', {
    kind: 'FLASH_SALE',
    title,
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + 60 * 60_000).toISOString(),
    perMemberLimit: 2,
    skus: [{ skuId, priceFen: PRICE_FEN, stock: 3 }],
  });
  await asOps(api, '/ops/promotion/activity/schedule', { id: made.id });
  return made.id;
}

/** Beijing wall-clock time (HH:mm) of a moment, as the reminder and the home's session chips write it. */
const beijingHm = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);

async function newPage(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  return context.newPage();
}

/** axe (WCAG 2 A/AA) on the page as drawn: no serious or critical finding. */
async function axe(page: Page, label: string) {
  await settled(page);
  expect(await seriousFindings(page, label)).toEqual([]);
}

async function wholeOnScreen(target: Locator) {
  await expect(target).toBeInViewport({ ratio: 1 });
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('秒杀: 即将开始 and 提醒我 → starts without a reload → 立即抢购 at the limit → a visitor on a phone signs in and takes the last → 已抢光', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // A retry's session reads apart from the failed try's, which stays in the shop's data.
  const title = `端到端秒杀场${test.info().retry ? test.info().retry : ''}`;
  const goods = await pickGoods(page.request);
  const skuId = goods.skus[0]!.id;
  const usual = goods.skus[0]!.price;
  const a = await newPage(browser, 1440, 900);
  const one = await newBuyer(a, 'fs');
  await addAddress(a.request, one.token, '李四');
  const startsAt = Date.now() + LEAD_MS;
  const activityId = await scheduleFlashSale(page.request, title, skuId, startsAt);
  const href = `/activityGoodsDetail?activityId=${activityId}&skuId=${skuId}`;

  // ---- buyer one (1440 px): 即将开始 with the countdown, 提醒我 ----
  await a.goto(href);
  await expect(a.getByTestId('activity-phase')).toHaveText('即将开始');
  await expect(a.getByTestId('activity-price')).toHaveText(`¥${(PRICE_FEN / 100).toFixed(2)}`);
  await expect(a.getByTestId('activity-usual-price')).toHaveText(`¥${(usual / 100).toFixed(2)}`);
  const countdown = a.getByTestId('activity-countdown');
  await expect(countdown).toHaveAttribute('aria-label', /^距开始 00:00:\d\d$/);
  const first = await countdown.getAttribute('aria-label');
  await expect(countdown).not.toHaveAttribute('aria-label', first!); // it ticks
  await expect(a.getByTestId('activity-progress')).toContainText('已抢 0%');
  await expect(a.getByTestId('activity-left')).toHaveText('仅剩 3 件');
  await expect(a.getByTestId('activity-limit')).toHaveText('每人限购 2 件，您还可购买 2 件');
  await a.getByTestId('activity-action').click();
  await expect(a.getByText(/已设置提醒，开抢前 5 分钟短信通知您/)).toBeVisible();
  await expect(a.getByTestId('activity-action')).toHaveText('已设置提醒');
  await a.screenshot({ path: `${SHOTS}/flash-detail-upcoming-1440.png`, fullPage: true });
  await axe(a, '1440 即将开始');

  // ---- meanwhile a visitor on a phone (375 px) is asked to sign in by the sticky bar, and comes back ----
  const two = await signUpMember(page.request, 'fp');
  const b = await newPage(browser, 375, 812);
  await b.goto(href);
  const bar = b.getByTestId('activity-bar');
  await expect(b.getByTestId('activity-limit')).toHaveText('每人限购 2 件');
  await bar.getByTestId('activity-action').click();
  await b.getByRole('dialog').getByRole('button', { name: '去登录' }).click();
  await expect(b).toHaveURL(`/login?redirect=${encodeURIComponent(href)}`);
  await fillPasswordLogin(b, two.username, two.password);
  await expect(b).toHaveURL(href);
  await expect(b.getByTestId('activity-limit')).toHaveText('每人限购 2 件，您还可购买 2 件');
  const token = await b.evaluate(() => JSON.parse(localStorage.getItem('member-accessToken')!) as string);
  await addAddress(b.request, token, '王芳');

  // The reminder's SMS, sent once by the server's sweeper (every 30 s) within the 5 minutes before the
  // start; its exact words, before and after a late sweep, are activity-reminders.test.ts's.
  await expect
    .poll(
      async () => {
        const res = await a.request.get(`/dev/sms-outbox?mobileNumber=${one.mobile}`);
        const body = (await res.json()) as { data: { content: string }[] };
        return body.data.filter((m) => m.content.includes(`「${title}」`)).length;
      },
      { timeout: 90_000 },
    )
    .toBe(1);

  // ---- it starts: the countdown reaches 0 and 立即抢购 appears without a reload ----
  await expect(a.getByTestId('activity-action')).toHaveText('立即抢购', { timeout: Math.max(30_000, startsAt - Date.now() + 30_000) });
  await expect(a.getByTestId('activity-phase')).toHaveText('进行中');
  await expect(a.getByTestId('activity-countdown')).toHaveAttribute('aria-label', /^距结束 00:[5-6]\d:\d\d$/);
  await a.screenshot({ path: `${SHOTS}/flash-detail-running-1440.png`, fullPage: true });
  // At most the limit: the stepper stops at 2.
  const qty = a.getByRole('spinbutton', { name: '购买数量' });
  await qty.fill('5');
  await qty.blur();
  await expect(qty).toHaveValue('2');
  await a.getByTestId('activity-action').click();
  await expect(a).toHaveURL(new RegExp(`/checkout\\?skuId=${skuId}&quantity=2&activityId=${activityId}$`));
  await expect(a.getByTestId('checkout-item-name')).toHaveText([goods.name]);
  // The line at the activity price; 2 × ¥9.90 + ¥10 freight (under ¥99).
  await expect(a.getByTestId('checkout-item-price')).toHaveText('¥9.90');
  await expect(a.getByTestId('amount-payable')).toHaveText('¥29.80');
  await a.screenshot({ path: `${SHOTS}/flash-checkout-1440.png` });
  await a.getByRole('button', { name: /提交订单/ }).click();
  await expect(a).toHaveURL(/\/payment\?orderNo=\d+$/);
  await expect(a.getByTestId('payment-amount')).toHaveText('¥29.80');

  // The progress moved (an order holds its units); this member reached the limit.
  await a.goto(href);
  await expect(a.getByTestId('activity-progress')).toContainText('已抢 66%');
  await expect(a.getByTestId('activity-left')).toHaveText('仅剩 1 件');
  await expect(a.getByTestId('activity-limit')).toHaveText('每人限购 2 件，您还可购买 0 件');
  await expect(a.getByTestId('activity-action')).toHaveText('已达限购数量');
  await expect(a.getByTestId('activity-action')).toBeDisabled();

  // ---- the home's strip and the usual goods page's banner (1440 px) ----
  await a.goto('/');
  const strip = a.getByTestId('home-flash');
  await expect(strip).toBeVisible({ timeout: 15_000 });
  const chip = strip.getByTestId('home-flash-chip').filter({ hasText: beijingHm(startsAt) });
  if ((await strip.getByTestId('home-flash-chip').count()) > 0) await chip.first().click();
  await expect(strip.getByTestId('home-flash-session')).toHaveText(title);
  await expect(strip.getByTestId('home-flash-countdown')).toHaveAttribute('aria-label', /^距结束 \d\d:\d\d:\d\d$/);
  const card = strip.getByTestId('flash-goods').filter({ hasText: goods.name });
  await expect(card).toContainText('¥9.90');
  await expect(card).toContainText('已抢66%');
  await strip.scrollIntoViewIfNeeded();
  await a.screenshot({ path: `${SHOTS}/flash-home-strip-1440.png` });
  await axe(a, '1440 home');
  await card.click();
  await expect(a).toHaveURL(new RegExp(`/activityGoodsDetail\\?activityId=${activityId}&skuId=${skuId}$`));
  await a.goto(`/goodsDetail?id=${goods.id}`);
  const banner = a.getByTestId('goods-activity-banner');
  await expect(banner).toContainText('秒杀');
  await expect(banner.getByTestId('goods-activity-price')).toHaveText('¥9.90');
  await expect(banner.getByTestId('goods-activity-countdown')).toHaveAttribute('aria-label', /^距结束 /);
  // The page's own price stays the usual one: a 秒杀 is bought on its own page.
  await expect(a.getByTestId('detail-price')).toHaveText(`¥${(usual / 100).toFixed(2)}`);
  await a.screenshot({ path: `${SHOTS}/flash-goods-banner-1440.png` });
  await axe(a, '1440 goods banner');
  await banner.click();
  await expect(a).toHaveURL(new RegExp(`/activityGoodsDetail\\?activityId=${activityId}&skuId=${skuId}$`));
  await a.context().close();

  // ---- the phone (375 px), after buyer one: the sticky bar with 立即抢购 on screen, the last unit ----
  await b.goto(href);
  await expect(bar.getByTestId('activity-action')).toHaveText('立即抢购');
  await wholeOnScreen(bar.getByTestId('activity-action'));
  await noSidewaysScroll(b);
  await b.screenshot({ path: `${SHOTS}/flash-detail-running-375.png` });
  await b.screenshot({ path: `${SHOTS}/flash-detail-running-375-full.png`, fullPage: true });
  await axe(b, '375 进行中');
  // One unit is left: the stepper holds at 1.
  await expect(b.getByRole('spinbutton', { name: '购买数量' })).toBeDisabled();
  await wholeOnScreen(bar.getByTestId('activity-action'));
  await bar.getByTestId('activity-action').click();
  await expect(b).toHaveURL(new RegExp(`/checkout\\?skuId=${skuId}&quantity=1&activityId=${activityId}$`));
  await expect(b.getByTestId('checkout-item-price')).toHaveText('¥9.90');
  await expect(b.getByTestId('amount-payable')).toHaveText('¥19.90');
  await b.getByRole('button', { name: /提交订单/ }).click();
  await expect(b).toHaveURL(/\/payment\?orderNo=\d+$/);

  // Sold out: the page's sticky bar, the home strip and the goods banner, on the phone.
  await b.goto(href);
  await expect(bar.getByTestId('activity-action')).toHaveText('已抢光');
  await b.screenshot({ path: `${SHOTS}/flash-detail-soldout-375.png` });
  await b.goto('/');
  const phoneStrip = b.getByTestId('home-flash');
  await expect(phoneStrip).toBeVisible({ timeout: 15_000 });
  await phoneStrip.scrollIntoViewIfNeeded();
  await noSidewaysScroll(b);
  await b.screenshot({ path: `${SHOTS}/flash-home-strip-375.png` });
  await b.goto(`/goodsDetail?id=${goods.id}`);
  await expect(b.getByTestId('goods-activity-banner')).toContainText('已抢光');
  await noSidewaysScroll(b);
  await b.screenshot({ path: `${SHOTS}/flash-goods-banner-375.png` });
  await b.context().close();

  // ---- at 1440 px a shopper finds 已抢光 ----
  await page.goto(href);
  await expect(page.getByTestId('activity-phase')).toHaveText('已抢光');
  await expect(page.getByTestId('activity-progress')).toContainText('已抢 100%');
  await expect(page.getByTestId('activity-left')).toHaveText('已抢光');
  await expect(page.getByTestId('activity-action')).toHaveText('已抢光');
  await expect(page.getByTestId('activity-action')).toBeDisabled();
  await expect(page.getByTestId('activity-goods-link')).toHaveAttribute('href', `/goodsDetail?id=${goods.id}`);
  await page.screenshot({ path: `${SHOTS}/flash-detail-soldout-1440.png`, fullPage: true });
  await axe(page, '1440 已抢光');

  // A bad or unknown id says so, with a way back.
  await page.goto(`/activityGoodsDetail?activityId=${activityId}&skuId=999999999`);
  await expect(page.getByText('活动商品不存在')).toBeVisible();
  await page.goto('/activityGoodsDetail?activityId=abc');
  await expect(page.getByText('活动商品不存在')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
  await shot(page, 'flash-home-after');
});
