import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousFindings, settled } from './support/a11y.ts';
import { ops } from './support/console.ts';
import { DEMO, shot } from './support/mall.ts';
import { bestSellerIds, callAsPage, idCheckChar, signUpMember, squarePng } from './support/member.ts';
import { addAddress, asMember, asOps, payOrder } from './support/order-kit.ts';
import { expectPageFitsScreen } from './support/phone.ts';
import { openMemberSession } from './support/session.ts';

/**
 * 供应商入驻 in the browser. A new member fills 企业信息 (a wrong credit-code check character
 * and a wrong ID number are refused beside their fields first), leaves for the home page and comes
 * back by the footer's 供应商入驻: 结算账户 is open and 企业信息 kept. 结算账户 and 店铺信息 follow,
 * 确认提交 shows everything with the ID and account masked, and the page says 待审核. An operator rejects
 * it over the console's API; the member reads the reason, 修改后重新提交 opens the steps filled, one
 * field is fixed and the application goes in again; the operator approves it and the page shows 已通过
 * with the store's name and how to sign in to the console. Every state is photographed at 1440 and at
 * 375 px (/tmp/shots/supplier-*.png), checked with axe, and at 375 px no page is wider than the screen.
 * Members' sessions are laid without the sign-in screen; the rules behind the screens (check
 * characters, masking, one submission, the review's states) are the server's API tests
 * (apps/server/src/modules/supplier).
 */

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** A valid 统一社会信用代码 (GB 32100) of this run, and the check character it must end with. */
function creditCode(): { code: string; check: string } {
  const tail = Array.from({ length: 8 }, () => ALPHABET[Math.floor(Math.random() * 31)]).join('');
  const body = `91330106${tail}X`.slice(0, 17);
  const sum = [...body].reduce((s, ch, i) => s + ALPHABET.indexOf(ch) * WEIGHTS[i]!, 0);
  const check = ALPHABET[(31 - (sum % 31)) % 31]!;
  return { code: body + check, check };
}

interface Application {
  id: string;
  status: string;
}

async function look(page: Page, name: string) {
  await settled(page);
  // From the top: a full-page capture of a scrolled page draws the sticky header where the view was.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
  expect(await seriousFindings(page, name)).toEqual([]);
}

/**
 * The same screen on the phone: the page narrowed to 375 px, where it fits the screen, photographed and
 * checked with axe; then widened again.
 */
async function onPhone(page: Page, name: string, visible: (p: Page) => Locator) {
  await page.setViewportSize(PHONE);
  await expect(visible(page)).toBeVisible();
  await settled(page);
  await expectPageFitsScreen(page, name);
  await look(page, `${name}-375`);
  await page.setViewportSize(WIDE);
}

const formItem = (page: Page, label: string) =>
  page.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
const stepHeading = (page: Page, title: string) =>
  page.getByTestId('supplier-steps').getByRole('heading', { name: title, exact: true });

async function upload(page: Page, label: string) {
  await formItem(page, label)
    .locator('input[type=file]')
    .setInputFiles({ name: `${label}.png`, mimeType: 'image/png', buffer: squarePng(160) });
  await expect(
    formItem(page, label).locator('.ant-upload-list-item-done, .ant-upload-list-item-container img').first(),
  ).toBeVisible();
}

