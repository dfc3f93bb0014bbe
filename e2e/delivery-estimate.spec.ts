import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { seriousFindings, settled } from './support/a11y.ts';
import { expectOneLine, shot } from './support/mall.ts';
import { bestSellerIds, callAsPage, signInAs, signUpMember } from './support/member.ts';
import { expectPageFitsScreen } from './support/phone.ts';

/**
 * 配送至 on the goods detail, at 1440 and 375 px: a signed-out buyer picks a region and sees
 * the freight and the arrival day of the server's rule (the console's 运费 and 配送时效 settings,
 * recomputed here from those settings); a signed-in buyer sees their default address's region at
 * once; an operator changes the days in 站点设置 and the buyer's estimate follows.
 * `npm run test:e2e` (scripts/e2e.mjs) sets E2E_OPS_TOKEN (the settings are read and restored through the ops API).
 */

const ADMIN = { username: 'admin', password: 'MallAdmin#2026' } as const;
const two = (text: string) => new RegExp(`^${text[0]}\\s*${text[1]}$`);

interface DeliveryRule {
  shipFromProvince: string;
  sameProvinceDays: number;
  otherProvinceDays: number;
  remoteDays: number;
  remoteProvinces: string[];
  cutoffHour: number;
}
interface Rules {
  delivery: DeliveryRule;
  freight: { freeFromFen: number; feeFen: number };
}

function opsHeaders() {
  const token = process.env.E2E_OPS_TOKEN;
  if (!token) throw new Error('E2E_OPS_TOKEN is not set: run through `npm run test:e2e`');
  return { 'x-ops-token': token };
}

async function rules(request: APIRequestContext): Promise<Rules> {
  const res = await request.get('/ops/settings', { headers: opsHeaders() });
  const body = (await res.json()) as { data: { settings: { key: string; value: unknown }[] } };
  const of = (key: string) => body.data.settings.find((s) => s.key === key)!.value;
  return { delivery: of('delivery') as DeliveryRule, freight: of('freight') as Rules['freight'] };
}

async function saveDelivery(request: APIRequestContext, value: DeliveryRule) {
  const res = await request.post('/ops/settings/save', { headers: opsHeaders(), data: { key: 'delivery', value } });
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

/** The rule as the README states it, written out here: what the buyer should read for a province now. */
function expectedText(rule: DeliveryRule, province: string, now = new Date()): string {
  const days =
    province === rule.shipFromProvince
      ? rule.sameProvinceDays
      : rule.remoteProvinces.includes(province)
        ? rule.remoteDays
        : rule.otherProvinceDays;
  const shanghai = new Date(now.getTime() + 8 * 3600_000);
  const shipsToday = shanghai.getUTCHours() < rule.cutoffHour;
  const offset = days + (shipsToday ? 0 : 1);
  const arrival = new Date(
    Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth(), shanghai.getUTCDate()) + offset * 86_400_000,
  );
  const md = `${arrival.getUTCMonth() + 1}月${arrival.getUTCDate()}日`;
  const when =
    offset <= 2
      ? `${['今天', '明天', '后天'][offset]}（${md}）`
      : ` ${md}（周${'日一二三四五六'[arrival.getUTCDay()]}）`;
  const lead = shipsToday ? `${String(rule.cutoffHour).padStart(2, '0')}:00 前下单` : '现在下单';
  return `${lead}，预计${when}送达`;
}

/** The freight a buyer should see for the shown price: free from the threshold, else the fee. */
function expectedFreight(priceText: string, freight: Rules['freight']): RegExp {
  const fen = Math.round(Number(priceText.replace(/[¥,]/g, '')) * 100);
  if (fen >= freight.freeFromFen || freight.feeFen === 0) return /^免运费$/;
  const yuan = (f: number) => `¥${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`;
  return new RegExp(`^运费 ${yuan(freight.feeFen).replace('.', '\\.')}`);
}

const row = (page: Page) => page.getByTestId('delivery-estimate');
const regionOf = (page: Page) => page.getByTestId('delivery-region');

async function expectEstimate(page: Page, province: string) {
  const r = await rules(page.request);
  await expect(row(page).getByTestId('delivery-text')).toHaveText(expectedText(r.delivery, province));
  const price = (await page.getByTestId('detail-price').innerText()).trim();
  await expect(row(page).getByTestId('delivery-freight')).toHaveText(expectedFreight(price, r.freight));
}

/** Clicks province, city and district in a cascader's columns (a drop-down on PCs, the sheet's panel on phones). */
async function pickRegion(scope: Locator, names: [string, string, string]) {
  for (const name of names) await scope.locator(`li.ant-cascader-menu-item[title="${name}"]`).click();
}

