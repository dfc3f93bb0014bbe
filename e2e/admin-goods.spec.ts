import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { squarePng } from './support/member.ts';

/** The demo operator (development data; README "Operator console"). */
const ADMIN = { username: 'admin', password: 'MallAdmin#2026' } as const;

test.use({ viewport: { width: 1440, height: 900 } });
// A long walk through several screens on a shared 2-core machine.
test.setTimeout(180_000);

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * A screenshot of the whole screen: the viewport grown to the page's height first (a full-page
 * capture would leave the console's sticky sider and footer in the middle), then put back.
 */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height, size.height), 4000) });
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${dir}/${name}.png` });
  await page.setViewportSize(size);
}

const suffix = () => String(Date.now()).slice(-6);

/** Picks an option of an antd (Tree)Select by typing into it. */
async function pick(page: Page, label: string, search: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(search);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option).first().click();
}

test.describe('operator console: goods', () => {
  test('create a goods with two SKUs and a picture, put it on shelf, and a buyer finds it and sees both SKUs', async ({
    page,
  }) => {
    const name = `晨露便携保温杯 E2E${suffix()}`;
    await signIn(page);

    await page.goto('/admin/goods');
    await expect(page.getByRole('heading', { name: '商品列表' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await shot(page, 'admin-goods-list');
    // nothing found: said so, with the way back
    await page.getByLabel('关键词').fill('没有这种商品zzz');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByText('没有符合条件的商品')).toBeVisible();
    await shot(page, 'admin-goods-empty');
    await page.getByRole('button', { name: '清除筛选' }).click();
    await expect(page.getByRole('row').nth(2)).toBeVisible();

    await page.getByRole('button', { name: '新建商品' }).click();
    await expect(page).toHaveURL(/\/admin\/goods\/new$/);
    await page.getByLabel('商品名称').fill(name);
    await page.getByLabel('副标题').fill('316 不锈钢内胆，保温 12 小时');
    await pick(page, '分类', '保温杯', '保温杯');
    await pick(page, '品牌', '膳魔师', /^膳魔师/);

    // a picture, uploaded (the server checks its bytes)
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: squarePng(240) });
    await expect(page.getByTestId('goods-image')).toHaveCount(1);

    // 颜色: 红 / 蓝 makes two rows; 批量设置 fills them, the second gets its own price
    await page.getByRole('button', { name: '添加规格' }).click();
    await page.getByLabel('规格名 1').fill('颜色');
    const values = page.getByLabel('颜色的规格值');
    await values.fill('红');
    await values.press('Enter');
    await values.fill('蓝');
    await values.press('Enter');
    await expect(page.getByLabel('第 2 行售价')).toBeVisible();
    await page.getByLabel('批量售价').fill('99');
    await page.getByLabel('批量市场价').fill('129');
    await page.getByLabel('批量库存').fill('50');
    await page.getByRole('button', { name: '应用到全部' }).click();
    await page.getByLabel('第 2 行售价').fill('109');
    await page.getByLabel('第 2 行库存').fill('30');

    await page.getByRole('button', { name: '添加参数' }).click();
    await page.getByLabel('参数 1 名称').fill('容量');
    await page.getByLabel('参数 1 值').fill('500ml');
    await page.getByRole('button', { name: /段\s*落$/ }).click();
    await page.getByLabel('第 1 段文字').fill('一键开盖，单手就能喝水。');
    await page.mouse.move(0, 0);
    await shot(page, 'admin-goods-new');

    await page.getByRole('button', { name: '创建商品' }).click();
    await expect(page).toHaveURL(/\/admin\/goods$/);
    await expect(page.getByText(/商品已创建/)).toBeVisible();

    // the new goods waits off shelf: find it, select it, 批量上架 after the confirmation
    await page.getByLabel('关键词').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('已下架');
    await expect(row).toContainText('¥99.00 – ¥109.00');
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: '批量上架' }).click();
    await expect(page.locator('.ant-modal-confirm')).toContainText('上架所选的 1 件商品？');
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^上\s*架$/ })
      .click();
    await expect(page.getByText('已上架 1 件商品')).toBeVisible();
    await expect(row).toContainText('在售');
    await shot(page, 'admin-goods-list-filtered');

    // the editor reopens it with its grid, the saved SKUs' stock read-only
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/admin\/goods\/\d+\/edit$/);
    await expect(page.getByLabel('商品名称')).toHaveValue(name);
    await expect(page.getByLabel('第 2 行售价')).toHaveValue('109.00');
    await expect(page.getByLabel('第 1 行库存')).toHaveCount(0);
    await page.mouse.move(0, 0);
    await shot(page, 'admin-goods-edit');
    const goodsId = Number(page.url().match(/goods\/(\d+)\/edit/)![1]);

    // a buyer finds it by its name and sees both SKUs
    await page.goto(`/goodsList?keyword=${encodeURIComponent(name)}`);
    const card = page.getByTestId('goods-card').filter({ hasText: name.replace(/ E2E\d+$/, '') });
    await expect(card.first()).toBeVisible();
    await page.goto(`/goodsDetail?id=${goodsId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const colours = page.getByRole('radiogroup', { name: '颜色' });
    await expect(colours.getByRole('radio', { name: '红' })).toBeVisible();
    await expect(colours.getByRole('radio', { name: '蓝' })).toBeVisible();
    await colours.getByRole('radio', { name: '蓝' }).click();
    await expect(page.getByTestId('detail-price')).toContainText('109.00');
  });

  test('categories and brands are edited in place', async ({ page }) => {
    const tag = suffix();
    await signIn(page);

    await page.goto('/admin/goods/categories');
    await expect(page.getByRole('heading', { name: '分类' })).toBeVisible();
    await expect(page.getByRole('row', { name: /手机数码/ })).toBeVisible();
    await shot(page, 'admin-categories');

    // a top level with a child, renamed, then deleted after the confirmation; the buyer's tree follows
    await page.getByRole('button', { name: '新增一级分类' }).click();
    await page.getByLabel('分类名称').fill(`测试顶级${tag}`);
    await page.getByLabel('分类名称').press('Enter');
    await expect(page.getByText(`已添加分类「测试顶级${tag}」`)).toBeVisible();
    const top = page.getByRole('row').filter({ hasText: `测试顶级${tag}` });
    await top.getByRole('button', { name: '添加子分类' }).click();
    await page.getByLabel('分类名称').fill('子分类甲');
    await shot(page, 'admin-categories-editing');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(page.getByText('已添加分类「子分类甲」')).toBeVisible();
    const child = page.getByRole('row').filter({ hasText: '子分类甲' });
    await child.getByRole('button', { name: /^编\s*辑$/ }).click();
    await page.getByLabel('分类名称').fill(`子分类乙${tag}`);
    await page.getByLabel('分类名称').press('Enter');
    await expect(page.getByText('分类已保存')).toBeVisible();
    const tree = await (await page.request.get('/member/goods/category/tree')).json();
    expect(JSON.stringify(tree.data)).toContain(`子分类乙${tag}`);
    await expect(top.getByRole('button', { name: /^删\s*除$/ })).toBeDisabled();
    const renamed = page.getByRole('row').filter({ hasText: `子分类乙${tag}` });
    await renamed.getByRole('button', { name: /^删\s*除$/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^删\s*除$/ })
      .click();
    await expect(page.getByText(`已删除分类「子分类乙${tag}」`)).toBeVisible();
    await expect(renamed).toHaveCount(0);
    await top.getByRole('button', { name: /^删\s*除$/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^删\s*除$/ })
      .click();
    await expect(top).toHaveCount(0);

    await page.goto('/admin/goods/brands');
    await expect(page.getByRole('heading', { name: '品牌' })).toBeVisible();
    await expect(page.getByRole('row', { name: /华为/ })).toBeVisible();
    await shot(page, 'admin-brands');
    await page.getByRole('button', { name: '新增品牌' }).click();
    await page.getByLabel('品牌名称').fill(`测试品牌${tag}`);
    await page.getByLabel('英文名').fill(`Brand${tag}`);
    await shot(page, 'admin-brands-editing');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(page.getByText(`已添加品牌「测试品牌${tag}」`)).toBeVisible();
    // the same name again: the server's reason, in the row
    await page.getByRole('button', { name: '新增品牌' }).click();
    await page.getByLabel('品牌名称').fill(`测试品牌${tag}`);
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(page.getByText(`品牌「测试品牌${tag}」已存在`)).toBeVisible();
    await page.getByRole('button', { name: /^取\s*消$/ }).click();
    const brand = page.getByRole('row').filter({ hasText: `测试品牌${tag}` });
    await brand.getByRole('button', { name: /^删\s*除$/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^删\s*除$/ })
      .click();
    await expect(page.getByText(`已删除品牌「测试品牌${tag}」`)).toBeVisible();
    await expect(brand).toHaveCount(0);
  });
});
