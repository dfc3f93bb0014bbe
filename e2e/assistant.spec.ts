import { expect, test, type Locator, type Page } from '@playwright/test';
import { plainGoods } from './support/distribution-kit.ts';
import { shot } from './support/mall.ts';
import { addAddress, newBuyer, receivedOrder } from './support/order-kit.ts';
import { bestSellerIds } from './support/member.ts';
import { expectPageFitsScreen } from './support/phone.ts';

/**
 * The shopping assistant (/ai/chat) as a buyer uses it, with the offline provider of a fresh server:
 * at 1440, 问问助手 from the search results → a phone under ¥3000 → goods cards stream in, each at most
 * ¥3000, with the label under the answer → 停止 keeps the answer stopped → 重新生成 answers again →
 * from a goods page, 加购物车 → a confirm card → 确认加入 puts it in the cart (and only then) → where
 * is my last order → the order card with its logistics and link. At 375 the one-column layout: the
 * sender whole at the bottom, cards within the screen, the sessions in a drawer (重命名). Signed out,
 * the route asks to sign in first. The rules (ownership, prices from the database, injections) are
 * held by the server's API tests; here only what the buyer does on screen.
 */

const fenOf = (text: string) => Math.round(Number(text.replace(/[¥,\s]/g, '')) * 100);

const sender = (page: Page) => page.getByPlaceholder(/问问购物助手/);
const answers = (page: Page) => page.getByTestId('assistant-answer');

async function ask(page: Page, question: string) {
  await sender(page).fill(question);
  await page.getByRole('button', { name: '发送' }).click();
}

/** The buyer's cart count over the API, with the page's own token. */
async function cartCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('member-accessToken') ?? 'null') as string;
    const res = await fetch('/member/trade/cart/count', { headers: { Authorization: token } });
    return ((await res.json()) as { data: { count: number } }).data.count;
  });
}

/** Every goods card of `answer` shows a price of at most `maxFen`. */
async function expectPricesAtMost(answer: Locator, maxFen: number) {
  const prices = await answer.getByTestId('assistant-goods-price').allTextContents();
  expect(prices.length).toBeGreaterThan(0);
  for (const p of prices) expect(fenOf(p), `price ${p}`).toBeLessThanOrEqual(maxFen);
}

test.describe('the shopping assistant', () => {
  test('1440: a phone under ¥3000 → cards stream in → stop and regenerate → add to cart after confirming → the last order', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const buyer = await newBuyer(page, 'ai');
    const addressId = await addAddress(page.request, buyer.token);
    const [best] = await bestSellerIds(page.request);
    const orderNo = await receivedOrder(page.request, buyer.token, best!, addressId);
    const [single] = await plainGoods(page.request, 1, 1);

    // 问问助手 on the search results opens the assistant about those words.
    await page.goto('/goodsList?keyword=手机');
    await page.getByTestId('ask-assistant').click();
    await expect(page).toHaveURL(/\/ai\/chat\?session=/);
    await expect(page.getByRole('heading', { level: 1, name: /AI 购物助手/ })).toBeVisible();
    await expect(page.getByTestId('assistant-suggestion').first()).toBeVisible();

    await ask(page, '三千以内的手机');
    const first = answers(page).first();
    await expect(first.getByTestId('assistant-goods').first()).toBeVisible();
    await expectPricesAtMost(first, 300000);
    await expect(page.getByTestId('assistant-label').first()).toHaveText(/内容由(系统根据商品数据|\s?AI\s?)生成/);
    await expect(page.getByRole('button', { name: /停止/ })).toHaveCount(0);
    await shot(page, 'assistant-1440');

    // 停止: the next question is held at the door until 停止 is pressed, so the press always lands
    // while the answer is under way; the answer stays, marked stopped.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/member/assistant/agent/chat', async (route) => {
      await held;
      await route.continue();
    }, { times: 1 });
    await ask(page, '推荐一款三千以内的手机');
    await page.getByRole('button', { name: /停止/ }).click();
    release();
    const second = answers(page).nth(1);
    await expect(second).toContainText('已停止生成');
    await expect(page.getByRole('button', { name: /停止/ })).toHaveCount(0);

    // 重新生成 answers the same question again in its place, with goods.
    const regenerate = page.getByRole('button', { name: '重新生成' }).nth(1);
    await expect(regenerate).toBeEnabled();
    await regenerate.click();
    await expect(second.getByTestId('assistant-goods').first()).toBeVisible();
    await expect(second).not.toContainText('已停止生成');
    await expectPricesAtMost(second, 300000);
    await expect(answers(page)).toHaveCount(2);

    // From a goods page: 加购物车 → a confirm card; the cart changes only on 确认加入.
    const before = await cartCount(page);
    await page.goto(`/goodsDetail?id=${single!.id}`);
    await page.getByTestId('ask-assistant').click();
    await expect(page).toHaveURL(/\/ai\/chat\?session=/);
    await ask(page, '加购物车');
    const confirm = page.getByTestId('assistant-confirm');
    await expect(confirm).toContainText(single!.name);
    expect(await cartCount(page)).toBe(before);
    await confirm.getByRole('button', { name: '确认加入' }).click();
    await expect(confirm.getByRole('link', { name: '去购物车' })).toBeVisible();
    await expect.poll(() => cartCount(page)).toBe(before + 1);

    // Where is my last order: the order card, its status, logistics and link.
    await ask(page, '我最近的订单到哪了');
    const order = page.getByTestId('assistant-order').first();
    await expect(order).toContainText(orderNo);
    await expect(order.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', `/user/order/orderDetail/${orderNo}`);

    // The 👍 is kept with the answer: it shows pressed after a reload.
    const like = page.getByRole('button', { name: '有帮助' }).last();
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByTestId('assistant-order').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '有帮助' }).last()).toHaveAttribute('aria-pressed', 'true');
  });

  test('375: one column, the sender whole at the bottom, cards within the screen, sessions in a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await newBuyer(page, 'aip');
    await page.goto('/ai/chat');
    await expect(page.getByRole('heading', { level: 1, name: /AI 购物助手/ })).toBeVisible();
    await expect(sender(page)).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('navigation', { name: '底部导航' })).toHaveCount(0);

    await ask(page, '三千以内的手机');
    await expect(answers(page).first().getByTestId('assistant-goods').first()).toBeVisible();
    await expect(page.getByTestId('assistant-label').first()).toBeVisible();
    await expectPricesAtMost(answers(page).first(), 300000);
    await expect(sender(page)).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: '发送' })).toBeInViewport({ ratio: 1 });
    await expectPageFitsScreen(page, 'the assistant');
    await shot(page, 'assistant-375');

    // The sessions live in a drawer: the new session is there, and 重命名 renames it.
    await page.getByRole('button', { name: '对话列表' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '我的对话' });
    await expect(drawer.getByTestId('assistant-session')).toHaveCount(1);
    await drawer.getByRole('button', { name: /^更多操作/ }).click();
    await page.getByRole('menuitem', { name: /重命名/ }).click();
    const title = page.getByRole('textbox', { name: '对话名称' });
    await title.fill('手机预算');
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await expect(drawer.getByTestId('assistant-session')).toHaveText('手机预算');
    await shot(page, 'assistant-375-sessions');
  });

  test('signed out, the assistant asks to sign in first and keeps the goods it was opened about', async ({ page }) => {
    const [best] = await bestSellerIds(page.request);
    await page.goto(`/goodsDetail?id=${best}`);
    await page.getByTestId('ask-assistant').click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/ai/chat?goodsId=${best}`);
  });
});
