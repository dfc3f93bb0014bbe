import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEFAULT_DISTRIBUTION_SETTINGS } from '../apps/server/src/modules/distribution/distribution-settings.ts';
import { consoleMenu as menu, ops } from './support/console.ts';
import {
  applicant,
  approvedDistributor,
  boundBuyer,
  completedToSettleNow,
  paidOrder,
  settled,
  shareLink,
  yuan,
  type GoodsDetail,
} from './support/distribution-kit.ts';
import { asMember, asOps } from './support/order-kit.ts';
import { openConsoleSession } from './support/console-session-kit.ts';
import { shot } from './support/mall.ts';

/**
 * The console's 分销 menu in Chromium, at 1440 px as the demo operator (signed in over the API: the
 * sign-in screen is the console's shell specs'). Set up over the API: three new members, each with a
 * real-name record, apply (two to 分销, one to 推广); a fourth, a promoter already approved, has a
 * buyer bound through their link whose order was paid and received (its commission settles while the
 * screens below are driven). In 分销申请 the operator opens one application's detail and approves it;
 * rejects another with a reason (an empty reason is refused); approves the 推广 one after a colleague
 * already did (the server's message, the row refreshed). In 分销商品 one goods gets a fixed commission
 * in 元, another a rate in % (a fixed amount above the price is refused on its row), both listed with
 * their rule; the first is marked for 推广 too. 推广等级 lists the levels; editing refuses a threshold
 * not above the previous level's and saves 银牌 at 8.5 %. 站点设置 › 分销设置: 推广佣金结算 0 days
 * and 最低提现金额 ¥1.00, kept after a reload. The promoter asks for two withdrawals; in 提现审核 the
 * operator reads the whole account once, approves one with the payout reference (已打款), and
 * approving the other after a colleague shows the server's message. The rules behind each screen
 * (who may approve, once; the limits; the money) are the server's API tests'
 * (apps/server/src/modules/distribution, ops). `npm run test:e2e` sets E2E_OPS_TOKEN.
 */

/** antd puts a space between two Chinese characters of a button: 通过 reads 通 过. */
const two = (text: string) => new RegExp(`^${text[0]}\\s*${text[1]}$`);

interface GoodsRow {
  id: number;
  name: string;
  /** A supplier's store sells it (the store ships it, not the console's 发货). */
  storeName: string | null;
  onShelf: boolean;
  skuCount: number;
  stock: number;
  priceMin: number;
  isCrossBorder: boolean;
}

/** Three one-SKU goods on shelf with stock, at least ¥40, in neither programme yet, names not inside each other. */
async function pickGoods(api: APIRequestContext): Promise<GoodsDetail[]> {
  const taken = new Set<number>();
  for (const programme of ['CLASSIC', 'PROMOTER']) {
    const listed = await ops<{ list: { goodsId: number }[] }>(
      api,
      `/ops/distribution/goods/page?programme=${programme}&pageNum=1&pageSize=50`,
    );
    for (const g of listed.data.list) taken.add(g.goodsId);
  }
  const page = await ops<{ list: GoodsRow[] }>(api, '/ops/goods/page?pageNum=1&pageSize=50');
  const out: GoodsDetail[] = [];
  for (const g of page.data.list) {
    if (
      !g.onShelf ||
      g.storeName ||
      g.skuCount !== 1 ||
      g.stock < 10 ||
      g.priceMin < 4000 ||
      g.isCrossBorder ||
      taken.has(g.id)
    )
      continue;
    if (out.some((o) => o.name.includes(g.name) || g.name.includes(o.name))) continue;
    out.push((await ops<GoodsDetail>(api, `/ops/goods/detail?goodsId=${g.id}`)).data);
    if (out.length === 3) return out;
  }
  throw new Error('演示数据里没有三件单规格、有库存、不低于 ¥40、未参加分销的商品');
}

