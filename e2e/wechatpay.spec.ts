import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  fakeWechatGateway,
  type FakeWechatGateway,
  wechatpaySettings,
} from '../apps/server/src/modules/payments/wechatpay-fake-gateway.ts';
import { shot } from './support/mall.ts';
import { signUpMember, squarePng, type Member } from './support/member.ts';
import { addAddress, placeOrder } from './support/order-kit.ts';
import { openMemberSession } from './support/session.ts';

/**
 * Paying with WeChat Pay in the browser. The suite's servers use the sandbox, so this spec starts its
 * own shop server (as scripts/e2e.mjs does: fresh data directory, free port) with
 * PAYMENT_PROVIDER=alipay,wechatpay and WeChat Pay pointed at the local fake gateway, which runs in
 * this test process. The server makes no demo data (its seeding is most of a start on a loaded
 * machine): the spec makes the one goods and the buyer it needs over the API. The fake "scans and pays" by posting the signed, encrypted notification to the
 * notify_url the shop gave it; the cashier notices by itself and goes to the order detail. The demo
 * member's session is laid without the sign-in screen and the order is placed over the API (the
 * checkout's screens are trade.spec.ts's); the provider's rules are payments-wechatpay.test.ts's.
 */

const root = path.resolve(import.meta.dirname, '..');

const rsaPair = () =>
  crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });

const KEYS = {
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  apiV3Key: crypto.randomBytes(16).toString('hex'),
  merchantCertSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  platformPublicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let fake: FakeWechatGateway | undefined;
let child: ChildProcess | undefined;
let dataDir: string | undefined;
let serverUrl = '';
/** This server's operator token, for making its goods. */
const OPS_TOKEN = `e2e-wechatpay-${crypto.randomBytes(16).toString('hex')}`;
/** The goods on sale and the buyer, made once the server is up. */
let goodsId = 0;
let buyer: Member;

/** An operator call to this spec's server that must succeed; answers its data. */
async function opsCall<T>(
  api: APIRequestContext,
  path: string,
  init: Parameters<APIRequestContext['post']>[1],
): Promise<T> {
  const res = await api.post(path, { ...init, headers: { 'x-ops-token': OPS_TOKEN } });
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, `${path}: ${body.message}`).toBe(0);
  return body.data;
}

/** A category, one goods of two SKUs on shelf (with a picture), and a new member. */
async function makeShop() {
  const api = await request.newContext({ baseURL: serverUrl });
  const category = await opsCall<{ id: number }>(api, '/ops/category/save', { data: { name: '保温杯', sort: 1 } });
  const image = await opsCall<{ url: string }>(api, '/ops/goods/image', {
    multipart: { file: { name: 'cup.png', mimeType: 'image/png', buffer: squarePng(240) } },
  });
  const made = await opsCall<{ goodsId: number }>(api, '/ops/goods/create', {
    data: {
      name: '晨露便携保温杯',
      subtitle: '316 不锈钢内胆，保温 12 小时',
      categoryId: category.id,
      brandId: null,
      images: [image.url],
      params: [{ name: '容量', value: '500ml' }],
      detail: [{ type: 'text', text: '一键开盖，单手就能喝水。' }],
      isCrossBorder: false,
      onShelf: true,
      specs: [{ name: '颜色', values: ['红', '蓝'] }],
      skus: [
        { specs: { 颜色: '红' }, price: 9900, marketPrice: 12900, stock: 50 },
        { specs: { 颜色: '蓝' }, price: 10900, marketPrice: 0, stock: 50 },
      ],
    },
  });
  goodsId = made.goodsId;
  buyer = await signUpMember(api, 'w');
  await api.dispose();
}

