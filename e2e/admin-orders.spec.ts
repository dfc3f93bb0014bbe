import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openConsoleSession } from './support/console-session-kit.ts';
import { chooseOption, shot } from './support/mall.ts';
import { apiSignIn, bestSellers, signUpMember } from './support/member.ts';
import { addAddress, asMember, asOps, newBuyer, payOrder, placeOrder } from './support/order-kit.ts';

/**
 * The console's 订单 and 售后 in Chromium at 1440 px. A buyer (set up over the API) holds two paid
 * orders and has asked a refund-only after-sale of the second. The demo operator ships the first in
 * the console (carrier and tracking number); approves and refunds the after-sale in 售后审核; the
 * order then reads 已关闭 with the after-sale linked, and 库存流水 has the sale and the refund under
 * the order number. What the buyer then reads is checked over the member API (the buyer's screens
 * for the same states are trade.spec.ts's). A second buyer's 秒杀 order (a session of its own, scheduled
 * over the ops API, paid partly with points) shows its line tagged 秒杀 and the discounts by kind, in
 * the buyer's order detail and the console's.
 */

test.use({ viewport: { width: 1440, height: 900 } });

interface BuyerOrder {
  status: string;
  statusText: string;
  logistics: { company: string; trackingNo: string } | null;
  items: { id: string; quantity: number }[];
}

const drawer = (page: Page) => page.locator('.ant-drawer-section');

