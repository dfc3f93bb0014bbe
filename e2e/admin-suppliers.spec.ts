import crypto from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { consoleShot as shot } from './support/admin-kit.ts';
import { consoleMenu as menu, type Envelope } from './support/console.ts';
import { openConsoleSession } from './support/console-session-kit.ts';
import { apiSignIn, idCheckChar, signUpMember, squarePng } from './support/member.ts';
import { addAddress, payOrder, placeOrder } from './support/order-kit.ts';

/**
 * The supplier's journey through the console, in Chromium at 1440 px. A new member applies to open a
 * store over the member API (licence, logo, the three steps, 提交). In 供应商审核 the operator opens
 * the application (every field, the licence by its signed link) and rejects it with a reason; the
 * member changes the store step and resubmits; the operator approves it. The member signs into the
 * console on the 供应商登录 tab with the shop account and sees only 本店商品 and 本店订单 with the
 * store's name in the header; creates a goods in 本店商品 (it shows 审核中); the operator approves it in
 * 商品审核 (on shelf). A buyer (over the API) buys and pays it; the supplier ships it in 本店订单 and
 * the buyer's order has the parcel with its tracking number. The store account opening /admin/orders
 * by address reads 无权访问. The operator's session is laid without the sign-in screen; the supplier
 * signs in on the 供应商登录 tab. The rules behind the screens are the server's API tests
 * (apps/server/src/modules/supplier, ops-store-goods, ops-store-orders, permissions).
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** antd puts a space between two Chinese characters of a button: 通过 reads 通 过. */
const two = (text: string) => new RegExp(`^${text[0]}\\s*${text[1]}$`);

/** GB 32100: the check character of a 统一社会信用代码's first 17 characters. */
function creditCode(body17: string): string {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...body17].reduce((s, c, i) => s + alphabet.indexOf(c) * weights[i]!, 0);
  return body17 + alphabet[(31 - (sum % 31)) % 31]!;
}

async function asMember<T>(api: APIRequestContext, token: string, path: string, body?: unknown) {
  const res =
    body === undefined
      ? await api.get(path, { headers: { Authorization: token } })
      : await api.post(path, { headers: { Authorization: token }, data: body });
  expect(res.ok(), path).toBeTruthy();
  const reply = (await res.json()) as Envelope<T>;
  expect(reply.code, `${path}: ${reply.message}`).toBe(0);
  return reply;
}

async function upload(api: APIRequestContext, token: string, kind: 'licence' | 'logo') {
  const res = await api.post(`/member/supplier/upload?kind=${kind}`, {
    headers: { Authorization: token },
    multipart: { file: { name: `${kind}.png`, mimeType: 'image/png', buffer: squarePng(kind === 'logo' ? 120 : 320) } },
  });
  const reply = (await res.json()) as Envelope<{ name: string; url: string }>;
  expect(reply.code, reply.message).toBe(0);
  return reply.data.name;
}

