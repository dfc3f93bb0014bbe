import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { seriousFindings, settled } from './support/a11y.ts';
import { openConsoleSession } from './support/console-session-kit.ts';
import { shot } from './support/mall.ts';
import { squarePng } from './support/member.ts';
import { addAddress, asMember, asOps, newBuyer, receivedOrder, type Buyer } from './support/order-kit.ts';
import { expectPageFitsScreen } from './support/phone.ts';

/**
 * 商品评价 in Chromium. A new buyer holds two received orders of the goods with the demo reviews (set up
 * over the API: placed, paid in the sandbox, shipped, received). At 1440 px the operator first shortens
 * 评价期限 in 站点设置 › 评价设置 (the form refuses what is out of range) and the buyer's 待评价 deadline
 * follows; the buyer reviews one line from 我的订单 › 待评价 with a photo and adds a 追评 from 待追评; from
 * 订单详情 the other line's 评价 becomes 追评 and then 已评价 without a reload. In 评价管理 the operator hides
 * another review with a reason and replies to the buyer's; the buyer sees both reviews with their 追评 on
 * the goods' 评价 tab, the reply, the photo under 有图, and the hidden review gone. At 375 px the same
 * screens fit the phone. The rules (who may review what, once, within which window; hiding, replies) are API tests in
 * apps/server/src/modules/reviews.
 */

const HIDDEN_TEXT = '收到时外包装有压痕';
const REVIEW_BUTTON = /^评\s?价$/; // antd spaces a two-character label out
const FOLLOW_UP_BUTTON = /^追\s?评$/;
const DAY_MS = 86_400_000;
/** YYYY-MM-DD in Asia/Shanghai, as the 待评价 list writes a deadline. */
const shanghaiDay = (ms: number) => new Date(ms).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

/** The goods the demo data reviewed (the best seller a buyer can order without a real-name record). */
async function reviewedGoods(page: Page): Promise<number> {
  const found = await asOps<{ list: { goodsId: number }[] }>(page.request, `/ops/review/page?keyword=${encodeURIComponent(HIDDEN_TEXT)}`);
  return found.list[0]!.goodsId;
}

/** A new buyer, signed in on the page, with two received orders of the reviewed goods. */
async function buyerWithTwoOrders(page: Page, tag: string) {
  const buyer = await newBuyer(page, tag);
  const goodsId = await reviewedGoods(page);
  const addressId = await addAddress(page.request, buyer.token);
  const first = await receivedOrder(page.request, buyer.token, goodsId, addressId);
  const second = await receivedOrder(page.request, buyer.token, goodsId, addressId);
  return { buyer, goodsId, first, second };
}

/** At phone width: a review screen's own part (a list, a dialog), everything in it and the page end within the screen. */
async function fitsThePhone(page: Page, part: Locator, where: string) {
  const width = page.viewportSize()!.width;
  if (width > 500) return;
  const box = (await part.boundingBox())!;
  expect(box.width, `${where} is ${box.width}px wide`).toBeLessThanOrEqual(width);
  const right = await part.evaluate((el) =>
    Math.max(...[el, ...Array.from(el.querySelectorAll('*'))].map((e) => e.getBoundingClientRect().right)),
  );
  expect(right, `${where} reaches x = ${right}px`).toBeLessThanOrEqual(width + 1);
  await expectPageFitsScreen(page, where);
}

