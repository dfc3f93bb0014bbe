import { expect, test } from '@playwright/test';
import { lastSmsCode, memberMenu, newMobile, shot } from './support/mall.ts';
import {
  apiSignIn,
  type Member,
  bestSellerIds,
  callAsPage,
  idCheckChar,
  signUpMember,
  squarePng,
} from './support/member.ts';
import { openMemberSession, signInOverApi } from './support/session.ts';
import { askForCode, intervalLeft, sessionCode } from './support/sign-in-kit.ts';

/**
 * The member area as a member uses it: profile, 账户安全 (sessions, password, mobile), 我的足迹 and 我的收藏,
 * 实名信息. Each test opens a new member's session without the sign-in screen (auth.spec.ts drives that);
 * the rules behind each screen (who may do what, limits, what ends which session) are API tests in
 * apps/server/src/modules/member, accounts, engagement and realname.
 */

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

test.describe('member area', () => {
  /**
   * The member of the settings journey, signed up first and used last: a number gets one code per
   * 60 s, and the sign-up code must be that old before the password card can ask for another.
   */
  let smsMember: Member & { at: number };
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({
      baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    });
    smsMember = { ...(await signUpMember(request, 'k')), at: Date.now() };
    await request.dispose();
  });

  test('profile: nickname, gender and birthday saved and shown in the header at once; avatar cropped and uploaded', async ({
    page,
  }) => {
    const member = await signUpMember(page.request, 'p');
    await openMemberSession(page, member);
    await page.goto('/user/member/profile');
    await expect(page.getByTestId('profile-mobile')).toHaveText(masked(member.mobile));

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

  test('goods kept: viewed and favourited from the detail page, then found in 我的足迹 and 我的收藏 and removed there', async ({
    page,
  }) => {
    const member = await signUpMember(page.request, 'f');
    const { accessToken } = await openMemberSession(page, member);
    await page.goto('/user/member/mytracks');
    await expect(page.getByText('暂无浏览记录')).toBeVisible();
    await shot(page, 'member-mytracks-empty');
    await memberMenu(page).getByRole('menuitem', { name: '我的收藏' }).click();
    await expect(page.getByText('还没有收藏的商品')).toBeVisible();
    await shot(page, 'member-favorites-empty');

    // One goods viewed earlier (as set-up: its detail fetched with the member's token), one viewed now and
    // favourited on its page; two more favourites as set-up.
    const [a, b, c] = await bestSellerIds(page.request);
    const viewed = await page.request.get(`/member/goods/goods/detail/${a}`, {
      headers: { Authorization: accessToken },
    });
    expect(viewed.ok()).toBe(true);
    await page.goto(`/goodsDetail?id=${b}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByTestId('favorite-toggle').click();
    await expect(page.getByTestId('favorite-toggle')).toHaveText('已收藏');
    for (const goodsId of [a, c]) {
      const added = await callAsPage(page, '/member/goods/favorite/add', { goodsId });
      expect(added.code, added.message).toBe(0);
    }

    // 我的足迹: both under 今天, newest first, with the price of today.
    await page.goto('/user/member/mytracks');
    const today = page.getByTestId('tracks-day').first();
    await expect(today.getByTestId('tracks-day-label')).toHaveText('今天');
    await expect(today.getByTestId('track-item')).toHaveCount(2);
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

    // 我的收藏: all three, with their prices.
    await memberMenu(page).getByRole('menuitem', { name: '我的收藏' }).click();
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
    await openMemberSession(page, member);
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

  // Last in the file, so that the sign-up code of its member has mostly aged past the number's 60 s interval
  // by the time the SMS step asks for a code.
  test('settings: devices signed out one by one and all at once; the password changed by an SMS code and by the old one; the mobile changed', async ({
    page,
  }) => {
    const member = smsMember;
    test.setTimeout(test.info().timeout + intervalLeft(member.at));
    const holder = await signUpMember(page.request, 'h');
    await openMemberSession(page, member);
    const phone = await apiSignIn(page.request, member);
    const laptop = await apiSignIn(page.request, member);
    await page.goto('/user/member/settings');
    await expect(page.getByTestId('security-level-text')).toHaveText('中');
    await expect(page.getByTestId('security-level')).toContainText('添加实名信息');

    // 登录设备: each session with its device, times and masked address.
    const rows = page.getByTestId('sessions-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: '当前设备' })).toHaveCount(1);
    await expect(rows.first()).toContainText('电脑浏览器');
    await expect(rows.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(rows.first()).toContainText('127.0.*.*');
    await shot(page, 'member-sessions');

    // 退出 on one other device's row: that device's session ends, the other stays.
    await rows
      .filter({ hasNotText: '当前设备' })
      .first()
      .getByRole('button', { name: /^退\s*出$/ })
      .click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /^退\s*出$/ })
      .click();
    await expect(page.getByText('该设备已退出登录')).toBeVisible();
    await expect(rows).toHaveCount(2);
    expect([await sessionCode(page.request, phone), await sessionCode(page.request, laptop)].sort()).toEqual([0, 105]);

    // 退出其他设备: every session but this one ends.
    await page.getByRole('button', { name: '退出其他设备' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '全部退出' }).click();
    await expect(rows).toHaveCount(1);
    expect([await sessionCode(page.request, phone), await sessionCode(page.request, laptop)]).toEqual([105, 105]);

    // The password by an SMS code to the bound mobile, with the resend countdown.
    const card = page.getByTestId('password-card');
    await card.getByRole('tab', { name: '短信验证码验证' }).click();
    await expect(card.getByTestId('bound-mobile')).toHaveText(masked(member.mobile));
    const countdown = card.getByRole('button', { name: /^\d+ 秒后重新获取$/ });
    await askForCode(card.getByRole('button', { name: '获取验证码' }), countdown, member.at);
    await expect(countdown).toBeDisabled();
    await card.getByPlaceholder('6 位验证码').fill(await lastSmsCode(page.request, member.mobile));
    await card.getByLabel('新密码', { exact: true }).fill('Willow#River2028');
    await card.getByLabel('确认新密码').fill('Willow#River2028');
    await card.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByTestId('password-done')).toContainText('密码已修改，其他设备已退出登录');
    await shot(page, 'member-password-changed');

    // The password by the old one (the new password signs a tablet in): that device is signed out at once.
    const tablet = await apiSignIn(page.request, { username: member.username, password: 'Willow#River2028' });
    await page.reload();
    await expect(rows).toHaveCount(2);
    await shot(page, 'member-settings');
    await card.getByRole('tab', { name: '原密码验证' }).click();
    await card.getByLabel('原密码', { exact: true }).fill('Willow#River2028');
    await card.getByLabel('新密码', { exact: true }).fill('Maple#Harbor2027');
    await card.getByLabel('确认新密码').fill('Maple#Harbor2027');
    await card.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByTestId('password-done')).toContainText('其他 1 个设备已退出登录');
    expect(await sessionCode(page.request, tablet)).toBe(105);
    await expect(rows).toHaveCount(1);
    // The new password signs in (the sign-in screen itself is auth.spec.ts's).
    await signInOverApi(page.request, { username: member.username, password: 'Maple#Harbor2027' });

    // The mobile, after re-authenticating; a number another member holds is refused.
    await page.getByTestId('mobile-card').getByRole('button', { name: '更换手机号' }).click();
    const dialog = page.getByRole('dialog', { name: '更换绑定手机' });
    await dialog.getByLabel('登录密码', { exact: true }).fill('wrong-password-1');
    await dialog.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('当前密码错误')).toBeVisible();
    await dialog.getByLabel('登录密码', { exact: true }).fill('Maple#Harbor2027');
    await dialog.getByRole('button', { name: '下一步' }).click();

    await dialog.getByLabel('新手机号').fill(holder.mobile);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByText('该手机号已被其他账号绑定')).toBeVisible();
    await shot(page, 'member-mobile-taken');

    const fresh = newMobile();
    await dialog.getByLabel('新手机号').fill(fresh);
    // The open dialog and what was typed survive the window crossing the phone width and back.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(memberMenu(page)).toHaveCount(0);
    await page.setViewportSize(wide);
    await expect(memberMenu(page)).toBeVisible();
    await expect(dialog.getByLabel('新手机号')).toHaveValue(fresh);

    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByRole('button', { name: /^\d+ 秒后重新获取$/ })).toBeDisabled();
    await dialog.getByPlaceholder('6 位验证码').fill(await lastSmsCode(page.request, fresh));
    await dialog.getByRole('button', { name: '确认更换' }).click();
    await expect(dialog.getByText(`现在绑定的手机号是 ${masked(fresh)}`)).toBeVisible();
    await shot(page, 'member-mobile-changed');
    await dialog.getByRole('button', { name: /^完\s*成$/ }).click();
    await expect(page.getByTestId('settings-mobile')).toHaveText(masked(fresh));
  });
});
