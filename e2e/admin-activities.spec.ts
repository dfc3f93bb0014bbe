import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { seriousFindings, transitionsEnded } from './support/a11y.ts';
import { confirmIn } from './support/admin-kit.ts';
import { openConsoleSession } from './support/console-session-kit.ts';
import { searchAndChoose, shot } from './support/mall.ts';

/** axe over the screen's own parts (the elements `include` names), once its transitions have ended. */
async function axe(page: Page, ...include: string[]) {
  await transitionsEnded(page);
  return seriousFindings(page, include.join(' '), include);
}

/**
 * The console's 秒杀/活动 in Chromium. At 1440 px an operator opens 秒杀/活动 from the menu,
 * creates a 秒杀 of one SKU starting in a few minutes (saving empty says what is missing), sees it as
 * 草稿, 排期 it after a confirmation (the goods' stock drops by the 秒杀 stock), sees 已排期 / 即将开始
 * and the figures in 详情, cancels it (the stock comes back); a 限时折扣 of 8.5 折 (made over the API)
 * opens in 编辑 with its kind fixed, and a percent typed there shows the price it gives; a price not
 * below the usual one is refused with the server's message.
 * The operator's session is laid without the sign-in screen. What 排期 and 取消 do to the goods' stock
 * is the server's API tests' (apps/server/src/modules/activities/ops-activities.test.ts).
 */

// Names of this run's activities (a retry makes its own).
const TAG = crypto.randomBytes(2).toString('hex');
const FLASH = `测试秒杀场${TAG}`;
const DISCOUNT = `测试限时折扣${TAG}`;

const menu = (page: Page) => page.getByRole('navigation', { name: '管理后台菜单' });
const row = (page: Page, title: string) => page.getByTestId('activity-row').filter({ hasText: title });
const saveButton = (drawer: Locator) => drawer.getByRole('button', { name: /保\s*存/ });

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}
interface GoodsRow {
  id: number;
  name: string;
  /** A supplier's store sells it: the shop's own goods are picked. */
  storeName: string | null;
  onShelf: boolean;
  skuCount: number;
  stock: number;
}
interface GoodsDetail {
  id: number;
  name: string;
  skus: { id: number; price: number; stock: number }[];
}