/** At phone width: a control the buyer taps lies within the screen. */
async function onScreen(page: Page, control: Locator, what: string) {
  const box = (await control.boundingBox())!;
  expect(box.x, `${what} starts at x = ${box.x}`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends at x = ${box.x + box.width}`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function axe(page: Page, label: string) {
  await settled(page);
  expect(await seriousFindings(page, label)).toEqual([]);
}

/**
 * The goods' 评价 tab, opened the way a buyer does. The page comes drawn by the server: a click that
 * lands before the app has taken it over (a loaded machine) changes nothing, and is made again.
 */
async function openReviewsTab(page: Page, goodsId: number) {
  await page.goto(`/goodsDetail?id=${goodsId}`);
  await expect(async () => {
    await page.getByRole('tab', { name: /评价/ }).click();
    await expect(page.getByTestId('good-rate')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * 待评价 (reached by its tab, or at 375 px by its address: there the tab sits in the tab bar's overflow) →
 * 评价晒单 with a photo. `deadline`: the 评价截止 day the line's row shows.
 */
async function reviewFromList(page: Page, orderNo: string, text: string, label: string, deadline?: string) {
  await page.goto('/user/order/myOrder');
  await expect(page.getByTestId('order-tab-REVIEW')).toHaveText('待评价(2)');
  if (page.viewportSize()!.width > 500) await page.getByTestId('order-tab-REVIEW').click();
  else await page.goto('/user/order/myOrder?status=REVIEW');
  await expect(page).toHaveURL(/status=REVIEW/);
  const todo = page.getByTestId('review-todo');
  await expect(todo).toHaveCount(2);
  await fitsThePhone(page, todo.first(), '待评价');
  const row = todo.filter({ hasText: orderNo });
  if (deadline) {
    await expect(row).toContainText(`评价截止 ${deadline}`);
    await shot(page, `reviews-deadline-${label}`);
  }
  await row.getByRole('button', { name: '评价晒单' }).click();

  const dialog = page.getByRole('dialog', { name: '评价晒单' });
  // four stars, clicked again while the dialog still slides in (seen under load: the click was lost, 5 stayed)
  const full = dialog.locator('.ant-rate-star-full');
  await expect(async () => {
    if ((await full.count()) !== 4) await dialog.locator('.ant-rate-star').nth(3).click({ timeout: 3_000 });
    await expect(full).toHaveCount(4, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await dialog.getByRole('button', { name: '提交评价' }).click();
  await expect(dialog.getByText('请填写评价内容')).toBeVisible();
  await dialog.getByLabel('评价内容').fill(text);
  await dialog.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: squarePng(160) });
  await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await fitsThePhone(page, dialog, '评价晒单');
  await shot(page, `reviews-write-${label}`);
  await dialog.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByText('评价成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(todo).toHaveCount(1);
  await expect(page.getByTestId('order-tab-REVIEW')).toHaveText('待评价(1)');
}

/**
 * On the goods' 评价 tab, under 有图: the buyer's review with its photo. Should the app render the server's
 * page afresh once it has taken it over (seen once in CI, on a loaded machine), 商品介绍 is shown again:
 * the tab is opened again, as a buyer would.
 */
async function seeReviewWithPhoto(page: Page, text: string, label: string) {
  await expect(async () => {
    const tab = page.getByRole('tab', { name: /评价/ });
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click({ timeout: 3_000 });
    await page
      .locator('label')
      .filter({ hasText: /^有图\(\d+\)$/ })
      .click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const mine = page.getByTestId('goods-review').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('img', { name: '评价图片第 1 张' })).toBeVisible();
  await fitsThePhone(page, page.getByRole('region', { name: '商品评价' }), '评价 tab');
  await shot(page, `reviews-goods-tab-${label}`);
}

/** 我的订单 → 订单详情: 评价 on the received line, then 追评, then 已评价, each at once after its dialog. */
async function reviewFromDetail(page: Page, orderNo: string, text: string, label: string) {
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
  await axe(page, `订单详情 ${label}`);
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
  await axe(page, `订单详情已评价 ${label}`);
  await shot(page, `reviews-detail-done-${label}`);

  // 我的订单 says the same of the line.
  await page.goto('/user/order/myOrder');
  await expect(card.getByTestId('item-reviewed')).toHaveText('已评价');
  await expect(card.getByRole('button', { name: REVIEW_BUTTON })).toHaveCount(0);
  await expect(page.getByTestId('order-tab-REVIEW')).toHaveText('待评价');
}

/** The demo review the operator hides shown again, so that a retry after a half-way failure starts as the first try. */
async function showDemoReview(page: Page) {
  const found = await asOps<{ list: { id: string; hidden: object | null }[] }>(
    page.request,
    `/ops/review/page?keyword=${encodeURIComponent(HIDDEN_TEXT)}`,
  );
  for (const review of found.list.filter((r) => r.hidden)) await asOps(page.request, '/ops/review/show', { id: review.id });
}

async function saveReviewDays(page: Page, value: number) {
  await asOps(page.request, '/ops/settings/save', { key: 'reviewDays', value });
}

async function searchReviews(ops: Page, words: string) {
  const search = ops.getByLabel('搜索评价');
  await search.fill(words);
  await search.press('Enter');
  await expect(ops).toHaveURL(/keyword=/);
  await expect(ops.getByRole('row').filter({ hasText: words })).toHaveCount(1);
}

/** The demo operator's console, in a browser context of its own. */
async function consoleOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  await openConsoleSession(page);
  return page;
}

/** 站点设置 › 评价设置: out-of-range values refused beside the field and not saved; 1 day saved. */
async function shortenReviewWindow(ops: Page) {
  await ops.goto('/admin/settings');
  const card = ops.getByTestId('review-card');
  const days = card.getByLabel('评价期限（天）');
  await expect(days).toHaveValue('15');
  await expect(card.getByLabel('追评期限（天）')).toHaveValue('180');
  await days.fill('0');
  await expect(card.getByText('评价期限为 1–365 天的整数')).toBeVisible();
  await days.fill('400');
  await card.getByRole('button', { name: /保\s?存/ }).click();
  await expect(card.getByText('评价期限为 1–365 天的整数')).toBeVisible();
  await days.fill('200');
  await card.getByRole('button', { name: /保\s?存/ }).click();
  await expect(card.getByText('追评期限不能短于评价期限')).toBeVisible();
  const settings = await asOps<{ settings: { key: string; value: unknown }[] }>(ops.request, '/ops/settings');
  expect(settings.settings.find((x) => x.key === 'reviewDays')!.value).toBe(15);

  await days.fill('1');
  await expect(card.getByText('追评期限不能短于评价期限')).toHaveCount(0);
  await card.getByRole('button', { name: /保\s?存/ }).click();
  await expect(ops.getByText('设置已保存')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(ops, 'reviews-console-review-card');
}

/** When the buyer's line was received, from their 待评价 list. */
async function receivedAt(page: Page, buyer: Buyer, orderNo: string) {
  const pending = await asMember<{ list: { orderNo: string; completedAt: string }[] }>(
    page.request,
    buyer.token,
    '/member/order/comment/pending?state=REVIEW',
  );
  return Date.parse(pending.list.find((t) => t.orderNo === orderNo)!.completedAt);
}

test.describe('商品评价', () => {
  test('1440 px: 评价期限 set in the console → a review with a photo, 有图, 追评; 订单详情’s 评价 → 追评 → 已评价; the operator hides and replies', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    // A retry's reviews read apart from the failed try's, which stay in the shop's data.
    const retry = test.info().retry ? `（重试 ${test.info().retry}）` : '';
    const text = `宽屏：做工扎实，颜色正，物流两天就到了${retry}`;
    const detailText = `详情宽屏：在订单详情里评价，和描述一致${retry}`;
    await showDemoReview(page);
    const { buyer, goodsId, first, second } = await buyerWithTwoOrders(page, 'rv');
    const ops = await consoleOf(browser);
    try {
      // The operator shortens 评价期限 to 1 day: the buyer's 待评价 now ends one day after receipt. Then
      // 待评价 → 评价晒单 with a photo.
      await shortenReviewWindow(ops);
      const completedAt = await receivedAt(page, buyer, first);
      await reviewFromList(page, first, text, '宽屏', shanghaiDay(completedAt + DAY_MS));
    } finally {
      await saveReviewDays(page, 15);
    }

    // 待追评's 追加评价.
    await page.goto('/user/order/myOrder?status=REVIEW');
    await page.getByText(/^待追评/).click();
    await page.getByTestId('review-todo').filter({ hasText: first }).getByRole('button', { name: '追加评价' }).click();
    const more = page.getByRole('dialog', { name: '追加评价' });
    await more.getByLabel('追评内容').fill('用了一周，依然很满意');
    await more.getByRole('button', { name: '提交追评' }).click();
    await expect(page.getByText('追评成功')).toBeVisible();
    await expect(page.getByText('没有可追评的商品')).toBeVisible();

    // The other line from 订单详情.
    await reviewFromDetail(page, second, detailText, '详情宽屏');

    // 评价管理: the operator finds each review by its words (other buyers' may push it off the first page).
    await ops.goto('/admin/reviews');
    await searchReviews(ops, HIDDEN_TEXT);
    const bad = ops.getByRole('row').filter({ hasText: HIDDEN_TEXT });
    await bad.getByRole('button', { name: '隐藏' }).click();
    const hide = ops.getByRole('dialog', { name: '隐藏评价' });
    await hide.getByLabel('隐藏原因').fill('与商品质量无关的物流问题，已联系买家处理');
    await hide.getByRole('button', { name: '确认隐藏' }).click();
    await expect(hide).toBeHidden();
    await expect(bad.getByText('已隐藏')).toBeVisible();
    await searchReviews(ops, text);
    const mine = ops.getByRole('row').filter({ hasText: text });
    await mine.getByRole('button', { name: '回复' }).click();
    const reply = ops.getByRole('dialog', { name: '回复评价' });
    await reply.getByLabel('回复内容').fill('感谢您的评价，欢迎再次光临！');
    await reply.getByRole('button', { name: '发布回复' }).click();
    await expect(mine.getByTestId('console-review-reply')).toContainText('感谢您的评价，欢迎再次光临！');
    await shot(ops, 'reviews-console');
    await ops.context().close();

    // The goods page: both reviews with their 追评, the reply under the first, the hidden one gone; under
    // 有图 the first with its photo.
    await openReviewsTab(page, goodsId);
    const reviewed = page.getByTestId('goods-review').filter({ hasText: text });
    await expect(reviewed.getByTestId('review-follow-up')).toContainText('用了一周，依然很满意');
    await expect(reviewed.getByTestId('review-reply')).toHaveText('商家回复：感谢您的评价，欢迎再次光临！');
    await expect(page.getByTestId('goods-review').filter({ hasText: detailText }).getByTestId('review-follow-up')).toContainText(
      '用了几天再来说：做工依然很好',
    );
    await expect(page.getByText(HIDDEN_TEXT)).toHaveCount(0);
    await shot(page, 'reviews-goods-tab-after-console');
    await seeReviewWithPhoto(page, text, '宽屏');
  });

  test('375 px: 待评价, 评价晒单, the 评价 tab and 订单详情’s 评价 → 追评 → 已评价 fit the phone', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 375, height: 812 });
    const retry = test.info().retry ? `（重试 ${test.info().retry}）` : '';
    const text = `手机：做工扎实，颜色正，物流两天就到了${retry}`;
    const { goodsId, first, second } = await buyerWithTwoOrders(page, 'rp');
    await reviewFromList(page, first, text, '手机');
    await openReviewsTab(page, goodsId);
    await seeReviewWithPhoto(page, text, '手机');
    await reviewFromDetail(page, second, `详情手机：在订单详情里评价，和描述一致${retry}`, '详情手机');
  });
});
