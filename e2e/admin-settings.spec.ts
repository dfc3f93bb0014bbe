import { expect, test, type Page } from '@playwright/test';
import { consoleMenu as menu, ops } from './support/console.ts';
import { DEMO, shot } from './support/mall.ts';
import { squarePng } from './support/member.ts';
import { openConsoleSession } from './support/console-session-kit.ts';

/**
 * 站点设置, 会员, 运营人员/角色 and 操作日志 in the console. The demo operator uploads a PNG as the
 * buyer's favicon, makes the old home the default and edits the user agreement, and a buyer's page
 * follows; bad values are refused beside their fields; the audit log lists the change before → after.
 * A new 客服 colleague signs in with the one-time password, must change it, and then neither sees nor
 * opens 站点设置. The demo operator's own session is laid without the sign-in screen (admin-shell.spec.ts
 * drives it). That the server itself refuses 站点设置 to a 客服 is checked over HTTP in
 * apps/server/src/modules/site/ops-settings.test.ts. Screenshots of each screen at 1440 px.
 */

test.use({ viewport: { width: 1440, height: 900 }, actionTimeout: 15_000 });

/** antd puts a space between two Chinese characters of a button: 保存 reads 保 存. */
const two = (text: string) => new RegExp(`^${text[0]}\\s*${text[1]}$`);

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

