import { expect, test, type Page } from '@playwright/test';
import { shot } from './support/mall.ts';
import { addAddress, asMember, asOps, newBuyer } from './support/order-kit.ts';

/**
 * What a points-mall goods' detail promises is what 确认兑换 asks: the same points and cash, and the
 * freight a cash purchase of the goods has (a goods over 满 ¥99 免运费 ships free either way), with no
 * empty 优惠 row; and 确认兑换 is on screen without scrolling, at 1440 × 860 and at 375 × 740.
 * The amounts themselves are API tests: apps/server/src/flows/checkout-points.test.ts.
 */

interface MallCard {
  id: number;
  skuId: number;
  name: string;
  pointsPrice: number;
  cashFen: number;
  marketPrice: number;
  perMemberLimit: number;
  unavailable: string | null;
}
interface Freight {
  freeFromFen: number;
  feeFen: number;
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** A goods on offer with a cash part whose usual price reaches free delivery, as the shop's freight rule reads it. */
async function dearMallGoods(page: Page): Promise<{ goods: MallCard; freight: Freight }> {
  const page1 = (await (await page.request.get('/member/points/mall/page?sort=DEFAULT&pageNum=1&pageSize=50')).json()) as { data: { list: MallCard[] } };
  const first = page1.data.list[0]!;
  const { data } = (await (await page.request.get(`/member/points/mall/detail?id=${first.id}`)).json()) as { data: { freight: Freight } };
  const fit = page1.data.list.filter((g) => !g.unavailable && g.cashFen > 0 && g.marketPrice >= data.freight.freeFromFen);
  expect(fit.length, 'a points-mall goods with a cash part at or over the free-delivery threshold').toBeGreaterThan(0);
  return { goods: fit[0]!, freight: data.freight };
}

for (const size of [
  { width: 1440, height: 860 },
  { width: 375, height: 740 },
]) {
  test(`${size.width} px: the detail's 共需 is what 确认兑换 asks, shipped as a cash purchase would be; 确认兑换 in view`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const { goods, freight } = await dearMallGoods(page);
    expect(freight.feeFen, 'the shop charges freight under its threshold').toBeGreaterThan(0);
    const buyer = await newBuyer(page, 'rt');
    const addressId = await addAddress(page.request, buyer.token, '王五');
    const me = await asMember<{ id: string }>(page.request, buyer.token, '/member/user/user/current');
    await asOps(page.request, '/ops/points/adjust', { memberId: me.id, amount: goods.pointsPrice, reason: '端到端测试发放' });

    // Bought for cash, this goods ships free.
    const bought = await asMember<{ freight: number }>(page.request, buyer.token, '/member/trade/checkout/quote', {
      buyNow: { skuId: goods.skuId, quantity: 1 },
      addressId,
    });
    expect(bought.freight).toBe(0);

    const promise = `${goods.pointsPrice} 积分 + ${yuan(goods.cashFen)}`;
    await page.goto(`/points/mallDetail?id=${goods.id}`);
    await expect(page.getByTestId('points-detail-price')).toHaveText(promise);
    await expect(page.getByTestId('points-redeem-need')).toHaveText(`共需 ${promise}`);
    await expect(page.getByTestId('points-detail-freight')).toHaveText(
      `与现金购买相同：市场价满 ${yuan(freight.freeFromFen)} 免运费，不满收 ${yuan(freight.feeFen)}`,
    );
    await shot(page, `points-redeem-promise-detail-${size.width}`);

    await page.getByRole('button', { name: '立即兑换' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?mallId=${goods.id}&quantity=1$`));
    await expect(page.getByTestId('checkout-redeem-price')).toHaveText(promise);
    await expect(page.getByTestId('checkout-redeem-spend')).toHaveText(`-${goods.pointsPrice}`);
    await expect(page.getByTestId('amount-freight')).toHaveText('免运费');
    await expect(page.getByTestId('amount-payable')).toHaveText(yuan(goods.cashFen));
    await expect(page.getByTestId('amount-discount')).toHaveCount(0);
    await expect(page.getByTestId('checkout-page')).not.toContainText('¥0.00');
    const confirm = page.getByRole('button', { name: '确认兑换' });
    await expect(confirm).toBeEnabled();
    await expect(confirm).toBeInViewport();
    await shot(page, `points-redeem-promise-checkout-${size.width}`, { fold: true });
    await shot(page, `points-redeem-promise-checkout-${size.width}-full`);

    await confirm.click();
    await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
    await expect(page.getByTestId('payment-amount')).toHaveText(yuan(goods.cashFen));
  });
}