test('a member applies, is rejected, resubmits and is approved; sells a goods reviewed by the shop and ships it', async ({
  page,
  browser,
  request: api,
}) => {
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const storeName = `云岭茶坊${tag}`;
  const companyName = `昆明云岭茶业有限公司${tag}`;
  const goodsName = `云岭古树普洱 357g ${tag}`;

  /* ---- a member applies over the member API ---- */
  const supplier = await signUpMember(api, 's');
  const token = await apiSignIn(api, supplier);
  const legal17 = `53010219850612${String(crypto.randomInt(100, 999))}`;
  await asMember(api, token, '/member/supplier/application/company', {
    companyName,
    creditCode: creditCode(`915301026${String(crypto.randomInt(10_000_000, 99_999_999))}`),
    licenceImage: await upload(api, token, 'licence'),
    legalName: '杨云岭',
    legalIdNumber: legal17 + idCheckChar(legal17),
    provinceCode: '33',
    cityCode: '3301',
    districtCode: '330106',
    addressDetail: '文三路 100 号',
    contactName: '杨云岭',
    contactMobile: supplier.mobile,
  });
  await asMember(api, token, '/member/supplier/application/bank', {
    bankName: '中国工商银行',
    bankBranch: '杭州西湖支行',
    bankAccount: '6222021234567890123',
  });
  const tree = (await (await api.get('/member/goods/category/tree')).json()) as Envelope<{ id: number }[]>;
  const logo = await upload(api, token, 'logo');
  const storeStep = (description: string) =>
    asMember(api, token, '/member/supplier/application/store', {
      storeName,
      storeLogo: logo,
      categoryIds: [tree.data[0]!.id],
      storeDescription: description,
    });
  await storeStep('古树普洱，产地直发。');
  await asMember(api, token, '/member/supplier/application/submit', {});

  /* ---- 供应商审核: the operator reads it and rejects it with a reason ---- */
  await openConsoleSession(page);
  await page.goto('/admin/suppliers');
  await expect(page.getByRole('heading', { name: '供应商审核' })).toBeVisible();
  await expect(menu(page).getByRole('menuitem', { name: '供应商审核' })).toHaveClass(/ant-menu-item-selected/);
  const search = page.getByLabel('搜索入驻申请');
  await search.fill(storeName);
  await search.press('Enter');
  let row = page.getByTestId('supplier-row').filter({ hasText: storeName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('审核中');
  await shot(page, 'admin-suppliers-list');

  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByTestId('supplier-detail');
  await expect(detail).toContainText(companyName);
  await expect(detail).toContainText('6222 **** **** 0123');
  await expect(detail).not.toContainText('6222021234567890123');
  await expect(detail).toContainText('浙江省 杭州市 西湖区');
  const licence = detail.getByAltText('营业执照');
  await expect(licence).toBeVisible();
  // the signed link answers the picture itself
  expect(await licence.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'admin-suppliers-detail');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: two('驳回') })
    .click();
  const rejectDialog = page.getByRole('dialog').filter({ hasText: '驳回入驻申请' });
  await rejectDialog.getByLabel('驳回原因').fill('店铺简介过于简单，请补充茶园产地和资质');
  await rejectDialog.getByRole('button', { name: '确认驳回' }).click();
  await expect(page.getByText('已驳回').first()).toBeVisible();
  await expect(rejectDialog).toBeHidden();

  /* ---- the member changes the store step and resubmits ---- */
  const rejected = await asMember<{ status: string; rejectReason: string }>(api, token, '/member/supplier/application');
  expect(rejected.data.status).toBe('REJECTED');
  expect(rejected.data.rejectReason).toBe('店铺简介过于简单，请补充茶园产地和资质');
  await storeStep('云南临沧古树茶园自有基地，持食品经营许可证，产地直发。');
  await asMember(api, token, '/member/supplier/application/submit', {});

  /* ---- the operator approves it ---- */
  await page.keyboard.press('Escape');
  await page.goto('/admin/suppliers');
  await search.fill(storeName);
  await search.press('Enter');
  row = page.getByTestId('supplier-row').filter({ hasText: storeName });
  await expect(row).toContainText('审核中');
  await row.getByRole('button', { name: two('通过') }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: two('通过') })
    .click();
  await expect(page.getByText(`已通过，店铺「${storeName}」已开通`)).toBeVisible();
  await page.getByRole('tab', { name: '供应商列表' }).click();
  await expect(page.getByTestId('store-row').filter({ hasText: storeName })).toHaveCount(1);
  await shot(page, 'admin-suppliers-stores');

  /* ---- the supplier signs into the console with the shop account ---- */
  const storeContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const store = await storeContext.newPage();
  await store.goto('/admin/login');
  await store.getByRole('tab', { name: '供应商登录' }).click();
  await shot(store, 'admin-supplier-login');
  await store.getByLabel('商城账号').fill(supplier.username);
  await store.getByLabel('登录密码').fill(supplier.password);
  await store.getByRole('button', { name: '供应商登录' }).click();
  await expect(store).toHaveURL(/\/admin\/store\/goods$/);
  await expect(store.getByTestId('store-name')).toHaveText(new RegExp(storeName));
  await expect(menu(store).getByRole('menuitem')).toHaveText(['本店商品', '本店订单']);

  /* ---- 本店商品: a new goods waits for the shop's review ---- */
  // the page header's button (an empty list offers another)
  await store.getByRole('button', { name: '新建商品' }).first().click();
  await expect(store).toHaveURL(/\/admin\/store\/goods\/new$/);
  await store.getByLabel('商品名称').fill(goodsName);
  await store.getByLabel('分类', { exact: true }).click();
  await store.getByLabel('分类', { exact: true }).fill('保温杯');
  await store.locator('.ant-select-dropdown:visible').getByTitle('保温杯').first().click();
  await store
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'tea.png', mimeType: 'image/png', buffer: squarePng(240) });
  await expect(store.getByTestId('goods-image')).toHaveCount(1);
  await store.getByLabel('第 1 行售价').fill('168');
  await store.getByLabel('第 1 行库存').fill('20');
  await store.mouse.move(0, 0);
  await shot(store, 'admin-store-goods-new');
  await store.getByRole('button', { name: '保存并提交审核' }).click();
  await expect(store).toHaveURL(/\/admin\/store\/goods$/);
  const storeRow = store.getByRole('row').filter({ hasText: goodsName });
  await expect(storeRow).toContainText('审核中');
  await expect(storeRow.getByRole('button', { name: two('上架') })).toHaveCount(0);
  await shot(store, 'admin-store-goods');

  /* ---- 商品审核: the operator approves it, on shelf ---- */
  await page.goto('/admin/goods/review');
  await expect(page.getByRole('heading', { name: '商品审核' })).toBeVisible();
  const reviewSearch = page.getByLabel('搜索待审核商品');
  await reviewSearch.fill(goodsName);
  await reviewSearch.press('Enter');
  const reviewRow = page.getByTestId('review-goods-row').filter({ hasText: goodsName });
  await expect(reviewRow).toContainText(storeName);
  await reviewRow.getByRole('button', { name: '查看' }).click();
  await expect(page.getByTestId('goods-preview')).toContainText('¥168.00');
  await shot(page, 'admin-goods-review');
  // 通过, asked again in a pop-up. A click that lands while the pop-up zooms in can be lost on a loaded
  // machine (seen once: the preview closed, the goods still 审核中): then the preview is opened again.
  await expect(async () => {
    if (!(await page.getByTestId('goods-preview').isVisible()))
      await reviewRow.getByRole('button', { name: '查看' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: two('通过') })
      .click({ timeout: 5_000 });
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: two('通过') })
      .click({ timeout: 5_000 });
    await expect(page.getByText('已通过，商品已上架')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await store.reload();
  // The list's first read after a reload took over 10 s in CI while both shards ran.
  await expect(store.getByRole('row').filter({ hasText: goodsName })).toContainText('已通过', { timeout: 30_000 });
  await expect(store.getByRole('row').filter({ hasText: goodsName })).toContainText('在售');

  /* ---- a buyer buys and pays it (over the API) ---- */
  const goodsId = Number(await storeRow.getAttribute('data-row-key'));
  const buyer = await signUpMember(api, 'b');
  const buyerToken = await apiSignIn(api, buyer);
  const orderNo = await placeOrder(api, buyerToken, goodsId, await addAddress(api, buyerToken, '赵敏'));
  await payOrder(api, buyerToken, orderNo);

  /* ---- 本店订单: the supplier ships it ---- */
  await menu(store).getByRole('menuitem', { name: '本店订单' }).click();
  await expect(store).toHaveURL(/\/admin\/store\/orders$/);
  const orderRow = store.getByTestId('store-order-row').filter({ hasText: orderNo });
  await expect(orderRow).toContainText(goodsName);
  await expect(orderRow).toContainText('待发货');
  await shot(store, 'admin-store-orders');
  await orderRow.getByRole('button', { name: '详情' }).click();
  const orderDetail = store.getByTestId('store-order-detail');
  await expect(orderDetail).toContainText(/浙江省\s*杭州市\s*西湖区\s*文三路 100 号/);
  await expect(orderDetail).toContainText('赵敏');
  await expect(orderDetail).toContainText('13912345678');
  await shot(store, 'admin-store-order-detail');
  await store
    .getByRole('dialog')
    .getByRole('button', { name: /发\s*货/ })
    .click();
  const ship = store.getByRole('dialog').filter({ hasText: '确认发货' });
  await ship.getByLabel('快递公司').click();
  await store.locator('.ant-select-dropdown:visible').getByTitle('顺丰速运').click();
  const trackingNo = `SF${Date.now()}`;
  await ship.getByLabel('运单号').fill(trackingNo);
  await shot(store, 'admin-store-ship');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(store.getByText('已发货，买家可在订单详情中查看物流')).toBeVisible();
  await expect(orderDetail).toContainText(trackingNo);

  /* ---- the buyer's order: 待收货, the store's parcel with its tracking number ---- */
  expect(
    await asMember(api, buyerToken, `/member/order/order/detail?orderNo=${orderNo}`).then((r) => r.data),
  ).toMatchObject({
    statusText: '待收货',
    shipments: [{ storeName, company: '顺丰速运', trackingNo }],
  });

  /* ---- a store account has nothing of the shop's ---- */
  await store.goto('/admin/orders');
  await expect(store.getByText('无权访问').first()).toBeVisible();
  await shot(store, 'admin-store-forbidden');
  await storeContext.close();
});
