import { expect, test } from '@playwright/test';
import { chooseOption, shot } from './support/mall.ts';
import { bestSellerIds } from './support/member.ts';
import { addAddress, newBuyer, receivedOrder } from './support/order-kit.ts';

/**
 * 申请售后 is taller than a screen: its 提交申请 sits in the sticky action bar the checkout uses, on
 * screen without scrolling at 1440 × 860 and at 375 × 740, and it still sends the application.
 */
for (const size of [
  { width: 1440, height: 860 },
  { width: 375, height: 740 },
]) {
  test(`${size.width} px: 申请售后's 提交申请 is in view without scrolling and sends the application`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const buyer = await newBuyer(page, 'as');
    const addressId = await addAddress(page.request, buyer.token);
    const [goodsId] = await bestSellerIds(page.request);
    const orderNo = await receivedOrder(page.request, buyer.token, goodsId!, addressId);

    await page.goto(`/user/order/orderDetail/${orderNo}`);
    await expect(page.getByTestId('order-detail-status')).toHaveText('已完成');
    await page.getByTestId('item-after-sale').first().click();
    const dialog = page.getByRole('dialog', { name: '申请售后' });
    await expect(dialog.getByTestId('refund-estimate')).toBeVisible();
    const submit = dialog.getByRole('button', { name: '提交申请' });
    await expect(submit).toBeInViewport();
    await shot(page, `after-sale-apply-bar-${size.width}`, { fold: true });

    await dialog.getByRole('radio', { name: '仅退款' }).check();
    await chooseOption(page, dialog.getByLabel('售后原因'), '不想要了');
    await expect(submit).toBeInViewport();
    await submit.click();
    await expect(page).toHaveURL(/\/user\/order\/afterSaleOrderDetail\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('after-sale-detail-status')).toHaveText('待审核');
  });
}