test.beforeAll(async () => {
  // Server start on a fresh database (migrations) is slow on a loaded 2-core machine.
  test.setTimeout(240_000);
  const merchant = rsaPair();
  const platform = rsaPair();
  const alipayMerchant = rsaPair();
  const alipay = rsaPair();
  fake = await fakeWechatGateway({
    ...KEYS,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    forgeryKey: rsaPair().privateKey,
  });

  const port = await freePort();
  serverUrl = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-e2e-wechatpay-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    OPS_TOKEN,
    PAYMENT_PROVIDER: 'alipay,wechatpay',
    ALIPAY_APP_ID: '2021004100000001',
    ALIPAY_SELLER_ID: '2088621900000002',
    ALIPAY_PRIVATE_KEY: alipayMerchant.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.publicKey,
    // Never reached: this spec pays with WeChat Pay only.
    ALIPAY_GATEWAY: 'http://127.0.0.1:9/gateway.do',
    ...wechatpaySettings(KEYS, merchant.privateKey, platform.publicKey, fake.url),
    PUBLIC_BASE_URL: serverUrl,
  };
  // Always a fresh embedded database, even when the caller's shell points at a PostgreSQL server.
  delete env.DATABASE_URL;
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env,
  });
  const until = Date.now() + 200_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(
        `微信支付测试服务器未能启动 (server did not become healthy):\n${fs.readFileSync(logFile, 'utf8')}`,
      );
    try {
      if ((await fetch(`${serverUrl}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await makeShop();
});

test.afterAll(async () => {
  const c = child;
  if (c && c.exitCode === null) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => c.kill('SIGKILL'), 10_000);
      c.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      c.kill('SIGTERM');
    });
  }
  await fake?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A browser of its own against this spec's server, at the given width. */
async function shopPage(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: serverUrl,
    viewport: { width, height },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

/** The buyer signed in, with an order of the goods placed over the API; the page on its payment page. */
async function toPaymentPage(page: Page): Promise<string> {
  const { accessToken } = await openMemberSession(page, buyer);
  const orderNo = await placeOrder(
    page.request,
    accessToken,
    goodsId,
    await addAddress(page.request, accessToken, '张三'),
  );
  await page.goto(`/payment?orderNo=${orderNo}`);
  return orderNo;
}

/** 微信支付 among the method cards (antd hides the radio input itself: the card is clicked). */
async function chooseWechat(page: Page) {
  await page.locator('label.ant-radio-button-wrapper', { hasText: '微信支付' }).click();
  await expect(page.getByRole('radio', { name: /微信支付/ })).toBeChecked();
}

test.describe('WeChat Pay through the fake gateway', () => {
  test('desktop: 微信支付 shows the Native QR code; paid by scan, the page goes to the paid order', async ({
    browser,
  }) => {
    test.slow();
    const page = await shopPage(browser, 1440, 900);
    const orderNo = await toPaymentPage(page);
    await expect(page.getByTestId('payment-amount')).toHaveText(/¥\d/);
    const amountText = (await page.getByTestId('payment-amount').textContent())!;
    const amountFen = Math.round(Number(amountText.replace(/[^\d.]/g, '')) * 100);
    expect(amountFen).toBeGreaterThan(0);

    // Both configured methods as cards; 微信支付 chosen.
    const cards = page.locator('label.ant-radio-button-wrapper');
    await expect(cards).toHaveText([/支付宝/, /微信支付/]);
    await expect(page.getByRole('radio', { name: /支付宝/ })).toBeChecked();
    await chooseWechat(page);
    await page.getByRole('button', { name: /去支付/ }).click();

    // The QR code with the amount; the shop asked the fake for a Native order of that amount.
    const qr = page.getByTestId('payment-qrcode');
    await expect(qr).toBeVisible();
    await expect(qr.getByLabel('微信支付二维码')).toBeVisible();
    await expect(qr).toContainText(amountText);
    await expect(qr).toContainText('请使用微信扫一扫完成支付');
    const wxOrder = fake!.orders.get(orderNo);
    expect(wxOrder).toMatchObject({ amountFen, h5: false, state: 'NOTPAY' });
    expect(wxOrder!.notifyUrl).toBe(`${serverUrl}/pay/notify/wechatpay`);
    await shot(page, 'wechatpay-native-qr');

    // The buyer scans and pays: WeChat Pay notifies the shop, which accepts it.
    const answer = await fake!.scanAndPay(orderNo);
    expect(answer.status, answer.body).toBeLessThan(300);

    // The cashier notices by itself and goes to the order detail, which shows it paid.
    await expect(page.getByText('支付成功')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/user/order/orderDetail/${orderNo}$`), { timeout: 20_000 });
    await expect(page.getByTestId('order-detail-status')).toHaveText('待发货');
    await expect(page.locator('.ant-descriptions-item', { hasText: '支付方式' })).toContainText('微信支付');
    expect(fake!.orders.get(orderNo)!.state).toBe('SUCCESS');
    await shot(page, 'wechatpay-paid-order');
    await page.context().close();
  });

  test('phone: 微信支付 goes to the H5 link the gateway returned', async ({ browser }) => {
    test.slow();
    const page = await shopPage(browser, 375, 812);
    // Never to the internet: the H5 cashier is answered here.
    await page.route('https://wx.tenpay.com/**', (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<html><body>微信支付 H5</body></html>' }),
    );
    const orderNo = await toPaymentPage(page);
    await chooseWechat(page);
    const h5 = page.waitForRequest((req) => req.url().startsWith('https://wx.tenpay.com/'));
    await page.getByRole('button', { name: /去支付/ }).click();
    const target = new URL((await h5).url());
    expect(target.host).toBe('wx.tenpay.com');
    expect(target.pathname).toBe('/cgi-bin/mmpayweb-bin/checkmweb');
    expect(target.searchParams.get('prepay_id')).toMatch(/^wx[0-9a-f]{16}$/);
    // After paying, WeChat sends the phone back to the shop's result page for this order.
    expect(target.searchParams.get('redirect_url')).toContain(orderNo);
    expect(fake!.orders.get(orderNo)).toMatchObject({ h5: true, state: 'NOTPAY' });
    await page.context().close();
  });
});
