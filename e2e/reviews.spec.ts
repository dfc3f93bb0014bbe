import { expectPageFitsScreen } from './support/phone.ts';
import crypto from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { seriousFindings, settled } from './support/a11y.ts';
import { shot } from './support/mall.ts';
import { callAsPage, signInAs, signUpMember, squarePng } from './support/member.ts';

/**
 * 商品评价 in Chromium. A new buyer's order of the goods with the demo reviews is paid at the sandbox
 * cashier, shipped and received (set up over the API); the buyer finds it under 我的订单 › 待评价,
 * writes a review with a photo, sees it on the goods' 评价 tab under 有图, and adds a 追评. At
 * 1440 px the demo operator then hides another review with a reason and replies to the buyer's in
 * 评价管理; the buyer sees the reply and the hidden review gone. At 375 px the buyer's part again,
 * with no page wider than the screen. From 订单详情, at both widths, a line's 评价 becomes 追评 and then
 * 已评价 without a reload, as in 我的订单. At 1440 px the operator shortens 评价期限 in 站点设置 › 评价设置
 * and the buyer's 待评价 deadline follows. `node scripts/e2e.mjs` sets E2E_OPS_TOKEN.
 */

const ADMIN = { username: 'admin', password: 'MallAdmin#2026' } as const;
const HIDDEN_TEXT = '收到时外包装有压痕';

function opsHeaders() {
  const token = process.env.E2E_OPS_TOKEN;
  if (!token) throw new Error('E2E_OPS_TOKEN is not set: run through `node scripts/e2e.mjs`');
  return { 'x-ops-token': token };
}

/** The goods the demo data reviewed (the best seller a buyer can order without a real-name record). */
async function reviewedGoods(page: Page): Promise<number> {
  const res = await page.request.get('/ops/review/page?keyword=' + encodeURIComponent(HIDDEN_TEXT), {
    headers: opsHeaders(),
  });
  const body = (await res.json()) as { data: { list: { goodsId: number }[] } };
  return body.data.list[0]!.goodsId;
}

