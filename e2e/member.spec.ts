import { expect, test } from '@playwright/test';
import { lastSmsCode, memberMenu, newMobile, shot } from './support/mall.ts';
import {
  apiSignIn,
  type Member,
  bestSellerIds,
  callAsPage,
  idCheckChar,
  signInAs,
  signUpMember,
  squarePng,
} from './support/member.ts';

test.describe('member area', () => {
  /**
   * The member of the SMS password test, made first: a number gets one code per 60 s, and the
   * sign-up code must be that old before the test can ask for another.
   */
  let smsMember: Promise<Member & { at: number }>;
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({
      baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    });
    smsMember = signUpMember(request, 'k').then((m) => ({ ...m, at: Date.now() }));
    await smsMember;
    await request.dispose();
  });

  test('profile: nickname, gender and birthday saved and shown in the header at once; avatar cropped and uploaded', async ({
    page,
  }) => {
    const member = await signUpMember(page.request, 'p');
    await signInAs(page, member);
    await page.getByTestId('header-member').click();
    await expect(page).toHaveURL(/\/user\/member\/profile$/);
    await expect(page.getByTestId('profile-mobile')).toHaveText(
      `${member.mobile.slice(0, 3)}****${member.mobile.slice(-4)}`,
    );

    await page.getByLabel('昵称').fill('春日小满');
    await page.getByLabel('女').check();
    await page.getByLabel('生日').click();
    await page.getByLabel('生日').fill('1992-05-20');
    await page.getByLabel('生日').press('Tab');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('资料已保存')).toBeVisible();
    // The header shows the new nickname without a reload.
    await expect(page.getByTestId('header-member')).toContainText('春日小满');

    // A future birthday cannot be picked.
    await page.getByLabel('生日').click();
    const tomorrow = new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('生日').fill(tomorrow);
    await page.getByLabel('生日').press('Escape');
    await expect(page.getByLabel('生日')).toHaveValue('1992-05-20');

    // A wrong kind of file is refused in the browser, before any cropping.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('仅支持 JPEG、PNG、WebP 格式的图片')).toBeVisible();
    await expect(page.getByRole('dialog', { name: '裁剪头像' })).toHaveCount(0);

    // A square PNG: cropped in the dialog, uploaded, shown in the header at once.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: squarePng(96) });
    const crop = page.getByRole('dialog', { name: '裁剪头像' });
    await expect(crop).toBeVisible();
    await expect(crop.locator('img')).toBeVisible();
    await shot(page, 'member-avatar-crop');
    await crop.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('头像已更新')).toBeVisible();
    await expect(page.getByTestId('header-member').locator('img')).toHaveAttribute(
      'src',
      /\/static\/uploads\/avatars\/[0-9a-f]{32}\.png$/,
    );
    const src = await page.getByTestId('profile-avatar').locator('img').getAttribute('src');
    const picture = await page.request.get(src!);
    expect(picture.headers()['content-type']).toBe('image/png');

    // Kept by the server: a reload shows the same values.
    await page.reload();
    await expect(page.getByLabel('昵称')).toHaveValue('春日小满');
    await expect(page.getByLabel('女')).toBeChecked();
    await expect(page.getByLabel('生日')).toHaveValue('1992-05-20');
    await expect(page.getByTestId('header-member')).toContainText('春日小满');
    await page.mouse.move(700, 700);
    await shot(page, 'member-profile');
  });

  test('settings: change the password by the old one; other devices are signed out', async ({ page }) => {
    const member = await signUpMember(page.request, 'w');
    await signInAs(page, member);
    const elsewhere = await apiSignIn(page.request, member);
    await page.goto('/user/member/settings');
    await expect(page.getByTestId('security-level-text')).toHaveText('中');
    await expect(page.getByTestId('security-level')).toContainText('添加实名信息');
    await expect(page.getByTestId('sessions-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
    await shot(page, 'member-settings');

    const card = page.getByTestId('password-card');
    await card.getByLabel('原密码', { exact: true }).fill(member.password);
    await card.getByLabel('新密码', { exact: true }).fill('Maple#Harbor2027');
    await card.getByLabel('确认新密码').fill('Maple#Harbor2027');
    await card.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByTestId('password-done')).toContainText('其他 1 个设备已退出登录');
    // The other session ended at once.
    const other = (await (
      await page.request.get('/member/user/user/current', { headers: { Authorization: elsewhere } })
    ).json()) as { code: number };
    expect(other.code).toBe(105);
    await expect(page.getByTestId('sessions-table').locator('tbody tr.ant-table-row')).toHaveCount(1);

    // Sign out and in again with the new password.
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInAs(page, { username: member.username, password: 'Maple#Harbor2027' });
  });

  test('settings: change the mobile after re-authenticating; a number another member holds is refused', async ({
    page,
  }) => {
    test.slow(); // two members signed up and two SMS rounds: past 45 s on a loaded 2-core CI machine
    const member = await signUpMember(page.request, 'c');
    const holder = await signUpMember(page.request, 'h');
    await signInAs(page, member);
    await page.goto('/user/member/settings');
    await page.getByTestId('mobile-card').getByRole('button', { name: '更换手机号' }).click();
    const dialog = page.getByRole('dialog', { name: '更换绑定手机' });
    await dialog.getByLabel('登录密码', { exact: true }).fill('wrong-password-1');
    await dialog.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('当前密码错误')).toBeVisible();
    await dialog.getByLabel('登录密码', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: '下一步' }).click();

    await dialog.getByLabel('新手机号').fill(holder.mobile);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByText('该手机号已被其他账号绑定')).toBeVisible();
    await shot(page, 'member-mobile-taken');

    const fresh = newMobile();
    await dialog.getByLabel('新手机号').fill(fresh);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByRole('button', { name: /^\d+ 秒后重新获取$/ })).toBeDisabled();
    await dialog.getByPlaceholder('6 位验证码').fill(await lastSmsCode(page.request, fresh));
    await dialog.getByRole('button', { name: '确认更换' }).click();
    const masked = `${fresh.slice(0, 3)}****${fresh.slice(-4)}`;
    await expect(dialog.getByText(`现在绑定的手机号是 ${masked}`)).toBeVisible();
    await shot(page, 'member-mobile-changed');
    await dialog.getByRole('button', { name: /^完\s*成$/ }).click();
    await expect(page.getByTestId('settings-mobile')).toHaveText(masked);
  });

  test('settings: an open dialog and what was typed survive the window crossing the phone width and back', async ({
    page,
  }) => {
    const member = await signUpMember(page.request, 'w');
    await signInAs(page, member);
    await page.goto('/user/member/settings');
    await page.getByTestId('mobile-card').getByRole('button', { name: '更换手机号' }).click();
    const dialog = page.getByRole('dialog', { name: '更换绑定手机' });
    await dialog.getByLabel('登录密码', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: '下一步' }).click();
    await dialog.getByLabel('新手机号').fill('13800000000');
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(memberMenu(page)).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(memberMenu(page)).toBeVisible();
    await expect(dialog.getByLabel('新手机号')).toHaveValue('13800000000');
  });

  test('sessions: a second device is listed, 退出 signs it out and its next action asks to sign in', async ({
    page,
    browser,
  }) => {
    test.slow(); // a second browser and three sign-ins: past 45 s on a loaded 2-core CI machine
    const member = await signUpMember(page.request, 's');
    await signInAs(page, member);
    const second = await browser.newContext();
    const other = await second.newPage();
    await signInAs(other, member);
    await other.goto('/user/member/profile');
    await expect(other.getByTestId('profile-mobile')).toBeVisible();

    await page.goto('/user/member/settings');
    const rows = page.getByTestId('sessions-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: '当前设备' })).toHaveCount(1);
    await expect(rows.first()).toContainText('电脑浏览器');
    await expect(rows.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(rows.first()).toContainText('127.0.*.*');
    await shot(page, 'member-sessions');

    await rows
      .filter({ hasNotText: '当前设备' })
      .getByRole('button', { name: /^退\s*出$/ })
      .click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /^退\s*出$/ })
      .click();
    await expect(page.getByText('该设备已退出登录')).toBeVisible();
    await expect(rows).toHaveCount(1);

    await memberMenu(other).getByRole('menuitem', { name: '账户安全' }).click();
    await expect(other.getByRole('dialog', { name: '登录提示' })).toBeVisible();
    await second.close();

    // 退出其他设备: every session but this one ends.
    const third = await apiSignIn(page.request, member);
    await page.reload();
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: '退出其他设备' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '全部退出' }).click();
    await expect(rows).toHaveCount(1);
    const answer = (await (
      await page.request.get('/member/user/user/current', { headers: { Authorization: third } })
    ).json()) as { code: number };
    expect(answer.code).toBe(105);
  });

  test('mytracks: two goods viewed today are listed under 今天; delete one in select mode, then clear all', async ({
    page,
  }) => {
    const member = await signUpMember(page.request, 't');
    await signInAs(page, member);
    await page.goto('/user/member/mytracks');
    await expect(page.getByText('暂无浏览记录')).toBeVisible();
    await shot(page, 'member-mytracks-empty');

    const [a, b] = await bestSellerIds(page.request);
    for (const id of [a!, b!]) {
      await page.goto(`/goodsDetail?id=${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.goto('/user/member/mytracks');
    const today = page.getByTestId('tracks-day').first();
    await expect(today.getByTestId('tracks-day-label')).toHaveText('今天');
    await expect(today.getByTestId('track-item')).toHaveCount(2);
    // Newest first, with the price of today.
    await expect(today.getByTestId('track-item').first()).toHaveAttribute('data-goods-id', String(b));
    await expect(today.getByTestId('tile-price').first()).toHaveText(/^¥\d+\.\d{2}$/);
    await shot(page, 'member-mytracks');

    // A card leads to its detail page.
    await today.getByTestId('track-item').first().click();
    await expect(page).toHaveURL(new RegExp(`/goodsDetail\\?id=${b}$`));
    await page.goBack();

    await page.getByRole('button', { name: /^管\s*理$/ }).click();
    await page.getByTestId('track-item').first().click();
    await expect(page.getByText('已选 1 条')).toBeVisible();
    await shot(page, 'member-mytracks-select');
    await page.getByRole('button', { name: '删除所选' }).click();
    await expect(page.getByText('已删除 1 条浏览记录')).toBeVisible();
    await expect(page.getByTestId('track-item')).toHaveCount(1);
    await expect(page.getByTestId('track-item')).toHaveAttribute('data-goods-id', String(a));

    await page.getByRole('button', { name: /清\s*空/ }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /清\s*空/ })
      .click();
    await expect(page.getByText('暂无浏览记录')).toBeVisible();
    await expect(page.getByRole('button', { name: '去逛逛' })).toBeVisible();
  });

  test('favorites: favourite from the detail page, listed with its price, removed one by one and in batch', async ({
    page,
  }) => {
    const member = await signUpMember(page.request, 'f');
    await signInAs(page, member);
    await page.goto('/user/member/favorites');
    await expect(page.getByText('还没有收藏的商品')).toBeVisible();
    await shot(page, 'member-favorites-empty');

    const [a, b, c] = await bestSellerIds(page.request);
    for (const id of [a!, b!, c!]) {
      await page.goto(`/goodsDetail?id=${id}`);
      await page.getByTestId('favorite-toggle').click();
      await expect(page.getByTestId('favorite-toggle')).toHaveText('已收藏');
    }
    await page.goto('/user/member/favorites');
    const items = page.getByTestId('favorite-item');
    await expect(items).toHaveCount(3);
    await expect(page.getByTestId('favorites-total')).toHaveText('共 3 件商品');
    await expect(items.first().getByTestId('tile-price')).toHaveText(/^¥\d+\.\d{2}$/);
    await shot(page, 'member-favorites');

    // One by one: the card's own 取消收藏.
    await items.first().hover();
    await items.first().getByRole('button', { name: '取消收藏' }).click();
    await expect(items).toHaveCount(2);

    // To its detail page and back.
    await items.first().click();
    await expect(page).toHaveURL(/\/goodsDetail\?id=\d+$/);
    await expect(page.getByTestId('favorite-toggle')).toHaveText('已收藏');
    await page.goBack();

    await page.getByRole('button', { name: '批量管理' }).click();
    await page.getByRole('checkbox', { name: '全选本页' }).check();
    await expect(page.getByText('已选 2 件')).toBeVisible();
    await page.getByRole('button', { name: '取消收藏' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '取消收藏' }).click();
    await expect(page.getByText('还没有收藏的商品')).toBeVisible();
    await page.getByRole('button', { name: '去逛逛' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('realNameDatabase: a wrong check character is refused at once; a valid number is saved and shown masked; at most 5', async ({
    page,
  }) => {
    const member = await signUpMember(page.request, 'r');
    await signInAs(page, member);
    await page.goto('/user/member/realNameDatabase');
    await expect(page.getByText('还没有实名信息')).toBeVisible();
    await expect(page.getByText(/跨境商品以订购人本人的名义申报清关/)).toBeVisible();
    await shot(page, 'member-realname-empty');

    await page.getByRole('button', { name: '添加实名信息' }).first().click();
    const dialog = page.getByRole('dialog', { name: '添加实名信息' });
    await dialog.getByLabel('真实姓名').fill('张三');
    const body = '11010519491231002';
    const right = idCheckChar(body);
    const wrong = right === '1' ? '2' : '1';
    await dialog.getByLabel('身份证号码').fill(body + wrong);
    await expect(dialog.getByText('身份证号码校验位不正确，请核对')).toBeVisible();
    await shot(page, 'member-realname-form');
    // A lowercase x is read as X.
    await dialog.getByLabel('身份证号码').fill(body + right.toLowerCase());
    await expect(dialog.getByLabel('身份证号码')).toHaveValue(body + right);
    await expect(dialog.getByText('身份证号码校验位不正确，请核对')).toHaveCount(0);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toHaveCount(0);

    const items = page.getByTestId('realname-item');
    await expect(items).toHaveCount(1);
    await expect(items.first().getByTestId('realname-name')).toHaveText('张三');
    await expect(items.first().getByTestId('realname-number')).toHaveText(`1${'*'.repeat(16)}${right}`);
    await expect(items.first().getByText('默认')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(body);

    // Four more (set up over the API), then the add button is disabled with a note.
    for (const n of ['11010519800101001', '11010519800101002', '11010519800101003', '11010519800101004']) {
      const r = await callAsPage(page, '/member/user/realName/add', { name: '李四', idNumber: n + idCheckChar(n) });
      expect(r.code, r.message).toBe(0);
    }
    await page.reload();
    await expect(items).toHaveCount(5);
    await expect(page.getByRole('button', { name: '添加实名信息' })).toBeDisabled();
    await expect(page.getByTestId('realname-count')).toHaveText('已达上限 5 条，请先删除不用的');

    // Set another default, then delete it.
    await items.nth(1).getByRole('button', { name: '设为默认' }).click();
    await expect(page.getByText('已设为默认')).toBeVisible();
    await expect(
      page.getByTestId('realname-item').filter({ hasText: '默认' }).filter({ hasNotText: '设为默认' }),
    ).toHaveCount(1);
    await shot(page, 'member-realname');
    await items
      .nth(4)
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(items).toHaveCount(4);
    await expect(page.getByRole('button', { name: '添加实名信息' })).toBeEnabled();
  });

  test('settings: change the password by an SMS code to the bound mobile, with the resend countdown', async ({
    page,
  }) => {
    const member = await smsMember;
    const wait = member.at + 61_000 - Date.now();
    test.setTimeout(45_000 + Math.max(0, wait));
    await signInAs(page, member);
    await page.goto('/user/member/settings');
    const card = page.getByTestId('password-card');
    await card.getByRole('tab', { name: '短信验证码验证' }).click();
    await expect(card.getByTestId('bound-mobile')).toHaveText(
      `${member.mobile.slice(0, 3)}****${member.mobile.slice(-4)}`,
    );
    if (wait > 0) await page.waitForTimeout(wait);
    await card.getByRole('button', { name: '获取验证码' }).click();
    await expect(card.getByRole('button', { name: /^\d+ 秒后重新获取$/ })).toBeDisabled();
    const code = await lastSmsCode(page.request, member.mobile);
    await card.getByPlaceholder('6 位验证码').fill(code);
    await card.getByLabel('新密码', { exact: true }).fill('Willow#River2028');
    await card.getByLabel('确认新密码').fill('Willow#River2028');
    await card.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByTestId('password-done')).toContainText('其他设备已退出登录');
    await shot(page, 'member-password-changed');

    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInAs(page, { username: member.username, password: 'Willow#River2028' });
  });
});
