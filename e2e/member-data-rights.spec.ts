import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { shot } from './support/mall.ts';
import { bestSellerIds } from './support/member.ts';
import { addAddress, asMember, newBuyer, placeOrder, type Buyer } from './support/order-kit.ts';
import { expectPageFitsScreen } from './support/phone.ts';
import { seriousFindings, settled } from './support/a11y.ts';

/**
 * A member's rights over their data in 账户安全 › 个人信息与隐私, at 1440 and 375: asking for a copy of
 * their data and downloading both files (the JSON holds their username and order, the CSV reads in
 * Chinese), then turning marketing messages off, after which 提醒我 on an upcoming 秒杀 explains why no
 * reminder would come and links back to turn them on. Data over the API; rules in the server's tests.
 */

interface Sessions {
  sessions: { phase: string; goods: { activityId: number; skuId: number; phase: string }[] }[];
}

/** An upcoming 秒杀 SKU (the demo keeps today's sessions and the next ones scheduled). */
async function upcomingFlashSku(page: Page) {
  const res = (await (await page.request.get('/member/activity/flashSale/sessions')).json()) as { data: Sessions };
  const goods = res.data.sessions.flatMap((s) => s.goods).find((g) => g.phase === 'UPCOMING');
  expect(goods, 'the demo has an upcoming 秒杀').toBeTruthy();
  return goods!;
}

async function downloadOf(page: Page, button: ReturnType<Page['getByTestId']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(path) };
}

/** A screenshot of the screen with `target` in its middle (clear of the sticky bars). */
async function shotAround(page: Page, target: ReturnType<Page['getByTestId']>, name: string) {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, name, { fold: true });
}

async function member(page: Page, tag: string): Promise<Buyer & { orderNo: string }> {
  const buyer = await newBuyer(page, tag);
  const addressId = await addAddress(page.request, buyer.token, '钱多多');
  const [goodsId] = await bestSellerIds(page.request);
  const orderNo = await placeOrder(page.request, buyer.token, goodsId!, addressId);
  return { ...buyer, orderNo };
}

for (const { width, height, tag } of [
  { width: 1440, height: 900, tag: 'pc' },
  { width: 375, height: 812, tag: 'phone' },
]) {
  test.describe(`个人信息与隐私 at ${width}`, () => {
    test.use({ viewport: { width, height } });

    test('a copy of my data, downloaded once; marketing messages off, and 提醒我 says so', async ({ page }) => {
      test.setTimeout(180_000);
      const me = await member(page, `dr${tag}`);
      const flash = await upcomingFlashSku(page);

      await page.goto('/user/member/settings');
      const card = page.getByTestId('privacy-card');
      await expect(card.getByRole('heading', { name: '个人信息副本' })).toBeVisible();
      const marketing = card.getByRole('switch', { name: '接收营销消息' });
      await expect(marketing).toBeChecked();
      await expect(card.getByTestId('marketing-changed')).toContainText('注册时同意《隐私政策》');
      await expect(card.getByTestId('data-copy-quota')).toHaveText('今天还可申请 3 次');

      await card.getByTestId('data-copy-create').click();
      const row = card.getByTestId('data-copy-row').first();
      await expect(row).toContainText('可下载');
      await expect(card.getByTestId('data-copy-quota')).toHaveText('今天还可申请 2 次');
      if (width === 375) await expectPageFitsScreen(page, '账户安全 with a data copy');
      await shotAround(page, card, `member-data-rights-copy-${width}`);
      await settled(page);
      expect(await seriousFindings(page, `账户安全 ${width}`, ['[data-testid="privacy-card"]'])).toEqual([]);

      const json = await downloadOf(page, row.getByTestId('data-copy-download-json'));
      expect(json.name).toMatch(/^个人信息副本-\d{8}\.json$/);
      const copy = JSON.parse(json.bytes.toString('utf8')) as { profile: { username: string }; orders: { orderNo: string; payableAmountYuan: string }[] };
      expect(copy.profile.username).toBe(me.username);
      expect(copy.orders.map((o) => o.orderNo)).toEqual([me.orderNo]);
      expect(copy.orders[0]!.payableAmountYuan).toMatch(/^\d+\.\d{2}$/);

      const csv = await downloadOf(page, row.getByTestId('data-copy-download-csv'));
      expect(csv.name).toMatch(/\.csv$/);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, line] = csv.bytes.toString('utf8').slice(1).split('\r\n');
      expect(header).toContain('"订单编号","下单时间","订单状态","商品名称"');
      expect(line).toContain(me.orderNo);
      await expect(row).toContainText('已下载');

      // The server recorded the download (a second use of the link is refused: the server's tests).
      const again = await asMember<{ list: { jsonDownloadedAt: string | null }[] }>(page.request, me.token, '/member/user/dataCopy/list');
      expect(again.list[0]!.jsonDownloadedAt).not.toBeNull();

      await marketing.click();
      await expect(marketing).not.toBeChecked();
      await expect(card.getByTestId('marketing-changed')).toContainText('当前：已关闭');
      await expect(card.getByTestId('marketing-changed')).not.toContainText('注册时');
      await shotAround(page, card, `member-data-rights-consent-off-${width}`);

      await page.goto(`/activityGoodsDetail?activityId=${flash.activityId}&skuId=${flash.skuId}`);
      const off = page.getByTestId('activity-marketing-off');
      await expect(off).toContainText('您已关闭营销消息，不会收到开抢短信提醒');
      await expect(page.getByTestId('activity-action').first()).toContainText('提醒我');
      if (width === 375) await expectPageFitsScreen(page, '秒杀 goods with marketing off');
      await shotAround(page, off, `member-data-rights-remind-off-${width}`);

      await off.getByRole('link', { name: '去账户安全开启' }).click();
      await expect(page).toHaveURL(/\/user\/member\/settings$/);
      await page.getByTestId('privacy-card').getByRole('switch', { name: '接收营销消息' }).click();
      await expect(page.getByTestId('marketing-changed')).toContainText('当前：已开启');

      // 《隐私政策》 (linked from the card) lists the shop's parties as its settings have them: the demo's sandbox,
      // outbox and local disk stay inside the shop.
      await page.goto('/agreement/privacy');
      const facts = page.getByTestId('privacy-facts');
      await expect(facts.getByRole('heading', { name: '接收您个人信息的第三方' })).toBeVisible();
      await expect(facts).toContainText('沙箱收银台');
      await expect(facts).toContainText('个人信息副本');
      if (width === 375) await expectPageFitsScreen(page, '隐私政策');
      await shotAround(page, facts, `member-data-rights-privacy-policy-${width}`);
    });
  });
}