test.describe('console: orders and after-sales', () => {
  test("ship in the console; approve and refund a refund-only after-sale; the buyer's orders follow", async ({
    page,
  }) => {
    // The buyer: two paid orders, a refund-only after-sale asked of the second.
    const buyer = await signUpMember(page.request, 'ord');
    const token = await apiSignIn(page.request, buyer);
    const addressId = await addAddress(page.request, token, '赵敏');
    const goods = (await bestSellers(page.request))[0]!;
    const first = await placeOrder(page.request, token, goods.id, addressId);
    await payOrder(page.request, token, first);
    const second = await placeOrder(page.request, token, goods.id, addressId);
    await payOrder(page.request, token, second);
    const order = (no: string) => asMember<BuyerOrder>(page.request, token, `/member/order/order/detail?orderNo=${no}`);
    const line = (await order(second)).items[0]!;
    const { id: afterSaleId, afterSaleNo } = await asMember<{ id: string; afterSaleNo: string }>(
      page.request,
      token,
      '/member/order/afterSale/apply',
      {
        orderItemId: line.id,
        type: 'REFUND_ONLY',
        reason: '拍错/多拍',
        quantity: line.quantity,
        images: [],
      },
    );

    // 订单: the 待发货 tab with its count, the order found by number, 发货 with a carrier of the list.
    await openConsoleSession(page);
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { name: '订单' })).toBeVisible();
    await page.getByRole('tab', { name: /待发货/ }).click();
    await expect(page).toHaveURL(/status=PENDING_SHIPMENT/);
    await expect(page.getByRole('tab', { name: /待发货/ })).toContainText(/\d+/);
    await shot(page, 'admin-orders-list');
    await page.getByPlaceholder('订单号 / 商品名称').fill(first);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row').filter({ hasText: first });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('待发货');
    await expect(row).toContainText('139****5678'); // masked in the list

    await row.getByRole('button', { name: '详情' }).click();
    await expect(drawer(page).getByText('订单进度')).toBeVisible();
    await expect(drawer(page)).toContainText('13912345678'); // whole in the detail, for shipping
    await expect(drawer(page)).toContainText('模拟支付');
    await shot(page, 'admin-order-detail');
    await drawer(page)
      .getByRole('button', { name: /发\s*货/ })
      .click();
    const ship = page.getByRole('dialog', { name: '订单发货' });
    await ship.getByRole('button', { name: '确认发货' }).click();
    await expect(ship.getByText('请选择物流公司')).toBeVisible();
    await chooseOption(page, ship.getByLabel('物流公司'), '顺丰速运');
    await ship.getByLabel('物流单号').fill('SF1234567890');
    await shot(page, 'admin-order-ship');
    await ship.getByRole('button', { name: '确认发货' }).click();
    await expect(page.getByText('已发货，买家可在订单详情中查看物流')).toBeVisible();
    await expect(ship).toBeHidden();
    await expect(drawer(page).getByText('顺丰速运').first()).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: /发\s*货/ })).toHaveCount(0);
    await expect(drawer(page)).toContainText('待收货');
    // The buyer's order: 待收货 with the parcel.
    expect(await order(first)).toMatchObject({
      statusText: '待收货',
      logistics: { company: '顺丰速运', trackingNo: 'SF1234567890' },
    });

    // 售后审核: the request in the 待审核 queue; 同意 (asked first), then 退款 with its amount confirmed.
    await page.goto('/admin/aftersales');
    await expect(page.getByRole('heading', { name: '售后审核' })).toBeVisible();
    await page.getByPlaceholder('售后单号 / 订单号 / 商品名称').fill(afterSaleNo);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const request = page.getByRole('row').filter({ hasText: afterSaleNo });
    await expect(request).toContainText('待审核');
    await shot(page, 'admin-aftersales-queue');
    await request.getByRole('button', { name: '处理' }).click();
    await expect(drawer(page).getByText('买家已提交申请，请审核')).toBeVisible();
    await shot(page, 'admin-aftersale-detail');
    await drawer(page)
      .getByRole('button', { name: /同\s*意/ })
      .click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /同\s*意/ })
      .click();
    await expect(drawer(page).getByText('请执行退款，款项将原路退回买家')).toBeVisible();
    await drawer(page)
      .getByRole('button', { name: /退款 ¥/ })
      .click();
    const confirm = page.getByRole('dialog').filter({ hasText: /确认退款 ¥/ });
    await expect(confirm).toContainText(second);
    await shot(page, 'admin-aftersale-refund');
    await confirm.getByRole('button', { name: '确认退款' }).click();
    await expect(drawer(page).getByText('售后已完成')).toBeVisible();
    await expect(drawer(page)).toContainText('退款成功');

    // The order in the console: 已关闭, its line refunded, the after-sale linked.
    await page.goto(`/admin/orders?order=${second}`);
    await expect(drawer(page)).toContainText('已关闭');
    await expect(drawer(page)).toContainText(afterSaleNo);

    // The buyer: the request 已完成, the order 已关闭.
    expect(await asMember(page.request, token, `/member/order/afterSale/detail?id=${afterSaleId}`)).toMatchObject({
      statusText: '已完成',
    });
    expect(await order(second)).toMatchObject({ status: 'CLOSED', statusText: '已关闭' });

    // 库存流水 shows the refund given back before shipment under the order number.
    await page.goto(`/admin/inventory?tab=ledger&ref=${second}`);
    await expect(page.getByRole('row').filter({ hasText: '退款返还' })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: '下单扣减' })).toHaveCount(1);
    await shot(page, 'admin-inventory-ledger');
  });

  test('a 秒杀 order: the line tagged 秒杀 and the discounts split by kind, for the buyer and in the console', async ({ page }) => {
    const buyer = await newBuyer(page, 'fls');
    const addressId = await addAddress(page.request, buyer.token, '周芷若');
    const { id: memberId } = await asMember<{ id: string }>(page.request, buyer.token, '/member/user/user/current');
    await asOps(page.request, '/ops/points/adjust', { memberId, amount: 3000, reason: '测试积分抵扣' });
    const sku = await freeSku(page.request);
    const priceFen = Math.floor((sku.price * 0.6) / 100) * 100 - 10;
    const session = await asOps<{ id: number }>(page.request, '/ops/promotion/activity/create', {
      kind: 'FLASH_SALE',
      title: '订单详情秒杀',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 60 * 60_000).toISOString(),
      perMemberLimit: 0,
      skus: [{ skuId: sku.skuId, priceFen, stock: 5 }],
    });
    await asOps(page.request, '/ops/promotion/activity/schedule', { id: session.id });
    const { orderNo } = await asMember<{ orderNo: string }>(page.request, buyer.token, '/member/trade/checkout/submit', {
      buyNow: { skuId: sku.skuId, quantity: 2, activityId: session.id },
      addressId,
      points: 300,
      idempotencyKey: crypto.randomBytes(12).toString('hex'),
    });
    const detail = await asMember<OrderWithDiscounts>(page.request, buyer.token, `/member/order/order/detail?orderNo=${orderNo}`);
    expect(detail.discounts.map((d) => d.kind)).toContain('FLASH_SALE');
    expect(detail.discounts.find((d) => d.kind === 'FLASH_SALE')!.amount).toBe((sku.price - priceFen) * 2);
    expect(detail.discounts.length, 'the 秒杀 and at least the points').toBeGreaterThanOrEqual(2);
    const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

    // The buyer's order detail: 秒杀 on the line, one row per kind of discount.
    await page.goto(`/user/order/orderDetail/${orderNo}`);
    await expect(page.getByTestId('order-line-activity')).toHaveText('秒杀');
    for (const d of detail.discounts) {
      const row = page.getByTestId(d.kind === 'POINTS' ? 'amount-points' : `amount-discount-${d.kind}`);
      await expect(row).toHaveText(`-${yuan(d.amount)}`);
      await expect(page.getByText(`${d.name}：`)).toBeVisible();
    }
    await shot(page, 'order-detail-flash-sale');

    // The console's order detail: the same tag and rows.
    await openConsoleSession(page);
    await page.goto(`/admin/orders?order=${orderNo}`);
    await expect(drawer(page).getByText('订单进度')).toBeVisible();
    await expect(drawer(page).getByTestId('order-line-activity')).toHaveText('秒杀');
    for (const d of detail.discounts) {
      await expect(drawer(page).getByTestId(`order-discount-${d.kind}`)).toHaveText(`${d.name} -${yuan(d.amount)}`);
    }
    await expect(drawer(page)).not.toContainText(/(^|\s)优惠 -¥/);
    await shot(page, 'admin-order-detail-flash-sale');
  });
});

