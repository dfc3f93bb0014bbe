import { expect, test, type Page } from '@playwright/test';
import { openConsoleSession } from './support/console-session-kit.ts';
import { DEMO, shot } from './support/mall.ts';
import { expectPageFitsScreen } from './support/phone.ts';
import { openMemberSession } from './support/session.ts';

/**
 * 积分 in Chromium. At 1440 px the demo member (signed in over the API) taps 签到 on /points:
 * the balance grows by the reward the button promised, today is marked in the calendar, the button says
 * 今日已签到 (a second 签到 refused with nothing changed is points.test.ts's); the row heads 积分明细 on /user/member/points
 * (and 支出 shows only debits); the mall and a goods' detail, whose 立即兑换 is open when the
 * member has the points (else 积分不足). Redeeming is e2e/points-checkout.spec.ts. The operator creates a
 * points-mall goods from a SKU in the console, puts it on the shelf, and a buyer finds it in its category
 * (the console's rules — once, on and off the shelf, refusals — are points-mall.test.ts's). At 375 px
 * every points screen fits the phone.
 */

/** Not among the demo mall's goods, so the console can create it. */
const NEW_GOODS = 'AirPods';
const NEW_CATEGORY = '耳机专区';

async function balanceOn(page: Page): Promise<number> {
  const text = await page.getByTestId('points-balance').innerText();
  return Number(text.trim());
}