async function openGoods(page: Page) {
  const [id] = await bestSellerIds(page.request);
  await page.goto(`/goodsDetail?id=${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('配送至 on the goods detail', () => {
  test('signed out at 1440: 请选择, a region picked, freight and the arrival day of the rule', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openGoods(page);
    await expect(regionOf(page)).toHaveText(/请选择/);
    await expect(row(page)).toContainText('选择地区后查看运费和送达时间');

    await regionOf(page).click();
    const dropdown = page.locator('.ant-cascader-dropdown').filter({ visible: true });
    await pickRegion(dropdown, ['浙江省', '杭州市', '西湖区']);
    await expect(regionOf(page)).toHaveText(/浙江省 杭州市 西湖区/);
    await expectEstimate(page, '33');
    await shot(page, 'delivery-1440-picked');

    // A remote region takes the remote days.
    await regionOf(page).click();
    await pickRegion(dropdown, ['新疆维吾尔自治区', '乌鲁木齐市', '天山区']);
    await expect(regionOf(page)).toHaveText(/新疆维吾尔自治区 乌鲁木齐市 天山区/);
    await expectEstimate(page, '65');
    await regionOf(page).click();
    await expect(dropdown).toBeVisible();
    await shot(page, 'delivery-1440-picker');
    await page.keyboard.press('Escape');
    // the picker gone before the scan: its columns are scrollable lists that only matter while open
    await expect(dropdown).toHaveCount(0);

    await settled(page);
    expect(await seriousFindings(page, 'goods detail with 配送至 (1440)')).toEqual([]);
  });

  test('a click on 配送至 before its picker has come opens the picker when it does', async ({ page }) => {
    // The picker (antd's Cascader) loads after the page's first screen; a quick buyer's click is kept.
    await page.setViewportSize({ width: 1440, height: 900 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/DeliveryRegionPicker-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openGoods(page);
    await regionOf(page).click();
    const dropdown = page.locator('.ant-cascader-dropdown').filter({ visible: true });
    await expect(regionOf(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(dropdown).toHaveCount(0);
    release();
    await expect(dropdown).toBeVisible();
    await pickRegion(dropdown, ['浙江省', '杭州市', '西湖区']);
    await expect(regionOf(page)).toHaveText(/浙江省 杭州市 西湖区/);
    await expectEstimate(page, '33');
  });

  test('signed out at 375: the cell opens the region sheet, the page fits', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openGoods(page);
    await expect(regionOf(page)).toHaveText('请选择');
    await row(page).click();
    const sheet = page.getByRole('dialog').filter({ hasText: '选择配送地区' });
    await expect(sheet).toBeVisible();
    await expect(page.locator('li.ant-cascader-menu-item[title="北京市"]')).toBeVisible();
    await shot(page, 'delivery-375-sheet');
    await expectPageFitsScreen(page, 'the goods page with the region sheet');
    // What the buyer sees of the sheet (a full-page shot would stretch the viewport under it).
    await sheet.locator('li.ant-cascader-menu-item[title="新疆维吾尔自治区"]').click();
    await expect(sheet.locator('li.ant-cascader-menu-item[title="乌鲁木齐市"]')).toBeVisible();
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp/shots'}/delivery-375-sheet-columns.png` });
    await pickRegion(sheet, ['北京市', '市辖区', '朝阳区']);
    await expect(sheet).toBeHidden();
    await expect(regionOf(page)).toHaveText('北京市 市辖区 朝阳区');
    await expectEstimate(page, '11');
    await expectOneLine(row(page).getByText('配送至', { exact: true }), '配送至');
    await expectPageFitsScreen(page, 'the goods page');
    await shot(page, 'delivery-375-picked');
    await settled(page);
    expect(await seriousFindings(page, 'goods detail with 配送至 (375)')).toEqual([]);
  });

  test('signed in: the default address preselected at both widths; the console’s days reach the buyer', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const member = await signUpMember(page.request, 'dl');
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, member);
    const made = await callAsPage(page, '/member/trade/address/create', {
      receiverName: '李四',
      mobile: '13912345678',
      provinceCode: '44',
      cityCode: '4401',
      districtCode: '440106',
      detail: '天河路 100 号',
    });
    expect(made.code, made.message).toBe(0);

    await openGoods(page);
    await expect(regionOf(page)).toHaveText(/广东省 广州市 天河区/);
    await expectEstimate(page, '44');
    await shot(page, 'delivery-1440-signed-in');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(regionOf(page)).toHaveText('广东省 广州市 天河区');
    await expectEstimate(page, '44');
    await shot(page, 'delivery-375-signed-in');

    // ---- the operator gives other provinces 2 more days in 站点设置 → 配送时效 ----
    const before = (await rules(page.request)).delivery;
    const longer = Math.min(before.otherProvinceDays + 2, 30);
    try {
      const console = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await console.goto('/admin/login');
      await console.getByLabel('用户名').fill(ADMIN.username);
      await console.getByLabel('密码').fill(ADMIN.password);
      await console.getByRole('button', { name: /登\s*录/ }).click();
      await expect(console).toHaveURL(/\/admin\/dashboard$/);
      await console.goto('/admin/settings');
      const card = console.getByTestId('delivery-card');
      await expect(card.getByLabel('外省送达天数')).toHaveValue(String(before.otherProvinceDays));
      // Less than 同省 is refused in the form, before the server is asked.
      await card.getByLabel('外省送达天数').fill(String(Math.max(0, before.sameProvinceDays - 1)));
      if (before.sameProvinceDays > 0) await expect(card.getByText('外省送达天数不能少于同省送达天数')).toBeVisible();
      await card.getByLabel('外省送达天数').fill(String(longer));
      if (before.remoteDays < longer) await card.getByLabel('偏远地区送达天数').fill(String(longer));
      await card.getByRole('button', { name: two('保存') }).click();
      await expect(console.getByText('设置已保存')).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await shot(console, 'delivery-console-card');
      await console.context().close();

      expect((await rules(page.request)).delivery.otherProvinceDays).toBe(longer);
      await page.reload();
      await expect(regionOf(page)).toHaveText('广东省 广州市 天河区');
      await expect(row(page).getByTestId('delivery-text')).toHaveText(
        expectedText({ ...before, otherProvinceDays: longer }, '44'),
      );
      await expect(row(page).getByTestId('delivery-text')).not.toHaveText(expectedText(before, '44'));
      await shot(page, 'delivery-375-after-console');
    } finally {
      await saveDelivery(page.request, before);
    }
  });
});