test('站点设置: the favicon by upload, the default home and the agreement reach the buyer; bad values refused; the audit log', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openConsoleSession(page);
  await page.goto('/admin/settings');
  const iconCard = page.getByTestId('buyer-icon-card');
  await expect(iconCard.getByText('默认图标')).toBeVisible();
  await shot(page, 'admin-settings');

  // ---- upload a PNG as the buyer's favicon ----
  await iconCard.locator('input[type=file]').setInputFiles({
    name: 'favicon.png',
    mimeType: 'image/png',
    buffer: squarePng(64),
  });
  await expect(page.getByText('浏览器图标已更新')).toBeVisible();
  await expect(iconCard.getByText('已自定义')).toBeVisible();
  const iconUrl = (await iconCard.getByTestId('buyer-icon-preview').getAttribute('src'))!;
  expect(iconUrl).toMatch(/^\/static\/uploads\/site\/[0-9a-f]{32}\.png$/);
  await shot(page, 'admin-settings-icon');

  // ---- bad values are refused beside the field, and nothing changes ----
  const trade = page.getByTestId('trade-card');
  await trade.getByLabel('付款时限').fill('0');
  await trade.getByRole('button', { name: two('保存') }).click();
  await expect(trade.getByText('付款时限为 1–1440 分钟的整数')).toBeVisible();
  await trade.getByRole('button', { name: '撤销修改' }).click();

  // 秒杀设置: the pay window and the 提醒我 lead time.
  const flash = page.getByTestId('flash-sale-card');
  const pay = flash.getByLabel('秒杀付款时限（分钟）');
  await expect(pay).toHaveValue('15');
  await expect(flash.getByLabel('开抢提醒（分钟）')).toHaveValue('5');
  await pay.fill('121');
  await flash.getByRole('button', { name: two('保存') }).click();
  await expect(flash.getByText('秒杀付款时限为 1–120 分钟的整数')).toBeVisible();
  await pay.fill('10');
  await flash.getByRole('button', { name: two('保存') }).click();
  await expect(page.getByText('设置已保存')).toBeVisible();
  await expect(flash.getByRole('button', { name: two('保存') })).toBeDisabled();
  await flash.scrollIntoViewIfNeeded();
  await shot(page, 'admin-settings-flash-sale');

  // 默认首页 旧版 (saved: nothing left to save on its card).
  const home = page.getByTestId('home-card');
  await home.getByText('旧版首页').click();
  await home.getByRole('button', { name: two('保存') }).click();
  await expect(home.getByRole('button', { name: two('保存') })).toBeDisabled();

  // 用户协议: markup is refused beside the field; plain text is saved.
  const agreements = page.getByTestId('agreements-card');
  const userAgreement = agreements.getByLabel('用户协议', { exact: true });
  await userAgreement.fill(`<b>加粗</b>${'协议条款内容'.repeat(5)}`);
  await agreements.getByRole('button', { name: two('保存') }).click();
  await expect(agreements.getByText('用户协议请使用纯文本，不能包含 HTML 标签（用空行分段）')).toBeVisible();
  await userAgreement.fill('第一条 本协议由优选商城与您订立，请仔细阅读。\n\n第二条 运营人员在控制台修改的协议文本。');
  await agreements.getByRole('button', { name: two('保存') }).click();
  await expect(agreements.getByRole('button', { name: two('保存') })).toBeDisabled();
  await shot(page, 'admin-settings-agreements');

  // ---- a buyer who never chose a home: the old home, with the new favicon (served as a PNG); the agreement ----
  const buyer = await page.context().newPage();
  await buyer.goto('/');
  await expect(buyer).toHaveURL(/\/old-home$/);
  await expect(buyer.locator('link[rel="icon"]')).toHaveAttribute('href', iconUrl);
  const served = await buyer.request.get(iconUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  await buyer.goto('/agreement/user');
  await expect(buyer.getByRole('heading', { name: '用户协议' })).toBeVisible();
  await expect(buyer.getByText('第二条 运营人员在控制台修改的协议文本。')).toBeVisible();
  await buyer.close();

  // ---- saved on the server: a reload shows them; then the shared server gets its defaults back ----
  await page.reload();
  await expect(pay).toHaveValue('10');
  await expect(home.getByRole('radio', { name: '旧版首页' })).toBeChecked();
  for (const [key, value] of [['flashSalePayMinutes', 15], ['defaultHomeVersion', 'new']] as const) {
    const put = await ops(page.request, '/ops/settings/save', { key, value });
    expect(put.code, put.message).toBe(0);
  }

  // ---- 操作日志: the settings change, before → after, with the pictures' file names (the whole path on hover) ----
  await menu(page).getByRole('menuitem', { name: '操作日志' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-logs$/);
  await page.getByLabel('操作', { exact: true }).fill('settings.save');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: two('查询') }).click();
  await expect(page).toHaveURL(/action=settings\.save/);
  const iconRow = page.getByRole('row').filter({ hasText: '浏览器图标' }).first();
  await expect(iconRow).toContainText('修改站点设置');
  await expect(iconRow).toContainText('admin');
  await expect(iconRow).toContainText('favicon.svg');
  await expect(iconRow).toContainText(iconUrl.split('/').pop()!);
  await expect(iconRow.locator(`[title="${iconUrl}"]`)).toBeVisible();
  await shot(page, 'admin-audit-settings');

  // The buyer's favicon back to the shop's own.
  await menu(page).getByRole('menuitem', { name: '站点设置' }).click();
  await page.getByTestId('buyer-icon-card').getByRole('button', { name: '恢复默认' }).click();
  await page.getByRole('button', { name: '恢复默认' }).last().click();
  await expect(page.getByText('已恢复默认图标')).toBeVisible();
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test('会员, 角色 and 人员: a new 客服 signs in with the one-time password, must change it, and has no 站点设置', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await openConsoleSession(page);

  // ---- 会员: find the demo member, detail (signed in on an iPhone too), the disable dialog ----
  const onIPhone = await page.request.post('/member/user/auth/login/pw', {
    form: { username: DEMO.username, password: DEMO.password, clientType: 'PC_BROWSER' },
    headers: { 'user-agent': IPHONE },
  });
  expect(((await onIPhone.json()) as { code: number }).code).toBe(0);
  await page.goto('/admin/members');
  await expect(page.getByRole('heading', { name: '会员' })).toBeVisible();
  await page.getByPlaceholder('用户名 / 手机号或后 4 位 / 昵称').fill('demo');
  await page.getByRole('button', { name: two('查询') }).click();
  const demoRow = page.getByRole('row').filter({ hasText: '@demo' });
  await expect(demoRow).toBeVisible();
  await expect(demoRow).toContainText(/1\d{2}\*{4}\d{4}/);
  await shot(page, 'admin-members');
  await demoRow.getByRole('button', { name: two('详情') }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '会员详情' });
  await expect(drawer.getByText('登录设备')).toBeVisible();
  // The web app signs in as PC_BROWSER on every screen: the iPhone reads as a phone's browser.
  await expect(drawer.getByRole('row').filter({ hasText: 'Safari · iPhone' })).toContainText('手机浏览器');
  await expect(drawer.getByText('订单', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: '禁用会员' })).toBeInViewport({ ratio: 1 });
  await shot(page, 'admin-member-detail');
  await drawer.getByRole('button', { name: '禁用会员' }).click();
  const statusDialog = page.getByRole('dialog').filter({ hasText: '禁用会员「' });
  await statusDialog.getByRole('button', { name: '确认禁用' }).click();
  await expect(statusDialog.getByText('请填写原因')).toBeVisible();
  await shot(page, 'admin-member-disable');
  await statusDialog.getByRole('button', { name: two('取消') }).click();
  await expect(statusDialog).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // ---- 角色 ----
  // The group is opened only while 角色 is hidden; under load a click can land as the group slides open
  // (CI once stayed on 会员管理), so the move is made again until the roles list shows.
  const rolesItem = menu(page).getByRole('menuitem', { name: '角色' });
  await expect(async () => {
    if (!(await rolesItem.isVisible())) await menu(page).getByRole('menuitem', { name: '运营人员' }).click();
    await rolesItem.click({ timeout: 3_000 });
    await expect(page.getByRole('row').filter({ hasText: '超级管理员' })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByRole('row').filter({ hasText: '超级管理员' })).toContainText('全部权限');
  await shot(page, 'admin-roles');
  await page.getByRole('row').filter({ hasText: '客服' }).getByRole('button', { name: two('编辑') }).click();
  const roleDrawer = page.getByRole('dialog').filter({ hasText: '编辑角色：客服' });
  await expect(roleDrawer.getByRole('checkbox', { name: /查看会员/ })).toBeChecked();
  await expect(roleDrawer.getByRole('checkbox', { name: /修改站点设置/ })).not.toBeChecked();
  await expect(roleDrawer.getByRole('button', { name: two('保存') })).toBeInViewport({ ratio: 1 });
  await shot(page, 'admin-role-edit');
  await roleDrawer.getByRole('button', { name: two('取消') }).click();
  await expect(roleDrawer).toBeHidden();

  // ---- 人员: a new 客服 with a one-time password shown once ----
  await menu(page).getByRole('menuitem', { name: '人员', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'admin' })).toContainText('超级管理员');
  const username = `kefu${Date.now().toString(36)}`;
  await page.getByRole('button', { name: '新建人员' }).click();
  const create = page.getByRole('dialog').filter({ hasText: '新建人员' });
  await create.getByLabel('登录账号').fill(username);
  await create.getByLabel('姓名').fill('客服小王');
  await create.getByLabel('角色').click();
  await page.locator('.ant-select-dropdown:visible').getByText('客服', { exact: true }).click();
  await create.getByRole('button', { name: two('创建') }).click();
  const otpDialog = page.getByRole('dialog').filter({ hasText: '人员已创建' });
  await expect(otpDialog.getByText('一次性密码只显示这一次')).toBeVisible();
  const oneTime = (await otpDialog.getByTestId('one-time-password').textContent())!.trim();
  expect(oneTime).toMatch(/^[A-Za-z0-9]{14}$/);
  await shot(page, 'admin-operator-created');
  await otpDialog.getByRole('button', { name: '我已记下，关闭' }).click();
  await expect(otpDialog).toBeHidden();
  const newRow = page.getByRole('row').filter({ hasText: username });
  await expect(newRow).toContainText('待改密');
  await expect(newRow).toContainText('从未登录');
  await shot(page, 'admin-operators');

  // 操作日志 has the new colleague.
  await menu(page).getByRole('menuitem', { name: '操作日志' }).click();
  await expect(page.getByRole('row').filter({ hasText: '新建人员' }).first()).toContainText(username);
  await shot(page, 'admin-audit');

  // ---- the 客服, in a browser of their own, signs in with it, must change it, and has no 站点设置 ----
  const kefuContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const kefu = await kefuContext.newPage();
  await signIn(kefu, username, oneTime);
  await expect(kefu).toHaveURL(/\/admin\/password$/);
  await expect(kefu.getByText('请先修改初始密码')).toBeVisible();
  const newPassword = `Kefu-${Date.now()}-pw`;
  await kefu.getByLabel('一次性密码').fill(oneTime);
  await kefu.getByLabel('新密码', { exact: true }).fill(newPassword);
  await kefu.getByLabel('确认新密码').fill(newPassword);
  await kefu.getByRole('button', { name: '确认修改' }).click();
  await expect(kefu.getByText('密码已修改')).toBeVisible();
  await expect(menu(kefu).getByRole('menuitem', { name: '会员' })).toBeVisible();
  await expect(menu(kefu).getByRole('menuitem', { name: '站点设置' })).toHaveCount(0);
  await expect(menu(kefu).getByRole('menuitem', { name: '操作日志' })).toHaveCount(0);
  await kefu.goto('/admin/settings');
  await expect(kefu.getByText('无权访问')).toBeVisible();
  await shot(kefu, 'admin-settings-forbidden');
  await kefuContext.close();
});
