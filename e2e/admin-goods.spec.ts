import { expect, test, type Page } from '@playwright/test';
import { consoleShot as shot } from './support/admin-kit.ts';
import { confirmInPopconfirm, consoleMenu as menu } from './support/console.ts';
import { openConsoleSession } from './support/console-session-kit.ts';
import { squarePng } from './support/member.ts';

/**
 * The console's 商品 in Chromium at 1440 px: a goods made with two SKUs and a picture, put on shelf,
 * and offered to buyers with both SKUs; categories and brands edited in place. The operator's session is
 * laid without the sign-in screen (admin-shell.spec.ts drives it). The rules behind the screens
 * (search finding a new goods, a parent in use not deleted, brand names unique) are the server's API
 * tests' (apps/server/src/modules/catalog/ops-catalog-*.test.ts).
 */

test.use({ viewport: { width: 1440, height: 900 } });

const suffix = () => String(Date.now()).slice(-6);

/** Picks an option of an antd (Tree)Select by typing into it. */
async function pick(page: Page, label: string, search: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(search);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option).first().click();
}

test.describe('operator console: goods', () => {
  test('a goods with two SKUs and a picture made, put on shelf and offered to buyers; categories and brands edited in place', async ({
    page,
  }) => {
    const name = `晨露便携保温杯 E2E${suffix()}`;
    await openConsoleSession(page);

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

    // on shelf, a buyer's goods page has both SKUs at their prices (its SKU picker is catalog.spec.ts's)
    const detail = (await (await page.request.get(`/member/goods/goods/detail/${goodsId}`)).json()) as {
      data: { name: string; skus: { specs: Record<string, string>; price: number }[] };
    };
    expect(detail.data.name).toBe(name);
    expect(detail.data.skus.map((s) => [s.specs['颜色'], s.price])).toEqual([
      ['红', 9900],
      ['蓝', 10900],
    ]);

    // 分类 by the menu, in the same console: edited in place.
    const tag = suffix();
    await menu(page).getByRole('menuitem', { name: '分类' }).click();
    await expect(page).toHaveURL(/\/admin\/goods\/categories$/);
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
    await confirmInPopconfirm(page, top.getByRole('button', { name: /^删\s*除$/ }), /^删\s*除$/, () =>
      expect(top).toHaveCount(0, { timeout: 5_000 }),
    );

    // 品牌 by the menu: edited in place, a name taken refused.
    await menu(page).getByRole('menuitem', { name: '品牌' }).click();
    await expect(page).toHaveURL(/\/admin\/goods\/brands$/);
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
    await confirmInPopconfirm(page, brand.getByRole('button', { name: /^删\s*除$/ }), /^删\s*除$/, () =>
      expect(brand).toHaveCount(0, { timeout: 5_000 }),
    );
  });
});
