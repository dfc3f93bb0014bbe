import { expect, test } from '@playwright/test';
import { DEMO, fillPasswordLogin, memberMenu, lastSmsCode, newMobile, shot, storedItem } from './support/mall.ts';
import { apiSignIn, signUpMember, type Member } from './support/member.ts';
import { openMemberSession } from './support/session.ts';
import { askForCode, fitsScreen, intervalLeft, sessionCode } from './support/sign-in-kit.ts';

/**
 * The sign-in screen and the session in the browser. Tests that are about what happens to a session
 * once it exists open it without the screen (openMemberSession); the rules of signing in (lockouts,
 * codes, tokens) are API tests in apps/server/src/modules/accounts.
 */

/**
 * The member who resets their password, signed up when the file starts and used by its last test: their
 * sign-up code holds the number's 60 s interval, which has mostly run out by then.
 */
let resetMember: Member & { at: number };
test.beforeAll(async ({ request }) => {
  resetMember = { ...(await signUpMember(request, 'r')), at: Date.now() };
});

test.describe('sign-in and the session', () => {
  test('password sign-in after a wrong password, remembered; restored on reload, cleared once the server ended it; logout', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('登录 - 优选商城');
    await expect(page.getByRole('tab', { name: '密码登录' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '短信登录' })).toBeVisible();
    await shot(page, 'login');

    // A wrong password shows the server's message and stays on /login.
    await fillPasswordLogin(page, DEMO.username, 'not-the-password');
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await fillPasswordLogin(page, DEMO.username, DEMO.password, true);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-member')).toBeVisible();
    expect(await storedItem(page, 'rememberedLogin')).toEqual({ username: 'demo', remember: true });
    await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
    expect(await storedItem(page, 'accessToken')).toBeTruthy();
    expect(await storedItem(page, 'refreshToken')).toBeTruthy();
    expect(await storedItem(page, 'visitorId')).toMatch(/^[0-9a-f]{32}$/);

    // The profile: avatar, nickname, username and the masked mobile.
    await page.getByTestId('header-member').click();
    await expect(page).toHaveURL(/\/user\/member\/profile$/);
    await expect(page).toHaveTitle('个人资料 - 优选商城');
    await expect(page.getByText('用户名', { exact: true })).toBeVisible();
    await expect(page.getByTestId('profile-mobile')).toHaveText(/^1\d{2}\*{4}\d{4}$/);
    await expect(memberMenu(page).getByRole('menuitem', { name: '我的订单' })).toBeVisible();
    await expect(memberMenu(page).getByRole('menuitem', { name: '订单详情' })).toHaveCount(0);
    await page.mouse.move(600, 700); // the header's account menu closes when the pointer leaves
    await expect(page.getByRole('list', { name: '账户菜单' })).toBeHidden();
    await shot(page, 'profile');

    // Start-up restore (spec §4): a reload with both tokens fetches the member again.
    await page.reload();
    await expect(page.getByTestId('header-member')).toBeVisible();
    await expect(page.getByTestId('profile-mobile')).toBeVisible();

    // Once the server has ended the session, the next start-up clears it quietly, without a dialog.
    const token = await storedItem(page, 'accessToken');
    await page.request.post('/member/user/auth/logout', { headers: { Authorization: token! } });
    await page.goto('/');
    await expect(page.getByRole('link', { name: '登录', exact: true })).toBeVisible();
    await expect(page.getByTestId('header-member')).toHaveCount(0);
    expect(await storedItem(page, 'accessToken')).toBeNull();
    expect(await storedItem(page, 'userInfo')).toBeNull();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // 记住我 kept the login in local storage: /login is pre-filled, also after a reload.
    await page.getByRole('link', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByPlaceholder('用户名 / 手机号')).toHaveValue('demo');
    await expect(
      page.getByRole('tabpanel', { name: '密码登录' }).getByRole('checkbox', { name: '记住我' }),
    ).toBeChecked();
    await page.reload();
    await expect(page.getByPlaceholder('用户名 / 手机号')).toHaveValue('demo');

    // Without 记住我 the record is dropped; 退出登录 goes to /login, clears the session, and the wrapper
    // then refuses the member area.
    await fillPasswordLogin(page, DEMO.username, DEMO.password, false);
    await expect(page.getByTestId('header-member')).toBeVisible();
    expect(await storedItem(page, 'rememberedLogin')).toBeNull();
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedItem(page, 'accessToken')).toBeNull();
    expect(await storedItem(page, 'refreshToken')).toBeNull();
    expect(await storedItem(page, 'userInfo')).toBeNull();
    await expect(page.getByPlaceholder('用户名 / 手机号')).toHaveValue('');
    await page.goto('/user/member/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fmember%2Fprofile$/);
  });

  test('a session in the browser: leaving a page while it fetches the member keeps it; once ended on the server, the next request asks to sign in', async ({
    page,
  }) => {
    await openMemberSession(page, DEMO);
    // Another page asked for while the first still fetches the member (CI caught a buyer signed out
    // this way): once before the first page's scripts run, once with its fetch of the member in flight.
    await page.goto('/user/member/points', { waitUntil: 'commit' });
    await page.goto('/user/order/myOrder');
    await expect(page.getByTestId('header-member'), 'left at once').toBeVisible();
    expect(await storedItem(page, 'accessToken'), 'left at once').toBeTruthy();

    let inFlight!: () => void;
    const fetching = new Promise<void>((resolve) => (inFlight = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route('**/member/user/user/current', async (route) => {
      if (held) return route.fallback();
      held = true;
      inFlight();
      await released;
      await route.continue().catch(() => {}); // the browser may have dropped it on leaving
    });
    await page.goto('/user/member/points', { waitUntil: 'commit' });
    await fetching;
    await page.goto('/user/order/myOrder');
    release();
    await expect(page.getByTestId('header-member'), 'left while fetching').toBeVisible();
    expect(await storedItem(page, 'accessToken'), 'left while fetching').toBeTruthy();

    // A revoked session answers 105: the 登录提示 dialog, 去登录 → /login.
    await page.unroute('**/member/user/user/current');
    await memberMenu(page).getByRole('menuitem', { name: '个人资料' }).click();
    await expect(page.getByTestId('profile-mobile')).toBeVisible();
    // The session ends on the server (as a logout elsewhere would) while the page still holds its tokens.
    const token = await storedItem(page, 'accessToken');
    const res = await page.request.post('/member/user/auth/logout', { headers: { Authorization: token! } });
    expect((await res.json()).code).toBe(0);

    // 账户安全 loads the member's sessions and security level: the first request after the logout.
    await memberMenu(page).getByRole('menuitem', { name: '账户安全' }).click();
    const dialog = page.getByRole('dialog', { name: '登录提示' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/需要登录/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: /取\s*消/ })).toBeVisible();
    await shot(page, 'login-prompt');
    await dialog.getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fmember%2Fsettings$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('SMS sign-up of a new number → /register → completed → /', async ({ page }) => {
    const mobile = newMobile();
    await page.goto('/login');
    await page.getByRole('tab', { name: '短信登录' }).click();
    await page.getByPlaceholder('手机号', { exact: true }).fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /^\d+ 秒后重新获取$/ })).toBeDisabled();
    await shot(page, 'login-sms');
    const code = await lastSmsCode(page.request, mobile);
    await page.getByPlaceholder('6 位验证码').fill(code);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '登录 / 注册' }).click();

    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: '完善账户信息' })).toBeVisible();
    // Spec §2: with an empty roles list every other route leads back to /register.
    await page.goto('/user/member/profile');
    await expect(page).toHaveURL(/\/register$/);
    await shot(page, 'register');

    // The username comes suggested (a free one from the mobile's tail); the buyer may choose another.
    await expect(page.getByLabel('用户名')).toHaveValue(new RegExp(`^buyer${mobile.slice(-4)}\\d*$`));
    const username = `u${mobile.slice(-8)}`;
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码', { exact: true }).fill('Spring#Blossom88');
    await page.getByLabel('昵称').fill('小明');
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '完成注册' }).click();

    // After registering, the member goes home (spec §2).
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-member')).toContainText('小明');
    await page.getByTestId('header-member').click();
    await expect(page).toHaveURL(/\/user\/member\/profile$/);
    await expect(page.getByText(username)).toBeVisible();
    await expect(page.getByTestId('profile-mobile')).toHaveText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    // Roles are no longer empty: /register leads home.
    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a visitor: /register leads home, a failed chunk load offers a reload, the wrapper sends them to /login?redirect= and back', async ({
    page,
  }) => {
    // Without a stored profile there is no account to complete.
    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);

    // A page whose code fails to load shows 页面加载失败 with a reload button.
    await page.route(/GoodsListPage-.*\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: '商品分类' }).click();
    await expect(page.getByText('页面加载失败')).toBeVisible();
    await page.unroute(/GoodsListPage-.*\.js$/);
    await page.getByRole('button', { name: '重新加载' }).click();
    await expect(page).toHaveURL(/\/goodsList$/);
    await expect(page).toHaveTitle('商品分类 - 优选商城');
    await expect(page.getByText('页面加载失败')).toHaveCount(0);

    await page.goto('/cart');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
    await fillPasswordLogin(page, DEMO.username, DEMO.password);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page).toHaveTitle('购物车 - 优选商城');
    await expect(page.getByTestId('header-member')).toBeVisible();

    // The last route of the spec's map is built now: the header's AI 助手 opens the assistant, no 即将上线
    // (its journey: assistant.spec.ts).
    await page.getByRole('banner').getByRole('link', { name: 'AI 助手' }).click();
    await expect(page).toHaveURL(/\/ai\/chat$/);
    await expect(page.getByRole('heading', { level: 1, name: /AI 购物助手/ })).toBeVisible();
    await expect(page.getByText('该功能即将上线')).toHaveCount(0);
  });
});