test.describe('积分', () => {
  test.setTimeout(150_000);

  test('1440 px: 签到 grows the balance once, the ledger shows it, the mall and a detail', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openMemberSession(page, DEMO);
    await page.goto('/points');
    const signButton = page.getByRole('button', { name: /签到领 \d+ 积分/ });
    await expect(signButton).toBeVisible({ timeout: 30_000 });
    const before = await balanceOn(page);
    const reward = Number(/签到领 (\d+) 积分/.exec(await signButton.innerText())![1]);
    expect(reward).toBeGreaterThan(0);
    // The demo member signed the four days up to the day before the shop was seeded: 4 today, or 0 when
    // the seeding was before a Beijing midnight this run crossed (yesterday then has no 签到).
    const streakText = page.getByTestId('points-streak');
    await expect(streakText).toHaveText(/^已连续签到 \d+ 天$/);
    const streak = Number(/\d+/.exec((await streakText.textContent())!)![0]);
    expect([4, 0]).toContain(streak);

    await signButton.click();
    await expect(page.getByTestId('points-sign-result')).toContainText(`签到成功，获得 ${reward} 积分`);
    await expect(page.getByTestId('points-balance')).toHaveText(String(before + reward));
    await expect(page.getByRole('button', { name: '今日已签到' })).toBeDisabled();
    await expect(streakText).toHaveText(`已连续签到 ${streak + 1} 天`);
    const today = page.locator('[data-day][aria-label*="今天"]');
    await expect(today).toHaveAttribute('data-signed', 'true');
    await expect(today).toContainText(`+${reward}`);
    await shot(page, 'points-center-1440');


    // The tasks, the rules and the mall's best goods are on the same page.
    await expect(page.getByTestId('points-task').filter({ hasText: '绑定手机号' })).toContainText('已完成');
    await expect(page.getByTestId('points-rules')).toContainText('每日签到可得');

    // 我的积分: the new row first, with the balance after it; 支出 has only debits.
    await page.goto('/user/member/points');
    await expect(page.getByTestId('member-points-balance')).toHaveText(String(before + reward));
    const first = page.getByTestId('points-ledger-row').first();
    await expect(first).toContainText('每日签到');
    await expect(first).toContainText(`+${reward}`);
    await expect(first).toContainText(String(before + reward));
    await page.getByText('支出', { exact: true }).click();
    await expect(page.getByTestId('points-ledger-row').first()).toContainText('系统扣除');
    for (const row of await page.getByTestId('points-ledger-row').all()) await expect(row).not.toContainText('每日签到');
    await shot(page, 'points-member-1440');

    // The mall: categories, sort by points, and a detail.
    await page.goto('/points');
    await page.getByRole('link', { name: /更多积分好物/ }).click();
    await expect(page).toHaveURL(/\/points\/mall$/);
    await expect(page.getByTestId('points-mall-card').first()).toBeVisible();
    await page.getByRole('combobox', { name: '排序' }).click();
    await page.getByTitle('积分从低到高').click();
    await expect(page).toHaveURL(/sort=POINTS_ASC/);
    const readPrices = () =>
      page.getByTestId('points-mall-card-price').evaluateAll((els) => els.map((e) => Number.parseInt(e.textContent ?? '', 10)));
    await expect.poll(async () => {
      const p = await readPrices();
      return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1]! <= v);
    }).toBe(true);
    const prices = await readPrices();
    await shot(page, 'points-mall-1440');
    const card = page.getByTestId('points-mall-card').first();
    const name = (await card.getAttribute('aria-label'))!;
    await card.click();
    await expect(page).toHaveURL(/\/points\/mallDetail\?id=\d+/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('points-detail-price')).toHaveText(new RegExp(`^${prices[0]} 积分`));
    await expect(page.getByTestId('points-detail-stock')).toContainText('剩余');
    // 立即兑换 when the member has the points for one, else 积分不足 with what is missing.
    if (before + reward >= prices[0]!) {
      await expect(page.getByRole('button', { name: '立即兑换' })).toBeEnabled();
    } else {
      await expect(page.getByRole('button', { name: '积分不足' })).toBeDisabled();
      await expect(page.getByTestId('points-detail-mine')).toContainText(`还差 ${prices[0]! - before - reward} 积分`);
    }
    await shot(page, 'points-detail-1440');

    // An unknown goods says so.
    await page.goto('/points/mallDetail?id=999999');
    await expect(page.getByText('积分商品不存在').or(page.getByText('该积分商品已下架'))).toBeVisible();
  });

  test('1440 px: the operator creates a points-mall goods, puts it on shelf, the buyer sees it', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConsoleSession(page);
    await page.goto('/admin/points-mall');
    await expect(page.getByTestId('points-mall-row').first()).toBeVisible();

    await page.getByRole('button', { name: '新增积分商品' }).click();
    const dialog = page.getByRole('dialog', { name: '新增积分商品' });
    // Saving empty says what is missing and creates nothing.
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('请搜索并选择商品')).toBeVisible();
    await dialog.getByRole('combobox', { name: '商品' }).fill(NEW_GOODS);
    const option = page.locator('.ant-select-item-option').filter({ hasText: NEW_GOODS }).first();
    await option.click();
    await expect(dialog.getByRole('combobox', { name: '规格' })).toBeEnabled();
    // A one-spec goods has its SKU chosen; else take the first.
    if (!(await dialog.locator('.ant-select-selection-item').nth(1).isVisible())) {
      await dialog.getByRole('combobox', { name: '规格' }).click();
      await page.locator('.ant-select-item-option').last().click();
    }
    await dialog.getByLabel('分类').fill(NEW_CATEGORY);
    await dialog.getByLabel('所需积分').fill('1888');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('points-mall-row').filter({ hasText: NEW_CATEGORY });
    await expect(row).toContainText('1888 积分');
    await expect(row).toContainText('已下架');
    const goodsName = (await row.getAttribute('data-name'))!;

    // Off the shelf: the buyers do not see it yet.
    const buyer = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await buyer.goto('/points/mall');
    await expect(buyer.getByTestId('points-mall-card').first()).toBeVisible();
    await expect(buyer.getByText(NEW_CATEGORY)).toHaveCount(0);

    await row.getByRole('button', { name: /^上\s*架$/ }).click();
    await expect(row).toContainText('已上架');
    await shot(page, 'points-console-1440');

    await buyer.reload();
    await buyer.getByText(new RegExp(`^${NEW_CATEGORY} \\(1\\)$`)).click();
    await expect(buyer).toHaveURL(/category=/);
    const card = buyer.getByTestId('points-mall-card');
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute('aria-label', goodsName);
    await expect(card).toContainText('1888 积分');
    await card.click();
    await expect(buyer.getByTestId('points-detail-price')).toHaveText('1888 积分');
    await buyer.close();
  });

  test('375 px: the points screens fit the phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    // Signed out, /points asks the buyer to sign in and still shows the mall and the rules.
    await page.goto('/points');
    await expect(page.getByText('登录后签到领积分')).toBeVisible();
    await expect(page.getByTestId('points-rules')).toBeVisible();
    await expectPageFitsScreen(page, '积分中心 (signed out)');

    await openMemberSession(page, DEMO);
    await page.goto('/points');
    await expect(page.getByTestId('points-balance')).toBeVisible();
    await expect(page.getByRole('table', { name: /签到日历/ })).toBeVisible();
    await expect(page.getByTestId('points-mall-card').first()).toBeVisible();
    await expectPageFitsScreen(page, '积分中心');
    const calendar = (await page.getByRole('table', { name: /签到日历/ }).boundingBox())!;
    expect(calendar.x + calendar.width).toBeLessThanOrEqual(375);
    await shot(page, 'points-center-375');

    await page.goto('/user/member/points');
    await expect(page.getByTestId('points-ledger-row').first()).toBeVisible();
    await expectPageFitsScreen(page, '我的积分');
    await shot(page, 'points-member-375');

    await page.goto('/points/mall');
    await expect(page.getByTestId('points-mall-card').first()).toBeVisible();
    await expectPageFitsScreen(page, '积分商城');
    await shot(page, 'points-mall-375');
    await page.getByTestId('points-mall-card').first().click();
    await expect(page.getByTestId('points-redeem')).toBeVisible();
    await expectPageFitsScreen(page, '积分商品详情');
    await shot(page, 'points-detail-375');
  });
});