interface GoodsRow {
  id: number;
  onShelf: boolean;
  isCrossBorder: boolean;
  skuCount: number;
  stock: number;
}

interface OrderWithDiscounts {
  discounts: { kind: string; name: string; amount: number }[];
}

/**
 * A one-SKU goods on shelf in no activity, ¥20 or more, with stock, from the middle of the console's
 * goods list: the best sellers are what other specs buy, the list's ends what the 秒杀 specs take.
 */
async function freeSku(api: APIRequestContext): Promise<{ skuId: number; price: number }> {
  const taken = new Set<number>();
  const acts = await asOps<{ list: { skus: { skuId: number }[] }[] }>(api, '/ops/promotion/activity/page?pageNum=1&pageSize=50');
  for (const a of acts.list) for (const s of a.skus) taken.add(s.skuId);
  const best = new Set((await bestSellers(api)).map((g) => g.id));
  const first = await asOps<{ total: number }>(api, '/ops/goods/page?pageNum=1&pageSize=50');
  const middle = Math.max(1, Math.ceil(first.total / 100));
  for (let p = middle; p < middle + 5; p++) {
    const list = await asOps<{ list: GoodsRow[] }>(api, `/ops/goods/page?pageNum=${p}&pageSize=50`);
    for (const g of list.list.filter((x) => x.onShelf && !x.isCrossBorder && x.skuCount === 1 && x.stock >= 20 && !best.has(x.id))) {
      const d = await asOps<{ skus: { id: number; price: number }[] }>(api, `/ops/goods/detail?goodsId=${g.id}`);
      if (!taken.has(d.skus[0]!.id) && d.skus[0]!.price >= 2000) return { skuId: d.skus[0]!.id, price: d.skus[0]!.price };
    }
  }
  throw new Error('演示数据里没有可用于秒杀的单规格商品');
}
