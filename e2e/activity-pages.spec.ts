import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * 活动页面 in Chromium. An operator builds a page in the console at 1440 px (a countdown
 * and the goods of the running demo 秒杀 session, a text block), previews it (the buyer page framed at
 * 375 and 1440 px with its 预览 ribbon, while buyers are told it does not exist), publishes it; a
 * buyer opens /activity/<id> at 1440 and at 375 px (two columns of goods), sees the sections in order
 * with the countdown and goes from a card to /activityGoodsDetail.
 */

const ADMIN = { username: 'admin', password: 'MallAdmin#2026' } as const;
const SHOTS = '/tmp';
const TITLE = `端到端活动页${Date.now().toString(36).slice(-4)}`;
const TEXT = '活动规则：每人限购 2 件，<b>不是标签</b>';

const menu = (page: Page) => page.getByRole('navigation', { name: '管理后台菜单' });

async function axe(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
}

async function pickOption(page: Page, label: string, text: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  // The list of this select (a closed one may linger in the page while it fades out).
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await open.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
  await expect(open).toBeHidden();
}

/** Adds a section from the 添加板块 menu; a click lost while the menu slides in (a loaded CI) is made again. */
async function addSection(page: Page, name: string) {
  const cards = page.getByTestId('section-card');
  const before = await cards.count();
  await expect(async () => {
    if ((await cards.count()) > before) return;
    await page.getByTestId('add-section').click();
    await page.getByRole('menuitem', { name }).click({ timeout: 5_000 });
    await expect(cards).toHaveCount(before + 1, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('活动页面', () => {
  test.setTimeout(300_000);

  test('built in the console, previewed, published; the buyer sees it at 1440 and 375 px and goes to the goods', async ({ page, browser }) => {
    // The running demo 秒杀 session the page shows.
    const sessions = (await (await page.request.get('/member/activity/flashSale/sessions')).json()) as {
      data: { sessions: { activityId: number; title: string; phase: string }[] };
    };
    const session = sessions.data.sessions.find((s) => s.phase === 'RUNNING');
    expect(session, '演示数据里有一场进行中的秒杀').toBeTruthy();

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin/login');
    await page.getByLabel('用户名').fill(ADMIN.username);
    await page.getByLabel('密码').fill(ADMIN.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await menu(page).getByRole('link', { name: '活动页面' }).click();
    await expect(page).toHaveURL(/\/admin\/activity-pages$/);
    await page.getByRole('button', { name: '新建活动页面' }).click();
    await expect(page).toHaveURL(/\/admin\/activity-pages\/new$/);

    // Saving without a title says so; then the sections, in the order buyers see them.
    await page.getByTestId('page-save').click();
    await expect(page.getByText('请填写页面标题')).toBeVisible();
    await page.getByLabel('页面标题').fill(TITLE);
    await page.getByLabel('分享副标题（选填）').fill('整点开抢');
    await addSection(page, '倒计时');
    await addSection(page, '活动商品');
    await addSection(page, '图文说明');
    await page.getByTestId('page-save').click();
    await expect(page.getByText('第 1 个板块（倒计时）：请选择活动')).toBeVisible();
    await pickOption(page, '第 1 个板块的活动', session!.title);
    await page.getByLabel('第 1 个板块的倒计时标题').fill('本场距结束');
    await pickOption(page, '第 2 个板块的活动', session!.title);
    await page.getByLabel('第 2 个板块的标题').fill('限量秒杀');
    await page.getByRole('textbox', { name: '第 3 个板块第 1 段' }).fill(TEXT);
    // Reordered: the text moves up one and back.
    await page.getByRole('button', { name: '上移第 3 个板块' }).click();
    await expect(page.getByTestId('section-card').nth(1)).toHaveAttribute('data-type', 'richText');
    await page.getByRole('button', { name: '下移第 2 个板块' }).click();
    await expect(page.getByTestId('section-card').nth(2)).toHaveAttribute('data-type', 'richText');
    await page.screenshot({ path: `${SHOTS}/activity-pages-editor.png` });
    expect(await axe(page, 'main')).toEqual([]);

    // 保存并预览: saved as a draft, the buyer page framed at both widths with its 预览 ribbon.
    await page.getByTestId('page-preview').click();
    await expect(page).toHaveURL(/\/admin\/activity-pages\/\d+\/edit$/);
    const id = Number(/activity-pages\/(\d+)\/edit/.exec(page.url())![1]);
    const dialog = page.getByRole('dialog').filter({ hasText: `预览：${TITLE}` });
    await expect(dialog).toBeVisible();
    for (const mode of ['phone', 'pc']) {
      const frame = page.frameLocator(`[data-testid="preview-frame-${mode}"]`);
      await expect(frame.getByTestId('activity-preview-ribbon')).toContainText('预览');
      await expect(frame.getByRole('heading', { name: TITLE })).toBeVisible();
      await expect(frame.getByTestId('activity-countdown')).toContainText('本场距结束');
      await expect(frame.getByTestId('activity-goods-card').first()).toBeVisible();
      await expect(frame.getByTestId('activity-text')).toContainText(TEXT);
    }
    await page.screenshot({ path: `${SHOTS}/activity-pages-preview.png` });
    // A draft is not for buyers.
    const draft = (await (await page.request.get(`/member/activity/page?id=${id}`)).json()) as { code: number; message: string };
    expect(draft).toMatchObject({ code: 108810, message: '活动页面不存在或已下线' });
    await page.locator('.ant-modal-close').click();
    await expect(dialog).toBeHidden();

    // 上线 after a confirmation.
    await page.getByTestId('page-publish').click();
    const confirm = page.getByRole('dialog').filter({ hasText: `上线“${TITLE}”？` });
    await confirm.getByRole('button', { name: '确认上线' }).click();
    await expect(page.getByText('活动页面已上线')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/activity-pages$/);
    const row = page.getByTestId('activity-page-row').filter({ hasText: TITLE });
    await expect(row).toContainText('已上线');
    await expect(row.getByRole('button', { name: /^下\s*线$/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/activity-pages-list.png` });

    // The buyer at 1440 px: the sections in order, the countdown ticking, a card leads to the goods.
    // A separate visitor (signed out), on the same site.
    const visitor = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const buyer = await visitor.newPage();
    await buyer.goto(`/activity/${id}`);
    await expect(buyer.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(buyer.getByTestId('activity-preview-ribbon')).toHaveCount(0);
    const order = await buyer.locator('[data-testid^="activity-"]:is([data-testid="activity-countdown"],[data-testid="activity-goods"],[data-testid="activity-text"])').evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-testid')),
    );
    expect(order).toEqual(['activity-countdown', 'activity-goods', 'activity-text']);
    const clock = buyer.getByTestId('activity-countdown').getByTestId('activity-clock');
    await expect(clock).toContainText('距结束');
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first!, { timeout: 5_000 });
    await expect(buyer.getByTestId('activity-text')).toContainText(TEXT);
    const card = buyer.getByTestId('activity-goods-card').first();
    await expect(card).toContainText('立即抢购');
    await expect(card).toContainText(/已抢\d+%/);
    const columns1440 = await buyer.locator('[data-testid="activity-goods"] ul').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns1440).toBe(5);
    await buyer.screenshot({ path: `${SHOTS}/activity-page-1440.png`, fullPage: true });
    expect(await axe(buyer, 'main')).toEqual([]);
    await card.click();
    await expect(buyer).toHaveURL(new RegExp(`/activityGoodsDetail\\?activityId=${session!.activityId}&skuId=\\d+$`));

    // At 375 px: two columns of goods, the same sections.
    await buyer.setViewportSize({ width: 375, height: 812 });
    await buyer.goto(`/activity/${id}`);
    await expect(buyer.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(buyer.getByTestId('activity-goods-card').first()).toBeVisible();
    const columns375 = await buyer.locator('[data-testid="activity-goods"] ul').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns375).toBe(2);
    const overflow = await buyer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await buyer.screenshot({ path: `${SHOTS}/activity-page-375.png`, fullPage: true });
    expect(await axe(buyer, 'main')).toEqual([]);
    await buyer.getByTestId('activity-goods-card').nth(1).click();
    await expect(buyer).toHaveURL(new RegExp(`/activityGoodsDetail\\?activityId=${session!.activityId}&skuId=\\d+$`));

    // A page that does not exist says so.
    await buyer.goto('/activity/99999999');
    await expect(buyer.getByTestId('activity-page-missing')).toContainText('活动页面不存在或已下线');
    // The demo page is published with coupons claimable in place; signed out, claiming asks to sign in.
    await buyer.goto('/activity/1');
    await expect(buyer.getByTestId('activity-coupons')).toBeVisible();
    await buyer.getByTestId('activity-coupon').first().getByTestId('coupon-claim').click();
    await expect(buyer.getByRole('dialog').filter({ hasText: '登录提示' })).toBeVisible();
    await buyer.screenshot({ path: `${SHOTS}/activity-page-demo-375.png`, fullPage: true });
    await visitor.close();
  });
});