/** Set-up over the API and the sandbox cashier: one order of the goods, paid, shipped and received. */
async function receivedOrder(page: Page, goodsId: number): Promise<string> {
  const address = await callAsPage<{ id: string }>(page, '/member/trade/address/create', {
    receiverName: '赵敏',
    mobile: '13912345678',
    provinceCode: '33',
    cityCode: '3301',
    districtCode: '330106',
    detail: '文三路 100 号',
  });
  expect(address.code, address.message).toBe(0);
  const detail = await callAsPage<{ skus: { id: number; stock: number }[] }>(
    page,
    `/member/goods/goods/detail/${goodsId}`,
  );
  const sku = detail.data.skus.find((s) => s.stock > 0)!;
  const order = await callAsPage<{ orderNo: string }>(page, '/member/trade/checkout/submit', {
    buyNow: { skuId: sku.id, quantity: 1 },
    addressId: address.data.id,
    idempotencyKey: crypto.randomBytes(12).toString('hex'),
  });
  expect(order.code, order.message).toBe(0);
  const { orderNo } = order.data;
  await page.goto(`/payment?orderNo=${orderNo}`);
  await page.getByRole('button', { name: /去支付/ }).click();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/order/orderDetail/${orderNo}$`));
  const shipped = await page.request.post('/ops/order/ship', {
    headers: opsHeaders(),
    data: { orderNo, company: '顺丰速运', trackingNo: `SF${Date.now()}` },
  });
  expect(((await shipped.json()) as { code: number }).code).toBe(0);
  const received = await callAsPage(page, '/member/order/order/confirm', { orderNo });
  expect(received.code, received.message).toBe(0);
  return orderNo;
}

/** At phone width: the review screens' own parts (a list, a dialog), everything in them and the page end within the screen. */
async function fitsThePhone(page: Page, part: Locator, where: string) {
  const width = page.viewportSize()!.width;
  if (width > 500) return;
  const box = (await part.boundingBox())!;
  expect(box.width, `${where} is ${box.width}px wide`).toBeLessThanOrEqual(width);
  const right = await part.evaluate((el) =>
    Math.max(...[el, ...el.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)),
  );
  expect(right, `${where} reaches x = ${right}px`).toBeLessThanOrEqual(width + 1);
  await expectPageFitsScreen(page, where);
}

/** The goods' 评价 tab, opened the way a buyer does. */
async function openReviewsTab(page: Page, goodsId: number) {
  await page.goto(`/goodsDetail?id=${goodsId}`);
  await page.getByRole('tab', { name: /评价/ }).click();
  await expect(page.getByTestId('good-rate')).toBeVisible();
}

/** The buyer's part: 待评价 → review with a photo → 评价 tab under 有图 → 追评. */
async function buyerReviews(page: Page, label: string) {
  const buyer = await signUpMember(page.request, 'rv');
  await signInAs(page, buyer);
  const goodsId = await reviewedGoods(page);
  await receivedOrder(page, goodsId);
  // A retry's review reads apart from the failed try's, which stays in the shop's data.
  const retry = test.info().retry;
  const text = `${label}：做工扎实，颜色正，物流两天就到了${retry ? `（重试 ${retry}）` : ''}`;

  await page.goto('/user/order/myOrder');
  await expect(page.getByTestId('order-tab-REVIEW')).toHaveText('待评价(1)');
  // At 375 px the tab sits in the tab bar's overflow; a phone reaches the list by its address.
  if (page.viewportSize()!.width > 500) await page.getByTestId('order-tab-REVIEW').click();
  else await page.goto('/user/order/myOrder?status=REVIEW');
  await expect(page).toHaveURL(/status=REVIEW/);
  const todo = page.getByTestId('review-todo');
  await expect(todo).toHaveCount(1);
  await fitsThePhone(page, todo, '待评价');
  await todo.getByRole('button', { name: '评价晒单' }).click();

  const dialog = page.getByRole('dialog', { name: '评价晒单' });
  await dialog.locator('.ant-rate-star').nth(3).click();
  await expect(dialog.locator('.ant-rate-star-full')).toHaveCount(4);
  await dialog.getByRole('button', { name: '提交评价' }).click();
  await expect(dialog.getByText('请填写评价内容')).toBeVisible();
  await dialog.getByLabel('评价内容').fill(text);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: squarePng(160) });
  await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await fitsThePhone(page, dialog, '评价晒单');
  await shot(page, `reviews-write-${label}`);
  await dialog.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByText('评价成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('没有待评价的商品')).toBeVisible();
  await expect(page.getByTestId('order-tab-REVIEW')).toHaveText('待评价');

  await openReviewsTab(page, goodsId);
  await page
    .locator('label')
    .filter({ hasText: /^有图\(\d+\)$/ })
    .click();
  const mine = page.getByTestId('goods-review').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('img', { name: '评价图片第 1 张' })).toBeVisible();
  await fitsThePhone(page, page.getByRole('region', { name: '商品评价' }), '评价 tab');
  await shot(page, `reviews-goods-tab-${label}`);

  await page.goto('/user/order/myOrder?status=REVIEW');
  await page.getByText(/^待追评/).click();
  await page.getByTestId('review-todo').getByRole('button', { name: '追加评价' }).click();
  const more = page.getByRole('dialog', { name: '追加评价' });
  await more.getByLabel('追评内容').fill('用了一周，依然很满意');
  await more.getByRole('button', { name: '提交追评' }).click();
  await expect(page.getByText('追评成功')).toBeVisible();
  await expect(page.getByText('没有可追评的商品')).toBeVisible();

  await openReviewsTab(page, goodsId);
  await expect(
    page.getByTestId('goods-review').filter({ hasText: text }).getByTestId('review-follow-up'),
  ).toContainText('用了一周，依然很满意');
  return { goodsId, text };
}

const REVIEW_BUTTON = /^评\s?价$/; // antd spaces a two-character label out
const FOLLOW_UP_BUTTON = /^追\s?评$/;

/** At phone width: a control the buyer taps lies within the screen. */
async function onScreen(page: Page, control: Locator, what: string) {
  const box = (await control.boundingBox())!;
  expect(box.x, `${what} starts at x = ${box.x}`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends at x = ${box.x + box.width}`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** 我的订单 → 订单详情: 评价 on the received line, then 追评, then 已评价, each at once after its dialog. */
async function reviewFromDetail(page: Page, label: string) {
  const buyer = await signUpMember(page.request, 'rd');
  await signInAs(page, buyer);
  const orderNo = await receivedOrder(page, await reviewedGoods(page));
  const text = `${label}：在订单详情里评价，和描述一致`;

  await page.goto('/user/order/myOrder');
  const card = page.getByTestId('order-card').filter({ hasText: orderNo });
  await expect(card.getByRole('button', { name: REVIEW_BUTTON })).toBeVisible();
  await card.getByRole('link', { name: '订单详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/order/orderDetail/${orderNo}$`));
  await expect(page.getByTestId('order-detail-status')).toHaveText('已完成');
  const line = page.getByTestId('order-detail-review');
  const review = line.getByRole('button', { name: REVIEW_BUTTON });
  await expect(review).toBeVisible();
  if (page.viewportSize()!.width < 768) {
    await onScreen(page, review, '评价');
    await expectPageFitsScreen(page, '订单详情');
  }
  await settled(page);
  expect(await seriousFindings(page, `订单详情 ${label}`)).toEqual([]);
  await shot(page, `reviews-detail-${label}`);

  await review.click();
  const dialog = page.getByRole('dialog', { name: '评价晒单' });
  await dialog.getByLabel('评价内容').fill(text);
  await fitsThePhone(page, dialog, '订单详情的评价晒单');
  await dialog.getByRole('button', { name: '提交评价' }).click();
  await expect(dialog).toBeHidden();
  // The same line, no reload: 追评 in place of 评价.
  await expect(line.getByRole('button', { name: FOLLOW_UP_BUTTON })).toBeVisible();
  await expect(line.getByRole('button', { name: REVIEW_BUTTON })).toHaveCount(0);
  await shot(page, `reviews-detail-reviewed-${label}`);

  await line.getByRole('button', { name: FOLLOW_UP_BUTTON }).click();
  const more = page.getByRole('dialog', { name: '追加评价' });
  await more.getByLabel('追评内容').fill('用了几天再来说：做工依然很好');
  await more.getByRole('button', { name: '提交追评' }).click();
  await expect(more).toBeHidden();
  await expect(line).toHaveText('已评价');
  await expect(line.getByRole('button')).toHaveCount(0);
  await settled(page);
  expect(await seriousFindings(page, `订单详情已评价 ${label}`)).toEqual([]);
  await shot(page, `reviews-detail-done-${label}`);

  // 我的订单 says the same of the line, and the review is on the goods page with its 追评.
  await page.goto('/user/order/myOrder');
  await expect(card.getByTestId('item-reviewed')).toHaveText('已评价');
  await expect(card.getByRole('button', { name: REVIEW_BUTTON })).toHaveCount(0);
  const goodsId = await reviewedGoods(page);
  await openReviewsTab(page, goodsId);
  await expect(
    page.getByTestId('goods-review').filter({ hasText: text }).getByTestId('review-follow-up'),
  ).toContainText('用了几天再来说：做工依然很好');
}

type PendingReply = { list: { orderNo: string; completedAt: string; deadline: string }[] };
const DAY_MS = 86_400_000;
/** YYYY-MM-DD in Asia/Shanghai, as the 待评价 list writes a deadline. */
const shanghaiDay = (ms: number) => new Date(ms).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

async function saveReviewDays(page: Page, value: number) {
  const res = await page.request.post('/ops/settings/save', {
    headers: opsHeaders(),
    data: { key: 'reviewDays', value },
  });
  return (await res.json()) as { code: number; message: string };
}

/** The demo review the operator hides shown again, so that a retry after a half-way failure starts as the first try. */
async function showDemoReview(page: Page) {
  const res = await page.request.get('/ops/review/page?keyword=' + encodeURIComponent(HIDDEN_TEXT), {
    headers: opsHeaders(),
  });
  const body = (await res.json()) as { data: { list: { id: string; hidden: object | null }[] } };
  for (const review of body.data.list.filter((r) => r.hidden)) {
    const shown = await page.request.post('/ops/review/show', { headers: opsHeaders(), data: { id: review.id } });
    expect(((await shown.json()) as { code: number }).code).toBe(0);
  }
}

async function searchReviews(ops: Page, words: string) {
  const search = ops.getByLabel('搜索评价');
  await search.fill(words);
  await search.press('Enter');
  await expect(ops).toHaveURL(/keyword=/);
  await expect(ops.getByRole('row').filter({ hasText: words })).toHaveCount(1);
}

/** The demo operator in the console, in a browser of their own. */
async function consoleOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

test.describe('商品评价', () => {
  test('1440 px: review with a photo, 有图, 追评; the operator hides another review and replies', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const { goodsId, text } = await buyerReviews(page, '宽屏');

    await showDemoReview(page);
    const ops = await consoleOf(browser);
    await ops.getByRole('menuitem', { name: '评价管理' }).click();
    await expect(ops).toHaveURL(/\/admin\/reviews$/);
    // The operator finds each review by its words: other buyers' reviews may push it off the first page.
    await searchReviews(ops, HIDDEN_TEXT);
    const bad = ops.getByRole('row').filter({ hasText: HIDDEN_TEXT });
    await bad.getByRole('button', { name: '隐藏' }).click();
    const hide = ops.getByRole('dialog', { name: '隐藏评价' });
    await hide.getByLabel('隐藏原因').fill('与商品质量无关的物流问题，已联系买家处理');
    await hide.getByRole('button', { name: '确认隐藏' }).click();
    await expect(hide).toBeHidden();
    await expect(bad.getByText('已隐藏')).toBeVisible();
    await searchReviews(ops, text);
    const row = ops.getByRole('row').filter({ hasText: text });
    await row.getByRole('button', { name: '回复' }).click();
    const reply = ops.getByRole('dialog', { name: '回复评价' });
    await reply.getByLabel('回复内容').fill('感谢您的评价，欢迎再次光临！');
    await reply.getByRole('button', { name: '发布回复' }).click();
    await expect(row.getByTestId('console-review-reply')).toContainText('感谢您的评价，欢迎再次光临！');
    await shot(ops, 'reviews-console');

    await openReviewsTab(page, goodsId);
    await expect(page.getByTestId('goods-review').filter({ hasText: text }).getByTestId('review-reply')).toHaveText(
      '商家回复：感谢您的评价，欢迎再次光临！',
    );
    await expect(page.getByText(HIDDEN_TEXT)).toHaveCount(0);
    await shot(page, 'reviews-goods-tab-after-console');
    await ops.context().close();
  });

  for (const [width, height, label] of [
    [1440, 900, '宽屏'],
    [375, 812, '手机'],
  ] as const) {
    test(`${width} px: 订单详情 offers 评价, then 追评, then says 已评价`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height });
      await reviewFromDetail(page, `详情${label}`);
    });
  }

  test('1440 px: the operator shortens 评价期限 in 站点设置 and the buyer’s deadline follows', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const buyer = await signUpMember(page.request, 'rw');
    await signInAs(page, buyer);
    const orderNo = await receivedOrder(page, await reviewedGoods(page));
    const pending = async () => {
      const r = await callAsPage<PendingReply>(page, '/member/order/comment/pending?state=REVIEW');
      expect(r.code, r.message).toBe(0);
      return r.data.list.find((t) => t.orderNo === orderNo)!;
    };
    const todo = await pending();
    const completedAt = Date.parse(todo.completedAt);
    expect(Date.parse(todo.deadline) - completedAt).toBe(15 * DAY_MS);

    const ops = await consoleOf(browser);
    try {
      await ops.goto('/admin/settings');
      const card = ops.getByTestId('review-card');
      const days = card.getByLabel('评价期限（天）');
      await expect(days).toHaveValue('15');
      await expect(card.getByLabel('追评期限（天）')).toHaveValue('180');
      // Out of range, or a 追评 window shorter than the review's: refused beside the field.
      await days.fill('0');
      await expect(card.getByText('评价期限为 1–365 天的整数')).toBeVisible();
      await days.fill('400');
      await card.getByRole('button', { name: /保\s?存/ }).click();
      await expect(card.getByText('评价期限为 1–365 天的整数')).toBeVisible();
      await days.fill('200');
      await card.getByRole('button', { name: /保\s?存/ }).click();
      await expect(card.getByText('追评期限不能短于评价期限')).toBeVisible();
      const refused = await ops.request.get('/ops/settings', { headers: opsHeaders() });
      const stored = ((await refused.json()) as { data: { settings: { key: string; value: unknown }[] } }).data
        .settings;
      expect(stored.find((x) => x.key === 'reviewDays')!.value).toBe(15);

      await days.fill('1');
      await expect(card.getByText('追评期限不能短于评价期限')).toHaveCount(0);
      await card.getByRole('button', { name: /保\s?存/ }).click();
      await expect(ops.getByText('设置已保存')).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await shot(ops, 'reviews-console-review-card');

      // The buyer's 待评价 now ends one day after receipt, on the server and on the screen.
      expect(Date.parse((await pending()).deadline) - completedAt).toBe(DAY_MS);
      await page.goto('/user/order/myOrder?status=REVIEW');
      const row = page.getByTestId('review-todo').filter({ hasText: orderNo });
      await expect(row).toContainText(`评价截止 ${shanghaiDay(completedAt + DAY_MS)}`);
      await expect(row.getByRole('button', { name: '评价晒单' })).toBeVisible();
      await shot(page, 'reviews-window-1-day');
    } finally {
      expect((await saveReviewDays(page, 15)).code).toBe(0);
      await ops.context().close();
    }
  });

  test('375 px: the buyer’s part fits the screen', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 812 });
    await buyerReviews(page, '手机');
  });
});
