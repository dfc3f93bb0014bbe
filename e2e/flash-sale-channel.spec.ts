import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { seriousFindings, settled } from './support/a11y.ts';
import { shot } from './support/mall.ts';
import { addAddress, asMember, asOps, newBuyer } from './support/order-kit.ts';
import { expectPageFitsScreen } from './support/phone.ts';

/**
 * The 秒杀 会场 (/flashSale) for buyers in Chromium. Two sessions of the shop's own are made over the ops
 * API beside the demo's: one running (a goods of 4 units, 2 of them bought over the API → 已抢 50%, and
 * a goods of 1 unit bought → 已抢光) and one starting in a few minutes (提醒我). A signed-in buyer at 1440
 * px reaches the 会场 from the header and from the home strip's 更多, switches tabs, sees the progress and
 * the countdowns, sets 提醒我 on the coming session and follows 马上抢 to the goods. A visitor at 375 px
 * comes from the phone home's entry, the page fits the screen, the tabs scroll inside their row, and
 * 提醒我 asks them to sign in. The home's 活动专区 opens the demo's published activity page at both
 * widths; a day without sessions shows the empty state.
 */

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
const MINUTE = 60_000;

/** SKUs in a scheduled activity now or later: a SKU may be in one at a time. */
async function skusInActivities(api: APIRequestContext): Promise<Set<number>> {
  const taken = new Set<number>();
  for (let p = 1; ; p++) {
    const acts = await asOps<{ list: { status: string; skus: { skuId: number }[] }[]; total: number }>(api, `/ops/promotion/activity/page${pageOf(p)}`);
    for (const a of acts.list) if (a.status === 'SCHEDULED' || a.status === 'DRAFT') for (const s of a.skus) taken.add(s.skuId);
    if (p * 50 >= acts.total) return taken;
  }
}

/**
 * `count` one-SKU goods on shelf, in no activity, priced ≥ ¥20 and not best sellers (other specs buy
 * those at their usual price), taken from the far end of the console's list after the first few there
 * (flash-sale.spec.ts takes the last free one).
 */
async function pickGoods(api: APIRequestContext, count: number): Promise<GoodsDetail[]> {
  const taken = await skusInActivities(api);
  const sales = (await (await api.get('/member/goods/getGoodsSalesList/20')).json()) as { data: { id: number }[] };
  const bestSellers = new Set(sales.data.map((g) => g.id));
  const first = await asOps<{ list: GoodsRow[]; total: number }>(api, `/ops/goods/page${pageOf(1)}`);
  const found: GoodsDetail[] = [];
  let skipped = 0;
  for (let p = Math.max(1, Math.ceil(first.total / 50)); p >= 1 && found.length < count; p--) {
    const page = p === 1 ? first : await asOps<{ list: GoodsRow[] }>(api, `/ops/goods/page${pageOf(p)}`);
    for (const g of [...page.list].reverse().filter((x) => x.onShelf && x.skuCount === 1 && x.stock >= 20 && !bestSellers.has(x.id))) {
      const d = await asOps<GoodsDetail>(api, `/ops/goods/detail?goodsId=${g.id}`);
      if (taken.has(d.skus[0]!.id) || d.skus[0]!.price < 2000) continue;
      if (skipped++ < 3) continue;
      found.push(d);
      if (found.length === count) break;
    }
  }
  expect(found, '演示数据里没有足够的单规格商品').toHaveLength(count);
  return found;
}

/** A 秒杀 made and 排期 by the operator; no per-member limit, so one buyer can take the units. */
async function session(api: APIRequestContext, title: string, startsAt: number, minutes: number, skus: { skuId: number; stock: number }[]) {
  const made = await asOps<{ id: number }>(api, '/ops/promotion/activity/create', {
    kind: 'FLASH_SALE',
    title,
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + minutes * MINUTE).toISOString(),
    perMemberLimit: 0,
    skus: skus.map((s) => ({ ...s, priceFen: 990 })),
  });
  await asOps(api, '/ops/promotion/activity/schedule', { id: made.id });
  return made.id;
}

async function newPage(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  return context.newPage();
}

async function axe(page: Page, label: string) {
  await settled(page);
  expect(await seriousFindings(page, label)).toEqual([]);
}

const card = (page: Page, name: string) => page.getByTestId('flash-channel-goods').filter({ hasText: name });