test.describe('供应商入驻', () => {
  test('three steps kept between visits → 待审核 → 已驳回 → resubmitted → 已通过, at 1440 and 375 px', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(WIDE);
    const member = await signUpMember(page.request, 's');
    await openMemberSession(page, member);

    // ---- the empty form, reached from the member area ----
    await page.goto('/user/member/profile');
    await page.getByRole('navigation', { name: '会员中心菜单' }).getByRole('link', { name: '供应商入驻' }).click();
    await expect(page).toHaveURL(/\/supplier\/register$/);
    await expect(stepHeading(page, '企业信息')).toBeVisible();
    await expect(page.getByText('入驻须知')).toBeVisible();
    await look(page, 'supplier-empty-1440');
    await onPhone(page, 'supplier-empty', (p) => stepHeading(p, '企业信息'));

    // ---- step 1, with two wrong numbers first ----
    const { code, check } = creditCode();
    const wrongCheck = ALPHABET[(ALPHABET.indexOf(check) + 1) % 31]!;
    const idBody = '33010619850312002';
    const idNumber = idBody + idCheckChar(idBody);
    const wrongId = idBody + (idCheckChar(idBody) === '1' ? '2' : '1');

    await page.getByLabel('公司名称').fill('杭州云岫茶业有限公司');
    await page.getByLabel('统一社会信用代码').fill(code.slice(0, 17) + wrongCheck);
    await upload(page, '营业执照');
    await page.getByLabel('法人姓名').fill('林晓岚');
    await page.getByLabel('法人身份证号').fill(wrongId);
    await page.getByLabel('注册地址').click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^浙江省$/ }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^杭州市$/ }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^西湖区$/ }).click();
    await page.getByLabel('详细地址').fill('龙井路 18 号 2 幢');
    await page.getByLabel('联系人').fill('林晓岚');
    await page.getByLabel('联系手机').fill(member.mobile);
    await page.getByRole('button', { name: '保存并下一步' }).click();
    await expect(formItem(page, '统一社会信用代码').getByText('统一社会信用代码校验位不正确')).toBeVisible();
    await expect(formItem(page, '法人身份证号').getByText('身份证号码校验位不正确，请核对')).toBeVisible();
    await look(page, 'supplier-bad-input-1440');
    expect(await callAsPage(page, '/member/supplier/application').then((r) => r.data)).toBeNull();

    await page.getByLabel('统一社会信用代码').fill(code);
    await page.getByLabel('法人身份证号').fill(idNumber);
    await page.getByRole('button', { name: '保存并下一步' }).click();
    await expect(stepHeading(page, '结算账户')).toBeVisible();
    await expect(page.getByLabel('开户名')).toHaveValue('杭州云岫茶业有限公司');

    // ---- leave, come back by the footer's link: step 2 open, step 1 kept ----
    await page.goto('/');
    await page.getByRole('navigation', { name: '商家服务' }).getByRole('link', { name: '供应商入驻' }).click();
    await expect(stepHeading(page, '结算账户')).toBeVisible();
    await look(page, 'supplier-step2-1440');
    await onPhone(page, 'supplier-step2', (p) => stepHeading(p, '结算账户'));
    await page.getByRole('button', { name: /企业信息/ }).click();
    await expect(stepHeading(page, '企业信息')).toBeVisible();
    await expect(page.getByLabel('公司名称')).toHaveValue('杭州云岫茶业有限公司');
    await expect(page.getByLabel('统一社会信用代码')).toHaveValue(code);
    await expect(page.getByLabel('联系人')).toHaveValue('林晓岚');
    // The ID number never comes back: the field is empty and says why.
    await expect(page.getByLabel('法人身份证号')).toHaveValue('');
    await expect(formItem(page, '法人身份证号')).toContainText('请重新填写');
    await expect(formItem(page, '法人身份证号')).not.toContainText(idNumber);
    await page.getByRole('button', { name: /结算账户/ }).click();

    // ---- step 2 and step 3 ----
    await page.getByLabel('开户银行').fill('中国工商银行');
    await page.getByLabel('开户支行').fill('中国工商银行杭州西湖支行');
    await page.getByLabel('银行账号').fill('6222 0212 3456 7890 123');
    await page.getByRole('button', { name: '保存并下一步' }).click();
    await expect(stepHeading(page, '店铺信息')).toBeVisible();
    const storeName = `云岫茶坊${member.mobile.slice(-4)}`;
    await page.getByLabel('店铺名称').fill(storeName);
    await upload(page, '店铺 Logo');
    await page.getByLabel('经营类目').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    await page.getByLabel('店铺简介').fill('西湖龙井与安吉白茶，产地直发。');
    await page.getByRole('button', { name: '保存并下一步' }).click();

    // ---- 确认提交: everything once more, the numbers masked ----
    await expect(stepHeading(page, '核对并提交')).toBeVisible();
    const summary = page.getByTestId('supplier-summary');
    await expect(summary).toContainText(storeName);
    await expect(summary).toContainText('浙江省');
    await expect(summary).toContainText('0123');
    await expect(summary).not.toContainText(idNumber);
    await expect(summary).not.toContainText('6222021234567890123');
    await look(page, 'supplier-confirm-1440');
    await page.getByRole('button', { name: '确认提交' }).click();
    await expect(page.getByTestId('supplier-pending')).toBeVisible();
    await expect(page.getByText('待审核', { exact: true })).toBeVisible();
    await look(page, 'supplier-pending-1440');
    await onPhone(page, 'supplier-pending', (p) => p.getByTestId('supplier-pending'));

    // ---- the operator rejects it ----
    const app = (await callAsPage<Application>(page, '/member/supplier/application')).data;
    expect(app.status).toBe('PENDING');
    const reason = '营业执照照片不清晰，请重新上传';
    const rejected = await ops(page.request, '/ops/supplier/application/reject', { id: app.id, reason });
    expect(rejected.code, rejected.message).toBe(0);

    await page.reload();
    await expect(page.getByTestId('supplier-rejected')).toBeVisible();
    await expect(page.getByTestId('supplier-reject-reason')).toHaveText(`驳回原因：${reason}`);
    await look(page, 'supplier-rejected-1440');
    await onPhone(page, 'supplier-rejected', (p) => p.getByTestId('supplier-rejected'));

    // ---- fix the licence (the ID number asked again), go on to 确认提交 by the steps, resubmit ----
    await page.getByRole('button', { name: '修改后重新提交' }).click();
    await expect(stepHeading(page, '企业信息')).toBeVisible();
    await expect(page.getByText(`驳回原因：${reason}`)).toBeVisible();
    await expect(page.getByLabel('公司名称')).toHaveValue('杭州云岫茶业有限公司');
    await formItem(page, '营业执照').getByRole('button', { name: '删除图片' }).click();
    await upload(page, '营业执照');
    await page.getByRole('button', { name: '保存并下一步' }).click();
    await expect(formItem(page, '法人身份证号').getByText('请填写身份证号码')).toBeVisible();
    await page.getByLabel('法人身份证号').fill(idNumber);
    await page.getByRole('button', { name: '保存并下一步' }).click();
    await expect(stepHeading(page, '结算账户')).toBeVisible();
    await page.getByRole('button', { name: /店铺信息/ }).click();
    await expect(page.getByLabel('店铺名称')).toHaveValue(storeName);
    await page.getByRole('button', { name: '保存并下一步' }).click();
    await expect(stepHeading(page, '核对并提交')).toBeVisible();
    await page.getByRole('button', { name: '确认提交' }).click();
    await expect(page.getByTestId('supplier-pending')).toBeVisible();

    // ---- the operator approves it: 已通过, the store and the console's sign-in ----
    const approved = await ops<{ supplierId: string; storeName: string }>(
      page.request,
      '/ops/supplier/application/approve',
      { id: app.id },
    );
    expect(approved.code, approved.message).toBe(0);
    expect(approved.data.storeName).toBe(storeName);
    await page.reload();
    await expect(page.getByTestId('supplier-approved')).toBeVisible();
    await expect(page.getByTestId('supplier-store-name')).toHaveText(storeName);
    await expect(page.getByTestId('supplier-approved')).toContainText('供应商登录');
    await expect(page.getByTestId('supplier-approved')).toContainText('/admin/');
    await expect(page.getByTestId('supplier-account')).toHaveText(member.username);
    await look(page, 'supplier-approved-1440');
    await onPhone(page, 'supplier-approved', (p) => p.getByTestId('supplier-approved'));
  });

  test("a store's goods: the store on the search card and 店铺：<name> on the goods page, at 1440 and 375 px", async ({
    browser,
  }) => {
    for (const [viewport, tag] of [
      [WIDE, '1440'],
      [PHONE, '375'],
    ] as const) {
      const context = await browser.newContext({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      const page = await context.newPage();
      // The demo store 山野茶舍 (seed/demo-suppliers.ts) sells it.
      await page.goto(`/goodsList?keyword=${encodeURIComponent('明前西湖龙井')}`);
      const card = page
        .getByTestId('goods-card')
        .filter({ has: page.getByTestId('card-store') })
        .first();
      await expect(card.getByTestId('card-store')).toHaveText('山野茶舍');
      await settled(page);
      await expectPageFitsScreen(page, `store card ${tag}`);
      await look(page, `supplier-store-card-${tag}`);
      await card.click();
      await expect(page.getByTestId('detail-store').filter({ visible: true })).toHaveText(/店铺：山野茶舍/);
      await settled(page);
      await expectPageFitsScreen(page, `store goods ${tag}`);
      await look(page, `supplier-store-goods-${tag}`);
      await context.close();
    }
  });

  test('a mixed order shipped by the shop and by 山野茶舍: the buyer reads 包裹 1 and 包裹 2, at 1440 and 375 px', async ({
    browser,
    request,
  }) => {
    const buyer = await signUpMember(request, 'p');
    const context = await browser.newContext({ viewport: WIDE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    const { accessToken } = await openMemberSession(page, buyer);
    // One goods of the shop (a best seller) and one of the demo store 山野茶舍, in one order from the cart.
    const found = await asOps<{ list: { id: number; storeName: string | null; onShelf: boolean }[] }>(
      request,
      `/ops/goods/page?pageNum=1&pageSize=20&keyword=${encodeURIComponent('明前西湖龙井')}`,
    );
    const storeGoodsId = found.list.find((g) => g.storeName === '山野茶舍' && g.onShelf)!.id;
    const [shopGoodsId] = await bestSellerIds(request);
    for (const goodsId of [shopGoodsId!, storeGoodsId]) {
      const detail = await asMember<{ skus: { id: number; stock: number }[] }>(
        request,
        accessToken,
        `/member/goods/goods/detail/${goodsId}`,
      );
      const sku = detail.skus.find((s) => s.stock > 0)!;
      await asMember(request, accessToken, '/member/trade/cart/add', { skuId: sku.id, quantity: 1 });
    }
    const cart = await asMember<{ lines: { id: string; goodsId: number }[] }>(
      request,
      accessToken,
      '/member/trade/cart/list',
    );
    const { orderNo } = await asMember<{ orderNo: string }>(request, accessToken, '/member/trade/checkout/submit', {
      cartItemIds: cart.lines.filter((l) => [shopGoodsId, storeGoodsId].includes(l.goodsId)).map((l) => l.id),
      addressId: await addAddress(request, accessToken, '赵敏'),
      idempotencyKey: `parcels${Date.now()}`,
    });
    await payOrder(request, accessToken, orderNo);

    // The shop ships its part over the console's API; the store signs in as a supplier and ships its own.
    const shop = await ops(request, '/ops/order/ship', { orderNo, company: '顺丰速运', trackingNo: `SF${Date.now()}` });
    expect(shop.code, shop.message).toBe(0);
    const login = await request.post('/ops/auth/supplier-login', {
      data: { account: 'tea_supplier', password: DEMO.password },
    });
    const { data: session } = (await login.json()) as { data: { token: string } };
    const storeShip = await request.post('/ops/store/order/ship', {
      headers: { Authorization: `Bearer ${session.token}` },
      data: { orderNo, company: '中通快递', trackingNo: `ZT${Date.now()}` },
    });
    expect(((await storeShip.json()) as { code: number }).code).toBe(0);

    for (const [viewport, tag] of [
      [WIDE, '1440'],
      [PHONE, '375'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/user/order/orderDetail/${orderNo}`);
      const parcels = page.getByTestId('order-package');
      await expect(parcels).toHaveCount(2);
      await expect(parcels.nth(0)).toContainText('包裹 1');
      await expect(parcels.nth(1)).toContainText('包裹 2');
      await expect(page.getByTestId('order-packages')).toContainText('店铺：山野茶舍');
      await expect(page.getByTestId('order-packages')).toContainText('商城自营');
      await settled(page);
      await expectPageFitsScreen(page, `parcels ${tag}`);
      await look(page, `supplier-order-parcels-${tag}`);
    }
    await context.close();
  });
});