async function openDistribution(page: Page, item: string, path: string) {
  const leaf = menu(page).getByRole('menuitem', { name: item });
  const group = menu(page).locator('[role="menuitem"][aria-haspopup="true"]', { hasText: '分销' });
  if (!(await leaf.isVisible())) await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  // A click while the group is still unfolding can land beside the item (CI once stayed on 站点设置).
  await expect(async () => {
    await leaf.click();
    await expect(page).toHaveURL(new RegExp(`/admin/distribution/${path}`), { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: item })).toBeVisible();
}

async function searchApplication(page: Page, mobile: string): Promise<Locator> {
  const search = page.getByLabel('搜索申请');
  await search.fill(mobile);
  await search.press('Enter');
  const row = page.getByTestId('application-row').filter({ hasText: mobile });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('分销 (console)', () => {
  test.setTimeout(600_000);
  test.use({ viewport: { width: 1440, height: 900 }, actionTimeout: 15_000 });

  test('applications, goods, levels, 分销设置 and a withdrawal paid out', async ({ page }) => {
    const api = page.request;
    // The default 分销设置 (the demo's), so that a retry after a failure half-way starts from them too.
    const reset = await ops(api, '/ops/settings/save', { key: 'distribution', value: DEFAULT_DISTRIBUTION_SETTINGS });
    expect(reset.code, reset.message).toBe(0);
    const [fixedGoods, rateGoods, promotedGoods] = await pickGoods(api);
    const approved = await applicant(api, '王小明', 'CLASSIC', 'da');
    const rejected = await applicant(api, '李小红', 'CLASSIC', 'dr');
    const promoter = await applicant(api, '周晓彤', 'PROMOTER', 'dp');
    // A promoter whose buyer's order completes while the screens below are driven, so that the sweeper
    // (every 30 s) settles the commission meanwhile. Awaited before 站点设置, whose save it must not race.
    const earning = (async () => {
      const earner = await approvedDistributor(api, '吴佳怡', 'PROMOTER', 'de');
      await asOps(api, '/ops/distribution/goods/save', {
        programme: 'PROMOTER',
        goodsId: promotedGoods!.id,
        skus: [{ skuId: promotedGoods!.skus[0]!.id }],
      });
      const buyer = await boundBuyer(api, (await shareLink(api, earner, promotedGoods!.id, 'PROMOTER')).share);
      await completedToSettleNow(api, buyer.token, await paidOrder(api, buyer, promotedGoods!.skus[0]!.id));
      return earner;
    })();
    earning.catch(() => undefined); // its failure is reported where it is awaited

    await openConsoleSession(page);
    await page.goto('/admin/dashboard');
    await expect(menu(page).getByRole('menuitem', { name: '工作台' })).toBeVisible();

    // ---- 分销申请: detail, 通过 ----
    await openDistribution(page, '分销申请', 'applications');
    await expect(page.getByText('功能上线后开放')).toHaveCount(0);
    await page.getByRole('tab', { name: '审核中' }).click();
    await expect(page.getByRole('tab', { name: '审核中' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('application-row').filter({ hasText: approved.member.mobile })).toBeVisible();
    await expect(page.getByTestId('application-row').filter({ hasText: '已通过' })).toHaveCount(0);
    await shot(page, 'admin-dist-applications');

    let row = await searchApplication(page, approved.member.mobile);
    await expect(row).toContainText('王小明');
    await expect(row).toContainText('分销');
    await expect(row).toContainText('微信群');
    await row.getByRole('button', { name: two('详情') }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '申请详情' });
    const detail = drawer.getByTestId('application-detail');
    await expect(detail).toContainText('王小明');
    await expect(detail).toContainText(/1\*{16}\w/);
    await expect(detail).toContainText(approved.member.mobile);
    await expect(detail).toContainText('小区团购群');
    await expect(drawer.getByTestId('application-history')).toContainText('提交分销申请（本申请）');
    await shot(page, 'admin-dist-application-detail');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await row.getByRole('button', { name: two('通过') }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: two('通过') })
      .click();
    await expect(page.getByText('已通过，王小明 成为分销员')).toBeVisible();
    // Under 审核中 it is gone; under 全部 it reads 已通过 with no actions left.
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: '全部' }).click();
    row = page.getByTestId('application-row').filter({ hasText: approved.member.mobile });
    await expect(row).toContainText('已通过');
    await expect(row.getByRole('button', { name: two('通过') })).toHaveCount(0);
    await expect(row.getByRole('button', { name: two('驳回') })).toHaveCount(0);

    // ---- 驳回 with a reason (none is refused) ----
    row = await searchApplication(page, rejected.member.mobile);
    await row.getByRole('button', { name: two('驳回') }).click();
    const reject = page.getByRole('dialog').filter({ hasText: '驳回申请' });
    await reject.getByRole('button', { name: '确认驳回' }).click();
    await expect(reject.getByText('请填写驳回原因')).toBeVisible();
    await reject.getByLabel('驳回原因').fill('分享渠道需补充具体的群规模与截图，请补充后重新申请');
    await expect(reject.getByText('请填写驳回原因')).toBeHidden();
    await shot(page, 'admin-dist-reject');
    await reject.getByRole('button', { name: '确认驳回' }).click();
    await expect(reject).toBeHidden();
    await expect(row).toContainText('已驳回');
    await expect(row).toContainText('分享渠道需补充具体的群规模');
    const status = await asMember<{ state: string; latest: { rejectReason: string } }>(
      api,
      rejected.token,
      '/member/distribution/apply/status?programme=CLASSIC',
    );
    expect(status.state).toBe('REJECTED');
    expect(status.latest.rejectReason).toBe('分享渠道需补充具体的群规模与截图，请补充后重新申请');

    // ---- a colleague approved first: the server's message, the row refreshed ----
    row = await searchApplication(page, promoter.member.mobile);
    await expect(row).toContainText('推广');
    await expect(row).toContainText('审核中');
    const id = Number(await row.getAttribute('data-id'));
    const first = await ops(api, '/ops/distribution/application/approve', { id });
    expect(first.code, first.message).toBe(0);
    await row.getByRole('button', { name: two('通过') }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: two('通过') })
      .click();
    await expect(page.getByText('该申请已通过，不能再审核')).toBeVisible();
    await expect(row).toContainText('已通过');
    await expect(row.getByRole('button', { name: two('通过') })).toHaveCount(0);

    // ---- 分销商品: a fixed commission in 元, a rate in % ----
    await openDistribution(page, '分销商品', 'goods');
    await page.getByRole('button', { name: /添加分销商品/ }).click();
    let form = page.getByRole('dialog').filter({ hasText: '添加分销商品' });
    await form.getByRole('button', { name: two('保存') }).click();
    await expect(form.getByTestId('goods-form-error')).toHaveText('请先选择商品');
    const picker = form.getByRole('combobox', { name: '选择商品' });
    await picker.click();
    await picker.fill(fixedGoods!.name.slice(0, 20));
    await page.locator('.ant-select-item-option').filter({ hasText: fixedGoods!.name }).first().click();
    let sku = form.getByTestId('goods-form-sku');
    await expect(sku).toHaveCount(1);
    await expect(sku).toContainText(yuan(fixedGoods!.skus[0]!.price));
    // Above the price: refused on its row before anything is sent.
    await sku.getByLabel(/^固定佣金/).fill(String(fixedGoods!.skus[0]!.price / 100 + 1));
    await form.getByRole('button', { name: two('保存') }).click();
    await expect(form.getByText(`固定佣金不能高于售价 ${yuan(fixedGoods!.skus[0]!.price)}`)).toBeVisible();
    await sku.getByLabel(/^固定佣金/).fill('5');
    await expect(sku.getByTestId('goods-form-preview')).toHaveText('¥5.00');
    await shot(page, 'admin-dist-goods-form');
    await form.getByRole('button', { name: two('保存') }).click();
    await expect(form).toBeHidden();
    const fixedRow = page.getByTestId('distribution-goods-row').filter({ hasText: fixedGoods!.name });
    await expect(fixedRow).toContainText('佣金 ¥5.00/件');
    await expect(fixedRow).toContainText('每件 ¥5.00');

    await page.getByRole('button', { name: /添加分销商品/ }).click();
    form = page.getByRole('dialog').filter({ hasText: '添加分销商品' });
    await form.getByRole('combobox', { name: '选择商品' }).click();
    await form.getByRole('combobox', { name: '选择商品' }).fill(rateGoods!.name.slice(0, 20));
    await page.locator('.ant-select-item-option').filter({ hasText: rateGoods!.name }).first().click();
    sku = form.getByTestId('goods-form-sku');
    await expect(sku).toHaveCount(1);
    await sku.getByText('比例', { exact: true }).click();
    await sku.getByLabel(/^佣金比例/).fill('50.5');
    await form.getByRole('button', { name: two('保存') }).click();
    await expect(form.getByText('佣金比例须在 0.01%–50% 之间')).toBeVisible();
    await sku.getByLabel(/^佣金比例/).fill('8.5');
    const each = Math.floor((rateGoods!.skus[0]!.price * 850) / 10_000);
    await expect(sku.getByTestId('goods-form-preview')).toHaveText(yuan(each));
    await form.getByRole('button', { name: two('保存') }).click();
    await expect(form).toBeHidden();
    const rateRow = page.getByTestId('distribution-goods-row').filter({ hasText: rateGoods!.name });
    await expect(rateRow).toContainText('佣金 8.5%');
    await expect(rateRow).toContainText(`每件 ${yuan(each)}`);
    await shot(page, 'admin-dist-goods');

    // Editing starts from the saved rule.
    await rateRow.getByRole('button', { name: two('编辑') }).click();
    form = page.getByRole('dialog').filter({ hasText: '编辑分销商品' });
    await expect(form.getByTestId('goods-form-sku').getByLabel(/^佣金比例/)).toHaveValue('8.50');
    await form.getByRole('button', { name: two('取消') }).click();
    await expect(form).toBeHidden();

    // ---- 推广商品: just which SKUs ----
    await page.getByRole('tab', { name: '推广商品' }).click();
    await page.getByRole('button', { name: /添加推广商品/ }).click();
    form = page.getByRole('dialog').filter({ hasText: '添加推广商品' });
    await form.getByRole('combobox', { name: '选择商品' }).click();
    await form.getByRole('combobox', { name: '选择商品' }).fill(fixedGoods!.name.slice(0, 20));
    await page.locator('.ant-select-item-option').filter({ hasText: fixedGoods!.name }).first().click();
    await expect(form.getByTestId('goods-form-sku')).toHaveCount(1);
    await expect(form.getByLabel(/^固定佣金/)).toHaveCount(0);
    await form.getByRole('button', { name: two('保存') }).click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId('distribution-goods-row').filter({ hasText: fixedGoods!.name })).toContainText(
      '按推广等级比例',
    );
    await shot(page, 'admin-dist-promoter-goods');

    // ---- 推广等级 ----
    await openDistribution(page, '推广等级', 'levels');
    const levels = page.getByTestId('level-row');
    await expect(levels.first()).toContainText('普通');
    await expect(levels.first()).toContainText('5%');
    await expect(levels.first()).toContainText('1%');
    await expect(levels.filter({ hasText: '金牌' })).toContainText('10%');
    await shot(page, 'admin-dist-levels');

    // 编辑等级: a threshold not above the previous level's is refused on its row; 银牌 8.5 % saved.
    await page.getByRole('button', { name: '编辑等级' }).click();
    const editor = page.getByTestId('levels-editor');
    await editor.getByLabel('团队人数门槛 金牌').fill('5');
    await editor.getByRole('button', { name: two('保存') }).click();
    await expect(editor.getByText('门槛须高于上一等级“银牌”')).toBeVisible();
    await expect(editor.getByTestId('levels-error')).toHaveText('有 1 个等级需要修改');
    await editor.getByLabel('团队人数门槛 金牌').fill('50');
    await editor.getByLabel('直接推广佣金 银牌').fill('8.5');
    await shot(page, 'admin-dist-levels-edit');
    await editor.getByRole('button', { name: two('保存') }).click();
    await expect(page.getByText('推广等级已保存，之后支付的订单按新比例计佣')).toBeVisible();
    await expect(editor).toBeHidden();
    await expect(levels.filter({ hasText: '银牌' })).toContainText('8.5%');
    const savedLevels = await ops<{ name: string; directBasisPoints: number }[]>(api, '/ops/distribution/levels');
    expect(savedLevels.data.find((l) => l.name === '银牌')?.directBasisPoints).toBe(850);

    const earner = await earning;

    // ---- 站点设置 › 分销设置: 元 on screen, kept after a reload ----
    await menu(page).getByRole('menuitem', { name: '站点设置' }).click();
    const card = page.getByTestId('distribution-card');
    await card.scrollIntoViewIfNeeded();
    const minYuan = card.getByRole('spinbutton', { name: '最低提现金额（元）' });
    const settle = card.getByRole('spinbutton', { name: '推广佣金结算（天）' });
    await expect(minYuan).toHaveValue('10.00');
    await minYuan.fill('0.5');
    await card.getByRole('button', { name: two('保存') }).click();
    await expect(card.getByText('最低提现金额为 1–100,000 元')).toBeVisible();
    await minYuan.fill('1');
    await settle.fill('0');
    await card.getByRole('button', { name: two('保存') }).click();
    await expect(page.getByText('设置已保存')).toBeVisible();
    await page.reload();
    await expect(card.getByRole('spinbutton', { name: '最低提现金额（元）' })).toHaveValue('1.00');
    await expect(card.getByRole('spinbutton', { name: '推广佣金结算（天）' })).toHaveValue('0');
    const saved = await ops<{ settings: { key: string; value: { minWithdrawFen: number; settleDays: number } }[] }>(
      api,
      '/ops/settings',
    );
    expect(saved.data.settings.find((s) => s.key === 'distribution')?.value).toMatchObject({
      minWithdrawFen: 100,
      settleDays: 0,
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'admin-dist-settings');
    await card.screenshot({ path: '/tmp/shots/admin-dist-settings-card.png' });

    // ---- two withdrawals of the promoter's settled commission (¥1.00 is the smallest now) ----
    // 普通's 5 % of at least ¥40.
    await settled(api, earner.token, 'PROMOTER', 200);
    const withdrawals: number[] = [];
    for (const amountFen of [100, 100]) {
      const w = await asMember<{ id: number }>(api, earner.token, '/member/distribution/withdraw', {
        programme: 'PROMOTER',
        amountFen,
        method: 'ALIPAY',
        accountName: '吴佳怡',
        accountNo: earner.member.mobile,
      });
      withdrawals.push(w.id);
    }

    // ---- 提现审核: 查看账号, 通过 with the payout reference ----
    await openDistribution(page, '提现审核', 'withdrawals');
    const paid = page.locator(`[data-testid="withdrawal-row"][data-id="${withdrawals[0]}"]`);
    await expect(paid).toContainText('¥1.00');
    await expect(paid).toContainText('支付宝');
    await expect(paid).toContainText('审核中');
    await expect(paid).not.toContainText(earner.member.mobile);
    await shot(page, 'admin-dist-withdrawals');
    await paid.getByRole('button', { name: '查看账号' }).click();
    const account = page.getByRole('dialog').filter({ hasText: '完整收款账号' });
    await expect(account.getByTestId('withdrawal-account')).toContainText(earner.member.mobile);
    await shot(page, 'admin-dist-withdrawal-account');
    await account.getByRole('button', { name: '关 闭', exact: true }).click();
    await expect(account).toBeHidden();

    await paid.getByRole('button', { name: two('通过') }).click();
    let approve = page.getByRole('dialog').filter({ hasText: '确认打款' });
    await approve.getByLabel('打款流水号').fill('流水 001');
    await approve.getByRole('button', { name: '确认已打款' }).click();
    await expect(approve.getByText('打款流水号只能包含字母、数字、- 和 _')).toBeVisible();
    await approve.getByLabel('打款流水号').fill('ALI20261126000123');
    await expect(approve.getByText('打款流水号只能包含字母、数字、- 和 _')).toBeHidden();
    await shot(page, 'admin-dist-withdrawal-approve');
    await approve.getByRole('button', { name: '确认已打款' }).click();
    // The toast first: it lasts 3 s, and under load the dialog's closing animation can outlast it.
    await expect(page.getByText('已确认打款')).toBeVisible();
    await expect(approve).toBeHidden();
    await expect(paid).toHaveCount(0);
    await page.getByRole('tab', { name: '已打款' }).click();
    await expect(paid).toContainText('已打款');
    await expect(paid).toContainText('流水号 ALI20261126000123');
    await shot(page, 'admin-dist-withdrawals-paid');

    // ---- a colleague paid the other one first: the server's message in the dialog ----
    await page.getByRole('tab', { name: '审核中' }).click();
    const other = page.locator(`[data-testid="withdrawal-row"][data-id="${withdrawals[1]}"]`);
    await other.getByRole('button', { name: two('通过') }).click();
    approve = page.getByRole('dialog').filter({ hasText: '确认打款' });
    const colleague = await ops(api, '/ops/distribution/withdrawal/approve', {
      id: withdrawals[1],
      payoutRef: 'ALI20261126000999',
    });
    expect(colleague.code, colleague.message).toBe(0);
    await approve.getByLabel('打款流水号').fill('ALI20261126000124');
    await approve.getByRole('button', { name: '确认已打款' }).click();
    await expect(approve.getByTestId('dialog-error')).toHaveText('该提现申请已打款，不能再审核');
    await approve.getByRole('button', { name: two('取消') }).click();
    await expect(other).toHaveCount(0);
    const income = await asMember<{ balances: { withdrawnFen: number } }>(
      api,
      earner.token,
      '/member/distribution/income/summary?programme=PROMOTER',
    );
    expect(income.balances.withdrawnFen).toBe(200);

    // The shop's defaults back for the other specs sharing this server.
    const levelsBack = await ops(api, '/ops/distribution/levels/save', {
      levels: savedLevels.data.map((l) => (l.name === '银牌' ? { ...l, directBasisPoints: 800 } : l)),
    });
    expect(levelsBack.code, levelsBack.message).toBe(0);
    const restored = await ops(api, '/ops/settings/save', {
      key: 'distribution',
      value: { bindingDays: 30, linkDays: 30, selfPurchase: false, settleDays: 7, minWithdrawFen: 1000 },
    });
    expect(restored.code, restored.message).toBe(0);
  });
});