test.describe('silent refresh', () => {
  test.use({ baseURL: process.env.E2E_SHORT_TTL_URL ?? process.env.E2E_BASE_URL });

  test('an expired access token is refreshed silently mid-session', async ({ page }) => {
    test.skip(!process.env.E2E_SHORT_TTL_URL, 'needs the 5-second-token server of scripts/e2e.mjs');
    await openMemberSession(page, DEMO);
    await page.goto('/user/member/profile');
    await expect(page.getByTestId('profile-mobile')).toBeVisible();
    const before = await storedItem(page, 'accessToken');

    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/member/user/auth/refresh')) refreshes.push(r.url());
    });
    // Until the server says the page's access token has expired (104).
    await expect.poll(() => sessionCode(page.request, before!), { timeout: 15_000 }).toBe(104);
    await memberMenu(page).getByRole('menuitem', { name: '账户安全' }).click();
    // Wait for the settings screen itself: until its lazy chunk renders, the router keeps the profile
    // mounted, and going back to it would then fetch nothing.
    await expect(page.getByTestId('password-card')).toBeVisible();
    const current = page.waitForResponse(
      async (r) => r.url().endsWith('/member/user/user/current') && ((await r.json()) as { code: number }).code === 0,
    );
    await memberMenu(page).getByRole('menuitem', { name: '个人资料' }).click();
    await current;
    await expect(page.getByTestId('profile-mobile')).toBeVisible();
    await expect(page.getByTestId('header-member')).toBeVisible();
    expect(refreshes).toHaveLength(1);
    expect(await storedItem(page, 'accessToken')).not.toBe(before);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/user\/member\/profile$/);
  });
});