async function call<T>(api: APIRequestContext, token: string, path: string, params?: Record<string, string | number>) {
  const res = await api.get(path, { headers: { Authorization: `Bearer ${token}` }, params });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.message}`).toBe(0);
  return body.data;
}

/** Two one-SKU goods on shelf with stock, in no activity yet (so no overlap with demo or other runs). */
async function pickGoods(api: APIRequestContext, token: string): Promise<GoodsDetail[]> {
  const taken = new Set<number>();
  const acts = await call<{ list: { skus: { skuId: number }[] }[] }>(api, token, '/ops/promotion/activity/page', {
    pageNum: 1,
    pageSize: 50,
  });
  for (const a of acts.list) for (const s of a.skus) taken.add(s.skuId);
  const page = await call<{ list: GoodsRow[] }>(api, token, '/ops/goods/page', { pageNum: 1, pageSize: 50 });
  const out: GoodsDetail[] = [];
  for (const g of page.list.filter((x) => x.onShelf && !x.storeName && x.skuCount === 1 && x.stock >= 30)) {
    const d = await call<GoodsDetail>(api, token, '/ops/goods/detail', { goodsId: g.id });
    const names = out.map((o) => o.name);
    if (!taken.has(d.skus[0]!.id) && !names.some((n) => n.includes(d.name) || d.name.includes(n))) out.push(d);
    if (out.length === 2) return out;
  }
  throw new Error('演示数据里没有两件单规格、有库存、未参加活动的商品');
}

/** A Beijing wall-clock time `minutes` ahead, on a five-minute mark. */
function beijingAhead(minutes: number): string {
  const step = 5 * 60_000;
  const t = Math.ceil((Date.now() + minutes * 60_000) / step) * step + 8 * 3_600_000;
  return new Date(t).toISOString().slice(0, 16).replace('T', ' ');
}

async function pickWindow(drawer: Locator, start: string, end: string) {
  await drawer.getByPlaceholder('开始时间').click();
  await drawer.getByPlaceholder('开始时间').fill(start);
  await drawer.getByPlaceholder('开始时间').press('Enter');
  await drawer.getByPlaceholder('结束时间').fill(end);
  await drawer.getByPlaceholder('结束时间').press('Enter');
  await expect(drawer.getByPlaceholder('开始时间')).toHaveValue(start);
  await expect(drawer.getByPlaceholder('结束时间')).toHaveValue(end);
}

async function addGoods(page: Page, drawer: Locator, name: string) {
  const picker = drawer.getByRole('combobox', { name: '添加活动商品' });
  const added = drawer.getByTestId('activity-form-sku').filter({ hasText: name });
  await searchAndChoose(page, picker, name.slice(0, 20), name, added);
}

test.describe('秒杀/活动 (console)', () => {
  test('1440 px: a 秒杀 created, 排期 (stock locked), cancelled (stock back); a 限时折扣 by percent; a refusal', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const token = await openConsoleSession(page);
    const [goods, other] = await pickGoods(page.request, token);
    const before = goods!.skus[0]!.stock;
    const usualYuan = (goods!.skus[0]!.price / 100).toFixed(2);
    // A 限时折扣 of 8.5 折 in 草稿, made over the API (the drawer's making is driven by the 秒杀 below).
    const made = await page.request.post('/ops/promotion/activity/create', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        kind: 'TIME_DISCOUNT',
        title: DISCOUNT,
        perMemberLimit: 0,
        startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        endsAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
        skus: [{ skuId: other!.skus[0]!.id, percent: 85 }],
      },
    });
    expect(((await made.json()) as Envelope<unknown>).code).toBe(0);

    await page.goto('/admin/flash-sales');
    await expect(page.getByRole('heading', { name: '秒杀/活动' })).toBeVisible();
    // In the menu, chosen.
    await expect(menu(page).getByRole('link', { name: '秒杀/活动' })).toHaveAttribute('href', '/admin/flash-sales');
    await expect(menu(page).locator('.ant-menu-item-selected')).toContainText('秒杀/活动');
    await expect(page.getByText('功能上线后开放')).toHaveCount(0);

    // 新建 秒杀: saving empty says what is missing.
    await page.getByRole('button', { name: '新建活动' }).click();
    let drawer = page.getByRole('dialog').filter({ hasText: '新建活动' });
    await saveButton(drawer).click();
    await expect(drawer.getByText('请填写活动名称')).toBeVisible();
    await expect(drawer.getByText('请选择活动时间')).toBeVisible();
    await drawer.getByLabel('活动名称').fill(FLASH);
    await drawer.getByLabel('每人限购').fill('2');
    await pickWindow(drawer, beijingAhead(6), beijingAhead(66));
    await saveButton(drawer).click();
    await expect(drawer.getByTestId('activity-form-error')).toHaveText('请添加活动商品');
    await addGoods(page, drawer, goods!.name);
    const sku = drawer.getByTestId('activity-form-sku');
    await expect(sku).toContainText(`¥${usualYuan}`);
    await expect(sku).toContainText(`库存 ${before}`);
    await saveButton(drawer).click();
    await expect(drawer.getByText(/请填写秒杀价/)).toBeVisible();
    // Not below the usual price: the server's Chinese message, nothing made.
    await sku.getByLabel(/^秒杀价/).fill(usualYuan);
    await sku.getByLabel(/^秒杀库存/).fill('5');
    await saveButton(drawer).click();
    await expect(drawer.getByTestId('activity-form-error')).toHaveText(
      `“${goods!.name}”的活动价须低于原价 ¥${usualYuan}`,
    );
    await sku.getByLabel(/^秒杀价/).fill('1.99');
    await expect(sku.getByTestId('activity-form-price')).toHaveText('¥1.99');
    await shot(page, 'admin-activities-form');
    await saveButton(drawer).click();
    await expect(drawer).toBeHidden();

    const flash = row(page, FLASH);
    await expect(flash).toContainText('秒杀');
    await expect(flash).toContainText('草稿');
    await expect(flash).toContainText('未排期，不展示');
    await expect(flash).toContainText('1 个规格');
    await expect(flash).toContainText('已售 0 / 剩余 5');
    await expect(flash.getByRole('button', { name: /^编\s*辑$/ })).toBeVisible();

    // 排期 after a confirmation that says the stock is locked.
    await flash.getByRole('button', { name: /^排\s*期$/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `排期“${FLASH}”？` });
    await expect(confirm).toContainText('从商品库存中锁定秒杀库存共 5 件');
    await confirmIn(confirm, '确认排期');
    await expect(page.getByText('已排期，秒杀库存已从商品库存中锁定')).toBeVisible();
    await expect(flash).toContainText('已排期');
    await expect(flash).toContainText('即将开始');
    await expect(flash.getByRole('button', { name: /^编\s*辑$/ })).toHaveCount(0);
    await expect(flash.getByRole('button', { name: /^排\s*期$/ })).toHaveCount(0);
    await page.mouse.move(10, 890);
    expect(await axe(page, 'main')).toEqual([]);
    await shot(page, 'admin-activities-list');

    // 详情: usual and activity price, units left, sold, returned, the progress.
    await flash.getByRole('button', { name: /^详\s*情$/ }).click();
    const detail = page.getByRole('dialog').filter({ hasText: `活动详情：${FLASH}` });
    const line = detail.getByTestId('activity-detail-sku');
    await expect(line.getByRole('progressbar')).toBeVisible();
    expect(await axe(page, '.ant-drawer-header', '.ant-drawer-body')).toEqual([]);
    await expect(line).toContainText(`¥${usualYuan}`);
    await expect(line).toContainText('¥1.99');
    await expect(line).toContainText(String(before - 5));
    await expect(line.getByRole('progressbar')).toBeVisible();
    await expect(detail.getByTestId('activity-detail')).toContainText('已售 0 件 · 剩余 5 件 · 已退回商品库存 0 件');
    await shot(page, 'admin-activities-detail');
    await detail.locator('.ant-drawer-close').click();
    await expect(detail).toBeHidden();

    // 取消 before the start: the units go back to the goods.
    await flash.getByRole('button', { name: /^取\s*消$/ }).click();
    const cancel = page.getByRole('dialog').filter({ hasText: `取消活动“${FLASH}”？` });
    await expect(cancel).toContainText('已锁定的秒杀库存退回商品库存');
    await confirmIn(cancel, '取消活动');
    await expect(flash).toContainText('已取消');
    await expect(flash).toContainText('已退回 5');
    await expect(flash.getByRole('button', { name: /^取\s*消$/ })).toHaveCount(0);

    // 限时折扣 of 8.5 折: the kind is fixed once made; a percent typed shows the price it gives, and a
    // 限时折扣 has no stock of its own.
    const discount = row(page, DISCOUNT);
    await expect(discount).toContainText('限时折扣');
    await expect(discount).toContainText('草稿');
    await expect(discount).toContainText('不限购');
    await discount.getByRole('button', { name: /^编\s*辑$/ }).click();
    drawer = page.getByRole('dialog').filter({ hasText: '编辑活动' });
    await expect(drawer.getByRole('radio', { name: '秒杀' })).toBeDisabled();
    const dsku = drawer.getByTestId('activity-form-sku');
    await expect(dsku.getByLabel(/^折扣 /)).toHaveValue('8.5');
    await expect(drawer.getByLabel(/^秒杀库存/)).toHaveCount(0);
    await dsku.getByLabel(/^折扣 /).fill('7.5');
    const usual = other!.skus[0]!.price;
    const expected = `¥${(Math.max(1, Math.floor((usual * 75) / 100)) / 100).toFixed(2)}`;
    await expect(dsku.getByTestId('activity-form-price')).toHaveText(expected);
    expect(await axe(page, '.ant-drawer-header', '.ant-drawer-body')).toEqual([]);
    await shot(page, 'admin-activities-discount');
    await drawer.getByRole('button', { name: /^取\s*消$/ }).click();
    await expect(drawer).toBeHidden();

    // The filters: 秒杀 tab and 已取消 status.
    await page.getByRole('tab', { name: '限时折扣' }).click();
    await expect(row(page, DISCOUNT)).toBeVisible();
    await expect(row(page, FLASH)).toHaveCount(0);
    await page.getByRole('tab', { name: '全部活动' }).click();
    await page.getByRole('combobox', { name: '活动状态' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '已取消' }).click();
    await expect(row(page, FLASH)).toBeVisible();
    await expect(row(page, DISCOUNT)).toHaveCount(0);
  });
});
