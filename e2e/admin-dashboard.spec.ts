import { expect, test, type Browser, type Page } from '@playwright/test';
import { shot } from './support/mall.ts';
import { addAddress, newBuyer, payOrder, placeOrder } from './support/order-kit.ts';

/**
 * The console's 工作台 in Chromium: the demo operator signs in and lands on it (figures, charts,
 * to-dos); a buyer then pays an order in another browser, 刷新 shows it (one more paid order, the
 * same figures as the API), the to-do 待发货订单 leads to the order list filtered to them, and the
 * range switch keeps its choice in the address.
 */

const ADMIN = { username: 'admin', password: 'MallAdmin#2026' } as const;
const OPS_TOKEN = process.env.E2E_OPS_TOKEN ?? '';

test.use({ viewport: { width: 1440, height: 900 } });

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

interface Summary {
  current: {
    paidAmount: number;
    paidOrders: number;
    payingBuyers: number;
    visitors: number;
    conversionRate: number | null;
  };
}

/** The figures the screen shows, as the API gives them (the same shared figures). */
async function apiSummary(page: Page, range: string): Promise<Summary> {
  const res = await page.request.get(`/ops/dashboard/summary?range=${range}`, {
    headers: { 'x-ops-token': OPS_TOKEN },
  });
  const body = (await res.json()) as { code: number; data: Summary };
  expect(body.code).toBe(0);
  return body.data;
}

/** As the console shows money (formatFen of packages/shared): ¥1234.50. */
const fen = (n: number) => `¥${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

/**
 * A new buyer opens the top best seller's page (a visit 工作台 counts) and buys it, paid in the sandbox:
 * set up over the API (order-kit), since checkout and the cashier are driven in trade.spec.ts.
 */
async function buyAndPay(page: Page) {
  const [top] = (await (await page.request.get('/member/goods/getGoodsSalesList/6')).json()).data as { id: number }[];
  const buyer = await newBuyer(page, 'dashboard');
  await page.goto(`/goodsDetail?id=${top!.id}`);
  await expect(page.getByTestId('detail-stock')).toHaveText(/库存 \d+ 件/);
  const addressId = await addAddress(page.request, buyer.token);
  const orderNo = await placeOrder(page.request, buyer.token, top!.id, addressId);
  await payOrder(page.request, buyer.token, orderNo);
}

test.describe('console: 工作台', () => {
  test('figures, charts and to-dos; a new paid order after 刷新; to-dos lead to their lists', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000); // a buyer's visit and order, and the console, in two browsers
    const ops = await consoleOf(browser);
    const metric = (key: string) => ops.getByTestId(`metric-${key}`);
    await expect(ops.getByRole('heading', { name: '工作台' })).toBeVisible();
    await expect(ops.getByText(/数据更新于 \d{2}-\d{2} \d{2}:\d{2}:\d{2}/)).toBeVisible();
    for (const name of ['成交金额', '成交订单', '付款人数', '客单价', '转化率'])
      await expect(ops.getByText(name, { exact: true })).toBeVisible();
    const before = await apiSummary(ops, 'today');
    await expect(metric('paidOrders')).toHaveText(String(before.current.paidOrders));
    await expect(ops.getByTestId('todo-toShip')).toBeVisible();

    // A buyer pays an order; the shared figures come back with it once 刷新 computes them again.
    await buyAndPay(page);
    const refresh = ops.getByRole('button', { name: /刷\s*新/ });
    await refresh.click();
    await expect(ops.getByText('已刷新')).toBeVisible();
    await expect(refresh).not.toHaveClass(/ant-btn-loading/);
    await expect(metric('paidOrders')).toHaveText(String(before.current.paidOrders + 1));
    const after = await apiSummary(ops, 'today');
    expect(after.current.paidOrders).toBe(before.current.paidOrders + 1);
    await expect(metric('paidAmount')).toHaveText(fen(after.current.paidAmount));
    await expect(metric('payingBuyers')).toHaveText(String(after.current.payingBuyers));
    expect(after.current.visitors).toBeGreaterThan(0); // the buyer opened the goods page
    await expect(metric('conversionRate')).toHaveText(/^\d+\.\d{2}%$/);

    // Both charts draw (canvas) now that today has an order.
    await expect(ops.getByTestId('trend-chart').locator('canvas').first()).toBeVisible();
    await expect(ops.getByTestId('category-chart').locator('canvas').first()).toBeVisible();
    await expect(ops.getByText('今日成交走势（按小时）')).toBeVisible();
    const toShip = ops.getByTestId('todo-toShip');
    await expect(toShip).toContainText('待发货订单');
    await expect(toShip).not.toContainText(/^待发货订单0/);
    await expect(ops.getByTestId('trend-chart')).toHaveAttribute('data-drawn', 'true');
    await expect(ops.getByTestId('category-chart')).toHaveAttribute('data-drawn', 'true');
    await shot(ops, 'admin-dashboard-today');

    // 近30天: the choice is kept in the address; figures of the period, its trend by day.
    await ops.getByText('近30天', { exact: true }).click();
    await expect(ops).toHaveURL(/\/admin\/dashboard\?range=30d$/);
    await expect(ops.getByText('近30天成交走势（按天）')).toBeVisible();
    const month = await apiSummary(ops, '30d');
    await expect(metric('paidOrders')).toHaveText(month.current.paidOrders.toLocaleString('zh-CN'));
    await expect(ops.getByText(/较前30天/).first()).toBeVisible();
    await expect(ops.getByTestId('trend-chart')).toHaveAttribute('data-drawn', 'true');
    await shot(ops, 'admin-dashboard-30d');
    await ops.reload();
    await expect(ops.getByText('近30天成交走势（按天）')).toBeVisible();

    // 待发货订单 → the order list, filtered to them.
    await toShip.click();
    await expect(ops).toHaveURL(/\/admin\/orders\?status=PENDING_SHIPMENT$/);
    await ops.context().close();
  });
});
