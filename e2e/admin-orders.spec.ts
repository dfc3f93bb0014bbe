import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseOption, shot } from './support/mall.ts';
import { ensureCheckoutAddress, signInAs, signUpMember } from './support/member.ts';

/**
 * The console's 订单 and 售后 in Chromium, with a buyer in another browser: the buyer buys and pays
 * twice; the demo operator ships the first order in the console (carrier and tracking number), the
 * buyer sees 待收货 with the parcel; the buyer asks a refund-only after-sale of the second, the
 * operator approves and refunds it in the console, and the buyer sees 已完成 and the order 已关闭.
 */

const ADMIN = { username: 'admin', password: 'MallAdmin#2026' } as const;

test.use({ viewport: { width: 1440, height: 900 } });

/** A goods on shelf with stock: the top best seller. */
async function bestSeller(page: Page): Promise<{ id: number; name: string }> {
  const body = (await (await page.request.get('/member/goods/getGoodsSalesList/6')).json()) as {
    data: { id: number; name: string }[];
  };
  return body.data[0]!;
}

/** 立即购买 → checkout → sandbox cashier → paid; returns the order number. */
async function buyAndPay(page: Page, goodsId: number): Promise<string> {
  await page.goto(`/goodsDetail?id=${goodsId}`);
  await expect(page.getByTestId('detail-stock')).toHaveText(/库存 \d+ 件/);
  await page.getByRole('button', { name: /立即购买/ }).click();
  await expect(page).toHaveURL(/\/checkout\?skuId=\d+&quantity=1$/);
  await ensureCheckoutAddress(page, '赵敏', '13912345678');
  await page.getByRole('button', { name: /提交订单/ }).click();
  await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
  await page.getByRole('button', { name: /去支付/ }).click();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/order/orderDetail/${orderNo}$`));
  await expect(page.getByTestId('order-detail-status')).toHaveText('待发货');
  return orderNo;
}

/** The demo operator signed in to the console, in a browser of their own. */
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

const drawer = (page: Page) => page.locator('.ant-drawer-section');

test.describe('console: orders and after-sales', () => {
  test('ship in the console; approve and refund a refund-only after-sale; the buyer sees both', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const buyer = await signUpMember(page.request, 'ord');
    await signInAs(page, buyer);
    const goods = await bestSeller(page);
    const first = await buyAndPay(page, goods.id);
    const second = await buyAndPay(page, goods.id);

    // 订单: the 待发货 tab with its count, the order found by number, 发货 with a carrier of the list.
    const ops = await consoleOf(browser);
    await ops.getByRole('navigation', { name: '管理后台菜单' }).getByRole('menuitem', { name: '订单' }).click();
    await expect(ops.getByRole('heading', { name: '订单' })).toBeVisible();
    await ops.getByRole('tab', { name: /待发货/ }).click();
    await expect(ops).toHaveURL(/status=PENDING_SHIPMENT/);
    await expect(ops.getByRole('tab', { name: /待发货/ })).toContainText(/\d+/);
    await shot(ops, 'admin-orders-list');
    await ops.getByPlaceholder('订单号 / 商品名称').fill(first);
    await ops.getByRole('button', { name: /查\s*询/ }).click();
    const row = ops.getByRole('row').filter({ hasText: first });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('待发货');
    await expect(row).toContainText('139****5678'); // masked in the list

    await row.getByRole('button', { name: '详情' }).click();
    await expect(drawer(ops).getByText('订单进度')).toBeVisible();
    await expect(drawer(ops)).toContainText('13912345678'); // whole in the detail, for shipping
    await expect(drawer(ops)).toContainText('模拟支付');
    await shot(ops, 'admin-order-detail');
    await drawer(ops)
      .getByRole('button', { name: /发\s*货/ })
      .click();
    const ship = ops.getByRole('dialog', { name: '订单发货' });
    await ship.getByRole('button', { name: '确认发货' }).click();
    await expect(ship.getByText('请选择物流公司')).toBeVisible();
    await chooseOption(ops, ship.getByLabel('物流公司'), '顺丰速运');
    await ship.getByLabel('物流单号').fill('SF1234567890');
    await shot(ops, 'admin-order-ship');
    await ship.getByRole('button', { name: '确认发货' }).click();
    await expect(ops.getByText('已发货，买家可在订单详情中查看物流')).toBeVisible();
    await expect(ship).toBeHidden();
    await expect(drawer(ops).getByText('顺丰速运').first()).toBeVisible();
    await expect(drawer(ops).getByRole('button', { name: /发\s*货/ })).toHaveCount(0);
    await expect(drawer(ops)).toContainText('待收货');

    // The buyer sees the parcel.
    await page.goto(`/user/order/orderDetail/${first}`);
    await expect(page.getByTestId('order-detail-status')).toHaveText('待收货');
    await expect(page.getByTestId('order-logistics')).toContainText('SF1234567890');

    // The buyer asks a refund-only after-sale of the second order.
    await page.goto(`/user/order/orderDetail/${second}`);
    await page.getByTestId('item-after-sale').first().click();
    const apply = page.getByRole('dialog', { name: '申请售后' });
    await apply.getByRole('radio', { name: '仅退款' }).check();
    await chooseOption(page, apply.getByLabel('售后原因'), '拍错/多拍');
    await apply.getByRole('button', { name: /提交申请/ }).click();
    await expect(page).toHaveURL(/\/user\/order\/afterSaleOrderDetail\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('after-sale-detail-status')).toHaveText('待审核');
    const afterSaleNo = (await page.getByText(/售后单号：AS\d+/).textContent())!.match(/AS\d+/)![0];

    // 售后审核: the request in the 待审核 queue; 同意 (asked first), then 退款 with its amount confirmed.
    await ops.goto('/admin/aftersales');
    await expect(ops.getByRole('heading', { name: '售后审核' })).toBeVisible();
    await ops.getByPlaceholder('售后单号 / 订单号 / 商品名称').fill(afterSaleNo);
    await ops.getByRole('button', { name: /查\s*询/ }).click();
    const request = ops.getByRole('row').filter({ hasText: afterSaleNo });
    await expect(request).toContainText('待审核');
    await shot(ops, 'admin-aftersales-queue');
    await request.getByRole('button', { name: '处理' }).click();
    await expect(drawer(ops).getByText('买家已提交申请，请审核')).toBeVisible();
    await shot(ops, 'admin-aftersale-detail');
    await drawer(ops)
      .getByRole('button', { name: /同\s*意/ })
      .click();
    await ops
      .getByRole('tooltip')
      .getByRole('button', { name: /同\s*意/ })
      .click();
    await expect(drawer(ops).getByText('请执行退款，款项将原路退回买家')).toBeVisible();
    await drawer(ops)
      .getByRole('button', { name: /退款 ¥/ })
      .click();
    const confirm = ops.getByRole('dialog').filter({ hasText: /确认退款 ¥/ });
    await expect(confirm).toContainText(second);
    await shot(ops, 'admin-aftersale-refund');
    await confirm.getByRole('button', { name: '确认退款' }).click();
    await expect(drawer(ops).getByText('售后已完成')).toBeVisible();
    await expect(drawer(ops)).toContainText('退款成功');

    // The order in the console: 已关闭, its line refunded, the after-sale linked.
    await ops.goto(`/admin/orders?order=${second}`);
    await expect(drawer(ops)).toContainText('已关闭');
    await expect(drawer(ops)).toContainText(afterSaleNo);

    // The buyer: the request 已完成, the order 已关闭.
    await page.reload();
    await expect(page.getByTestId('after-sale-detail-status')).toHaveText('已完成');
    await page.goto(`/user/order/orderDetail/${second}`);
    await expect(page.getByTestId('order-detail-status')).toHaveText('已关闭');
    await shot(page, 'admin-orders-buyer-closed');

    // 库存流水 shows the refund given back before shipment under the order number.
    await ops.goto(`/admin/inventory?tab=ledger&ref=${second}`);
    await expect(ops.getByRole('row').filter({ hasText: '退款返还' })).toHaveCount(1);
    await expect(ops.getByRole('row').filter({ hasText: '下单扣减' })).toHaveCount(1);
    await shot(ops, 'admin-inventory-ledger');
    await ops.context().close();
  });
});
