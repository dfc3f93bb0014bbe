import zlib from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectSignedIn, fillPasswordLogin, lastSmsCode, newMobile } from './mall.ts';

/** Helpers of e2e/member.spec.ts: fresh members, API calls with a member's token, test pictures. */

export interface Member {
  mobile: string;
  username: string;
  password: string;
}

interface Reply<T> {
  code: number;
  message: string;
  data: T;
}

async function reply<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Reply<T>> {
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Reply<T>;
}

/** A new member made the way a buyer starts: SMS sign-up of a new number, then /register's call. */
export async function signUpMember(request: APIRequestContext, tag = 'm'): Promise<Member> {
  const mobile = newMobile();
  const sent = await reply(
    await request.post('/member/user/auth/verificationCode', { form: { mobileNumber: mobile } }),
  );
  expect(sent.code, sent.message).toBe(0);
  const code = await lastSmsCode(request, mobile);
  const first = await reply<{ accessToken: string }>(
    await request.post('/member/user/auth/registerAndLogin', {
      form: { mobileNumber: mobile, code, remember: 'false', clientType: 'PC_BROWSER' },
    }),
  );
  expect(first.code, first.message).toBe(0);
  const member = { mobile, username: `${tag}${mobile.slice(-9)}`, password: 'Lotus#Garden2026' };
  const done = await reply<{ accessToken: string }>(
    await request.post('/member/user/auth/registerAndLogin', {
      form: { username: member.username, password: member.password, clientType: 'PC_BROWSER' },
      headers: { Authorization: first.data.accessToken },
    }),
  );
  expect(done.code, done.message).toBe(0);
  // The sign-up sessions end here, so that the member's sessions are the ones each test opens.
  for (const token of [done.data.accessToken, first.data.accessToken]) {
    await request.post('/member/user/auth/logout', { headers: { Authorization: token } });
  }
  return member;
}

/** Signs a member in through the sign-in screen and waits for the header. */
export async function signInAs(page: Page, member: Pick<Member, 'username' | 'password'>) {
  await page.goto('/login');
  await fillPasswordLogin(page, member.username, member.password);
  await expectSignedIn(page);
}

/** Another session of the member, signed in over the API; returns its access token. */
export async function apiSignIn(
  request: APIRequestContext,
  member: Pick<Member, 'username' | 'password'>,
): Promise<string> {
  const r = await reply<{ accessToken: string }>(
    await request.post('/member/user/auth/login/pw', {
      form: { username: member.username, password: member.password, remember: 'false', clientType: 'PC_BROWSER' },
    }),
  );
  expect(r.code, r.message).toBe(0);
  return r.data.accessToken;
}

/** A JSON call with the page's own access token (setting up data the test is not about). */
export async function callAsPage<T>(page: Page, path: string, body?: unknown): Promise<Reply<T>> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('member-accessToken') ?? 'null') as string);
  const res =
    body === undefined
      ? await page.request.get(path, { headers: { Authorization: token } })
      : await page.request.post(path, { data: body, headers: { Authorization: token } });
  return reply<T>(res);
}

/** On-shelf goods with stock: the best sellers, best first. */
export async function bestSellers(request: APIRequestContext): Promise<{ id: number; name: string }[]> {
  const body = (await (await request.get('/member/goods/getGoodsSalesList/6')).json()) as Reply<
    { id: number; name: string }[]
  >;
  return body.data;
}

/** The best sellers' ids. */
export async function bestSellerIds(request: APIRequestContext): Promise<number[]> {
  return (await bestSellers(request)).map((g) => g.id);
}

/** GB 11643: the ISO 7064 MOD 11-2 check character of 17 digits. */
export function idCheckChar(body17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return '10X98765432'[sum % 11]!;
}

// ---------- a tiny PNG encoder: a square picture made in the test ----------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A side×side RGB PNG: a purple square with a lighter diagonal band, so a crop shows something. */
export function squarePng(side = 96): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) {
    const row = Buffer.alloc(1 + side * 3);
    for (let x = 0; x < side; x++) {
      const band = Math.abs(x - y) < side / 6;
      row.set(band ? [0xf3, 0xea, 0xf9] : [0xa3, 0x87, 0xbc], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * On the checkout page: adds an address for `receiver` (and `mobile`) through the inline form when the member has
 * none, and sees it chosen. Under load a click can land while the region list is still sliding in:
 * the list is opened again and the choice retried.
 */
export async function ensureCheckoutAddress(page: Page, receiver: string, mobile = '13812345678') {
  await expect(page.getByTestId('checkout-page')).toBeVisible();
  if ((await page.getByTestId('checkout-address').count()) > 0) return;
  await page.getByRole('button', { name: /新增收货地址/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增收货地址' });
  await dialog.getByLabel('收货人').fill(receiver);
  await dialog.getByLabel('手机号').fill(mobile);
  await expect(async () => {
    if ((await page.locator('.ant-cascader-dropdown:visible').count()) === 0) await dialog.getByLabel('所在地区').click();
    for (const name of ['浙江省', '杭州市', '西湖区']) {
      await page.locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) }).click({ timeout: 3_000 });
    }
    await expect(dialog).toContainText('西湖区', { timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await dialog.getByLabel('详细地址').fill('文三路 100 号 1 幢 201 室');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('checkout-address').first()).toHaveAttribute('aria-checked', 'true');
}
