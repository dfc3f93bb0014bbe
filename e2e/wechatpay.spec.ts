import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  fakeWechatGateway,
  type FakeWechatGateway,
  wechatpaySettings,
} from '../apps/server/src/modules/payments/wechatpay-fake-gateway.ts';
import { shot, signInAsDemo } from './support/mall.ts';
import { bestSellerIds, ensureCheckoutAddress } from './support/member.ts';

/**
 * Paying with WeChat Pay in the browser. The suite's servers use the sandbox, so this spec starts its
 * own shop server (as scripts/e2e.mjs does: fresh data directory, free port, small demo data) with
 * PAYMENT_PROVIDER=alipay,wechatpay and WeChat Pay pointed at the local fake gateway, which runs in
 * this test process. The fake "scans and pays" by posting the signed, encrypted notification to the
 * notify_url the shop gave it; the cashier notices by itself and goes to the order detail.
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

test.beforeAll(async () => {
  // Server start on a fresh database (migrations + demo seed) is slow on a loaded 2-core machine.
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
    // A small catalogue is enough here and seeds much faster than the default.
    DEMO_GOODS: '40',
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

/** 立即购买 → checkout → the order submitted; returns the order number, on the cashier page. */
async function buyToCashier(page: Page): Promise<string> {
  await page.goto(`/goodsDetail?id=${(await bestSellerIds(page.request))[0]}`);
  await expect(page.getByTestId('detail-stock')).toHaveText(/库存 \d+ 件/);
  await page.getByRole('button', { name: /立即购买/ }).click();
  await expect(page).toHaveURL(/\/checkout\?skuId=\d+&quantity=1$/);
  await ensureCheckoutAddress(page, '张三');
  await page.getByRole('button', { name: /提交订单/ }).click();
  await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
  return new URL(page.url()).searchParams.get('orderNo')!;
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
    await signInAsDemo(page);
    const orderNo = await buyToCashier(page);
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
    // The checkout's 地址已添加 toast would cover the header in the picture.
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
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
    await signInAsDemo(page);
    // Straight to checkout with a SKU in stock (the phone's SKU sheet is phone-trade.spec's business).
    const goods = (await (
      await page.request.get(`/member/goods/goods/detail/${(await bestSellerIds(page.request))[0]}`)
    ).json()) as {
      data: { skus: { id: number; stock: number }[] };
    };
    const sku = goods.data.skus.find((s) => s.stock > 0)!;
    await page.goto(`/checkout?skuId=${sku.id}&quantity=1`);
    await ensureCheckoutAddress(page, '张三');
    await page.getByRole('button', { name: /提交订单/ }).click();
    await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
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