test.describe('忘记密码 (phone)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  // Last in the file, so that the sign-up code of its member has mostly aged past the 60 s interval.
  test('忘记密码 by a code to the bound mobile; the old sessions are over', async ({ page }) => {
    const member = resetMember;
    test.setTimeout(test.info().timeout + intervalLeft(member.at));
    const oldToken = await apiSignIn(page.request, member);
    await page.goto('/login');
    await page.getByRole('button', { name: '忘记密码？' }).click();
    const form = page.getByRole('form', { name: '找回密码' });
    await form.getByLabel('手机号').fill(member.mobile);
    await askForCode(
      form.getByRole('button', { name: '获取验证码' }),
      form.getByText('如该手机号已注册，验证码已发送，5 分钟内有效'),
      member.at,
    );
    await form.getByLabel('验证码').fill(await lastSmsCode(page.request, member.mobile));
    await form.getByLabel('新密码', { exact: true }).fill('password');
    await form.getByLabel('确认新密码').fill('password');
    await form.getByRole('button', { name: '重置密码' }).click();
    await expect(form.getByText('密码过于常见，容易被猜中，请换一个')).toBeVisible();
    await fitsScreen(page);
    await shot(page, 'signin-place-reset-phone');
    await form.getByLabel('新密码', { exact: true }).fill('Willow#River2026');
    await form.getByLabel('确认新密码').fill('Willow#River2026');
    await form.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('密码已重置，所有设备已退出登录，请使用新密码登录')).toBeVisible();

    expect(await sessionCode(page.request, oldToken)).toBe(105);
    await expect(page.getByPlaceholder('用户名 / 手机号')).toHaveValue(member.mobile);
    await page.getByPlaceholder('密码', { exact: true }).fill('Willow#River2026');
    await page
      .getByRole('tabpanel', { name: '密码登录' })
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await expect(page).toHaveURL('/');
    expect(await storedItem(page, 'accessToken')).toBeTruthy();
  });
});
