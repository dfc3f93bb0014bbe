import { expect, test, type Page } from '@playwright/test';
import { searchAndChoose, shot } from './support/mall.ts';

/**
 * The console's 优惠券 in Chromium. The operator opens 优惠券 from the menu, creates a 满减
 * coupon (an amount above the threshold refused first) and a 折扣 coupon typed as 8.5 折 for a category,
 * stops and starts one, grants the 满减 one to the demo member (found by username) and sees 已领 1 in the
 * list and the member's coupon in 详情; editing the claimed coupon's rule is refused with the server's
 * Chinese message and nothing changes; bad requests to the create call are refused in Chinese.
 */

const ADMIN = { username: 'admin', password: 'MallAdmin#2026' } as const;
const FULL = '满减测试券';
const DISCOUNT = '折扣测试券';

const row = (page: Page, name: string) => page.getByTestId('coupon-row').filter({ hasText: name });

test.describe('优惠券 (console)', () => {
  test.setTimeout(180_000);

  test('1440 px: create 满减 and 折扣, stop/start, grant to the demo member, usage figures, refusals', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin/login');
    await page.getByLabel('用户名').fill(ADMIN.username);
    await page.getByLabel('密码').fill(ADMIN.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByRole('navigation', { name: '管理后台菜单' }).getByRole('link', { name: '优惠券' }).click();
    await expect(page).toHaveURL(/\/admin\/coupons$/);
    await expect(page.getByTestId('coupon-row').first()).toBeVisible();
    await shot(page, 'admin-coupons-list');

    // 满减: saving empty says what is missing; an amount above the threshold is refused; then 满100减20.
    await page.getByRole('button', { name: '新建优惠券' }).click();
    let dialog = page.getByRole('dialog', { name: '新建优惠券' });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('请填写优惠券名称')).toBeVisible();
    await dialog.getByLabel('优惠券名称').fill(FULL);
    await dialog.getByLabel('使用门槛（元）').fill('100');
    await dialog.getByLabel('减免金额（元）').fill('200');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('减免金额不能大于使用门槛')).toBeVisible();
    await dialog.getByLabel('减免金额（元）').fill('19.9');
    await dialog.getByLabel('发放总量').fill('50');
    await dialog.getByLabel('每人限领').fill('2');
    await shot(page, 'admin-coupons-create');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('优惠券已创建，尚未发放：点“开始发放”后买家即可领取')).toBeVisible();
    await expect(row(page, FULL)).toContainText('满100减19.9');
    await expect(row(page, FULL)).toContainText('已领 0 / 已用 0 / 剩余 50');
    // A new coupon is 未发放 (no buyer can claim it, nothing to 发放) until 开始发放.
    await expect(row(page, FULL)).toContainText('未发放');
    await expect(row(page, FULL).getByRole('button', { name: /^发\s*放$/ })).toHaveCount(0);
    await row(page, FULL).getByRole('button', { name: '开始发放' }).click();
    await expect(row(page, FULL)).toContainText('发放中');

    // 折扣: 8.5 折 with a ¥30 cap on a category.
    await page.getByRole('button', { name: '新建优惠券' }).click();
    dialog = page.getByRole('dialog', { name: '新建优惠券' });
    await dialog.getByLabel('优惠券名称').fill(DISCOUNT);
    await dialog.getByText('折扣券', { exact: true }).click();
    await dialog.getByLabel('折扣（折）').fill('8.5');
    await dialog.getByLabel('最高优惠（元）').fill('30');
    await dialog.getByText('指定分类', { exact: true }).click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('请选择适用分类')).toBeVisible();
    await dialog.getByRole('combobox', { name: '适用分类' }).click();
    await page.locator('.ant-select-tree-node-content-wrapper').first().click();
    await dialog.locator('.ant-modal-title').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, DISCOUNT)).toContainText('8.5折最高减30');
    await expect(row(page, DISCOUNT)).toContainText('限指定分类');
    await row(page, DISCOUNT).getByRole('button', { name: '开始发放' }).click();
    await expect(row(page, DISCOUNT)).toContainText('发放中');

    // 停止发放 (confirmed), then 开始发放 again.
    await row(page, DISCOUNT).getByRole('button', { name: '停止发放' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '停止发放' }).click();
    await expect(row(page, DISCOUNT)).toContainText('已停止');
    await expect(row(page, DISCOUNT).getByRole('button', { name: /^发\s*放$/ })).toHaveCount(0);
    await row(page, DISCOUNT).getByRole('button', { name: '开始发放' }).click();
    await expect(row(page, DISCOUNT)).toContainText('发放中');

    // 发放 to the demo member: nothing chosen is refused; then found by username.
    await row(page, FULL)
      .getByRole('button', { name: /^发\s*放$/ })
      .click();
    dialog = page.getByRole('dialog', { name: `发放优惠券：${FULL}` });
    await dialog.getByRole('button', { name: '确认发放' }).click();
    await expect(dialog.getByText('请选择会员')).toBeVisible();
    // The first member found (each option reads 昵称 · 手机号); a pick lost while the list slid in is made again.
    const picked = dialog.locator('.ant-select-selection-item');
    await searchAndChoose(page, dialog.getByRole('combobox', { name: '会员' }), 'demo', ' · ', picked);
    await expect(picked).toHaveCount(1);
    await dialog.locator('.ant-modal-title').click();
    await shot(page, 'admin-coupons-grant');
    await dialog.getByRole('button', { name: '确认发放' }).click();
    await expect(page.getByText('已发放给 1 位会员，剩余 49 张')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, FULL)).toContainText('已领 1 / 已用 0 / 剩余 49');

    // 详情: the member's coupon, 运营发放, 未使用.
    await row(page, FULL)
      .getByRole('button', { name: /^详\s*情$/ })
      .click();
    const drawer = page.getByRole('dialog').filter({ hasText: `优惠券详情：${FULL}` });
    await expect(drawer.getByTestId('coupon-detail')).toContainText('已领 1 / 已用 0 / 剩余 49');
    const issued = drawer.getByTestId('coupon-issued-row');
    await expect(issued).toHaveCount(1);
    await expect(issued).toContainText('demo');
    await expect(issued).toContainText('运营发放');
    await expect(issued).toContainText('未使用');
    await shot(page, 'admin-coupons-detail');
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();

    // Claimed: the rule is fixed; the server's message shows and nothing changes. The name may change.
    await row(page, FULL)
      .getByRole('button', { name: /^编\s*辑$/ })
      .click();
    dialog = page.getByRole('dialog', { name: '编辑优惠券' });
    await expect(dialog).toContainText('已有会员领取 1 张');
    await dialog.getByLabel('减免金额（元）').fill('25');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByTestId('coupon-form-error')).toHaveText(
      '已有会员领取，不能修改优惠规则、适用范围、有效期和领取方式',
    );
    await shot(page, 'admin-coupons-edit');
    await dialog.getByLabel('减免金额（元）').fill('19.9');
    await dialog.getByLabel('优惠券名称').fill(`${FULL}（改）`);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, `${FULL}（改）`)).toContainText('满100减19.9');

    // Bad requests to the create call: a clear Chinese message, nothing made.
    const token = await page.evaluate(() => localStorage.getItem('admin-token'));
    const headers = { Authorization: `Bearer ${token}` };
    const good = {
      name: '坏输入',
      kind: 'FULL_REDUCTION',
      thresholdFen: 1000,
      amountFen: 500,
      validityType: 'DAYS',
      validDays: 7,
      totalQuantity: 10,
      channel: 'CENTER',
    };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, name: undefined }, /优惠券名称/],
      [{ ...good, amountFen: -1 }, /减免金额/],
      [{ ...good, amountFen: 'abc' }, /减免金额/],
      [{ ...good, amountFen: 1.5 }, /减免金额/],
      [{ ...good, name: '券'.repeat(31) }, /优惠券名称/],
      [{ ...good, validDays: 366 }, /1–365/],
      [{ ...good, kind: "DISCOUNT'; DROP TABLE coupon_templates;--" }, /优惠券类型/],
      [{ ...good, perMemberLimit: 20 }, /每人限领不能大于发放总量/],
    ];
    for (const [data, message] of cases) {
      const res = await page.request.post('/ops/promotion/coupon/create', { headers, data });
      const body = (await res.json()) as { code: number; message: string };
      expect(body.code, JSON.stringify(data)).not.toBe(0);
      expect(body.message).toMatch(message);
    }
    await page.getByPlaceholder('优惠券名称').fill('坏输入');
    await page.getByPlaceholder('优惠券名称').press('Enter');
    await expect(page.getByText('没有符合条件的优惠券')).toBeVisible();
  });
});