test('秒杀 会场: from the header, the home strip and the phone home; tabs, progress, countdowns, 提醒我 and 马上抢; 活动专区', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const tag = test.info().retry ? `${test.info().retry}` : '';
  const [g1, g2, g3, g4] = await pickGoods(page.request, 4);
  const runningTitle = `会场进行中${tag}`;
  const comingTitle = `会场即将开始${tag}`;
  const running = await session(page.request, runningTitle, Date.now() - MINUTE, 60, [
    { skuId: g1!.skus[0]!.id, stock: 4 },
    { skuId: g2!.skus[0]!.id, stock: 1 },
  ]);
  // Starts in 6 minutes: time enough to set 提醒我 on a loaded machine before it starts.
  const coming = await session(page.request, comingTitle, Date.now() + 6 * MINUTE, 30, [
    { skuId: g3!.skus[0]!.id, stock: 5 },
    { skuId: g4!.skus[0]!.id, stock: 5 },
  ]);

  // A buyer took 2 of the first goods' 4 units and the second's only unit.
  const a = await newPage(browser, 1440, 900);
  const buyer = await newBuyer(a, 'fc');
  const addressId = await addAddress(a.request, buyer.token, '周敏');
  for (const [g, quantity] of [[g1!, 2], [g2!, 1]] as const) {
    await asMember(a.request, buyer.token, '/member/trade/checkout/submit', {
      buyNow: { skuId: g.skus[0]!.id, quantity, activityId: running },
      addressId,
      idempotencyKey: `channel-${running}-${g.id}-${Date.now()}`,
    });
  }

  // ---- 1440 px: the header's 秒杀 opens the 会场 on the session running ----
  await a.goto('/');
  await a.getByRole('banner').getByRole('link', { name: '秒杀', exact: true }).click();
  await expect(a).toHaveURL(/\/flashSale$/);
  await expect(a.getByRole('heading', { name: '限时秒杀' })).toBeVisible();
  const tabs = a.getByTestId('flash-channel-tab');
  await expect(tabs.first()).toBeVisible();
  await expect(a.getByRole('tab', { selected: true })).toContainText('抢购中');
  await expect(a.getByTestId('flash-channel-phase')).toHaveText('进行中');

  // ---- the home strip's 更多 opens the 会场 on the strip's session ----
  await a.goto('/');
  const strip = a.getByTestId('home-flash');
  await expect(strip).toBeVisible({ timeout: 15_000 });
  const stripSession = await strip.getByTestId('home-flash-session').textContent();
  await strip.getByTestId('home-flash-more').click();
  await expect(a).toHaveURL(/\/flashSale\?session=\d+$/);
  await expect(a.getByTestId('flash-channel-session')).toHaveText(stripSession!);

  // ---- our running session: progress, 已抢光, the countdown to its end ----
  await a.locator(`[data-testid="flash-channel-tab"][data-session="${running}"]`).click();
  await expect(a).toHaveURL(`/flashSale?session=${running}`);
  await expect(a.getByTestId('flash-channel-session')).toHaveText(runningTitle);
  await expect(a.getByTestId('flash-channel-countdown')).toHaveAttribute('aria-label', /^距结束 00:5\d:\d\d$/);
  const first = card(a, g1!.name);
  await expect(first.getByTestId('flash-channel-price')).toHaveText('¥9.90');
  await expect(first).toContainText(`¥${(g1!.skus[0]!.price / 100).toFixed(2)}`);
  await expect(first.getByTestId('flash-channel-progress')).toContainText('已抢 50%');
  await expect(first.getByTestId('flash-channel-progress')).toContainText('仅剩 2 件');
  await expect(first.getByRole('progressbar', { name: '已抢比例' })).toHaveAttribute('aria-valuenow', '50');
  const soldOut = card(a, g2!.name);
  await expect(soldOut.getByTestId('flash-channel-progress')).toContainText('已抢 100%');
  await expect(soldOut.getByTestId('flash-channel-off')).toHaveText('已抢光');
  await expect(soldOut.getByTestId('flash-channel-buy')).toHaveCount(0);
  await shot(a, 'flash-channel-running-1440');
  await axe(a, '1440 会场 进行中');

  // ---- the coming session: 距开始, 提醒我 → 已设置提醒 ----
  await a.locator(`[data-testid="flash-channel-tab"][data-session="${coming}"]`).click();
  await expect(a.getByTestId('flash-channel-session')).toHaveText(comingTitle);
  await expect(a.getByTestId('flash-channel-phase')).toHaveText('即将开始');
  const startCountdown = a.getByTestId('flash-channel-countdown');
  await expect(startCountdown).toHaveAttribute('aria-label', /^距开始 00:0[4-6]:\d\d$/);
  const before = await startCountdown.getAttribute('aria-label');
  await expect(startCountdown).not.toHaveAttribute('aria-label', before!); // it ticks
  const remind = card(a, g3!.name).getByTestId('flash-channel-remind');
  await expect(remind).toHaveText('提醒我');
  await expect(card(a, g3!.name).getByTestId('flash-channel-progress')).toContainText('已抢 0%');
  await remind.click();
  await expect(a.getByText(/已设置提醒，开抢前 \d+ 分钟短信通知您/)).toBeVisible();
  await expect(remind).toHaveText('已设置提醒');
  await expect(card(a, g4!.name).getByTestId('flash-channel-remind')).toHaveText('提醒我');
  const mine = await asMember<{ skuIds: number[] }>(a.request, buyer.token, `/member/activity/remind/mine?activityId=${coming}`);
  expect(mine.skuIds).toEqual([g3!.skus[0]!.id]);
  await shot(a, 'flash-channel-coming-1440');

  // ---- 马上抢 opens the goods' activity page ----
  await a.locator(`[data-testid="flash-channel-tab"][data-session="${running}"]`).click();
  await card(a, g1!.name).getByTestId('flash-channel-buy').click();
  await expect(a).toHaveURL(`/activityGoodsDetail?activityId=${running}&skuId=${g1!.skus[0]!.id}`);
  await expect(a.getByTestId('activity-action')).toHaveText('立即抢购');

  // ---- 活动专区 on the home opens a published activity page ----
  await a.goto('/');
  const zone = a.getByTestId('home-activity-pages');
  await expect(zone).toBeVisible({ timeout: 15_000 });
  await zone.scrollIntoViewIfNeeded();
  await shot(a, 'flash-channel-home-1440', { fold: true });
  const pageCard = zone.getByTestId('home-activity-page').first();
  const pageTitle = (await pageCard.locator('b').textContent())!;
  await pageCard.click();
  await expect(a).toHaveURL(/\/activity\/\d+$/);
  await expect(a.getByRole('heading', { name: pageTitle, level: 1 })).toBeVisible();
  // Between PC and phone widths the header's six links and the search box still share the row.
  await a.setViewportSize({ width: 1024, height: 768 });
  await a.goto('/flashSale');
  await expect(a.getByTestId('flash-channel-tab').first()).toBeVisible();
  await expectPageFitsScreen(a, 'the 会场 at 1024 px');
  await shot(a, 'flash-channel-1024', { fold: true });
  await a.context().close();

  // ---- 375 px, a visitor: the phone home's entry, the page fits, tabs scroll in their row, 提醒我 asks to sign in ----
  const b = await newPage(browser, 375, 812);
  await b.goto('/');
  await expect(b.getByTestId('phone-flash-entry')).toBeVisible();
  await shot(b, 'flash-channel-home-entry-375', { fold: true });
  await expect(b.getByTestId('home-activity-pages')).toBeVisible({ timeout: 15_000 });
  await b.getByTestId('home-activity-pages').scrollIntoViewIfNeeded();
  await expectPageFitsScreen(b, 'the phone home with 活动专区');
  await shot(b, 'flash-channel-home-375', { fold: true });
  await b.getByTestId('phone-flash-entry').click();
  await expect(b).toHaveURL(/\/flashSale$/);
  await expect(b.getByTestId('flash-channel-tab').first()).toBeVisible();
  await expectPageFitsScreen(b, 'the 秒杀 会场');
  const row = b.getByTestId('flash-channel-tabs');
  expect(await row.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
  await b.locator(`[data-testid="flash-channel-tab"][data-session="${running}"]`).click();
  await expect(card(b, g1!.name).getByTestId('flash-channel-progress')).toContainText('已抢 50%');
  await expectPageFitsScreen(b, 'the 会场 with our running session');
  await shot(b, 'flash-channel-running-375');
  await axe(b, '375 会场 进行中');
  await b.locator(`[data-testid="flash-channel-tab"][data-session="${coming}"]`).click();
  await expect(b.getByTestId('flash-channel-countdown')).toHaveAttribute('aria-label', /^距开始 /);
  await card(b, g3!.name).getByTestId('flash-channel-remind').click();
  const dialog = b.getByRole('dialog');
  await expect(dialog).toContainText('该操作需要登录后才能进行，是否前往登录？');
  await shot(b, 'flash-channel-coming-375', { fold: true });
  await dialog.getByRole('button', { name: '去登录' }).click();
  await expect(b).toHaveURL(`/login?redirect=${encodeURIComponent(`/flashSale?session=${coming}`)}`);

  // ---- a day without sessions: the empty state ----
  await b.route('**/member/activity/flashSale/sessions', (route) =>
    route.fulfill({ json: { code: 0, message: '操作成功', success: true, data: { now: new Date().toISOString(), sessions: [] } } }),
  );
  await b.goto('/flashSale');
  await expect(b.getByTestId('flash-channel-empty')).toContainText('今日暂无秒杀场次');
  await expectPageFitsScreen(b, 'the empty 会场');
  await shot(b, 'flash-channel-empty-375', { fold: true });
  await b.context().close();
});
