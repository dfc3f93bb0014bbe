/** Profile and avatar over HTTP: saved and shown by user/current at once; bad input changes nothing. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { shanghaiDay } from '../../lib/ids.ts';
import {
  registeredMember,
  startTestServer,
  type TestServer,
  HOSTILE,
  expectEnvelope,
  expectRefusal,
  jpegHeader,
  memberIdOf,
  memberState,
  png,
  uploadAvatar,
  webpVp8x,
} from '../../test/kit/index.ts';

let server: TestServer;
let dataDir: string;
type Member = Awaited<ReturnType<typeof registeredMember>> & { id: string };
let alice: Member;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-avatar-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  const m = await registeredMember(server.api);
  alice = { ...m, id: await memberIdOf(server.api, m.accessToken) };
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const update = (body: unknown, token = alice.accessToken) =>
  server.api.post('/member/user/profile/update', { token, json: body });
const current = async () => (await server.api.get('/member/user/user/current', { token: alice.accessToken })).data;
const avatarFiles = () => {
  const dir = path.join(dataDir, 'uploads', 'avatars');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('profile', () => {
  it('saves nickname, gender and birthday, and user/current shows them', async () => {
    const res = await update({ nickname: '小明 Ming_1', gender: 'male', birthday: '1990-05-20' });
    expectEnvelope(res);
    expect(res).toMatchObject({
      code: 0,
      message: '资料已保存',
      data: { nickname: '小明 Ming_1', gender: 'male', birthday: '1990-05-20' },
    });
    expect(await current()).toMatchObject({ nickname: '小明 Ming_1', gender: 'male', birthday: '1990-05-20' });
  });

  it('changes one field at a time and clears the birthday with an empty value', async () => {
    expect((await update({ gender: 'female' })).code).toBe(0);
    expect(await current()).toMatchObject({ nickname: '小明 Ming_1', gender: 'female', birthday: '1990-05-20' });
    expect((await update({ birthday: '' })).code).toBe(0);
    expect((await current()).birthday).toBeNull();
    expect((await update({ birthday: '1990-05-20' })).code).toBe(0);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const before = await memberState(server, alice.id);
    const tomorrow = shanghaiDay(new Date(Date.now() + 86_400_000));
    const bodies: unknown[] = [
      {},
      ...Object.values(HOSTILE).map((v) => ({ nickname: v })),
      ...Object.values(HOSTILE).map((v) => ({ gender: v })),
      ...Object.values(HOSTILE).map((v) => ({ birthday: v })),
      { nickname: '' },
      { nickname: '   ' },
      { nickname: '字'.repeat(21) },
      { nickname: 'a\u0000b' },
      { gender: 'other' },
      { birthday: '1990-02-30' },
      { birthday: '1899-12-31' },
      { birthday: tomorrow },
      { birthday: '1990/05/20' },
      { birthday: '19900520' },
      { nickname: '好名字', birthday: '2999-01-01' },
    ];
    for (const body of bodies) {
      const res = await update(body);
      expect(res.code, JSON.stringify(body).slice(0, 60)).toBe(Code.BAD_REQUEST);
      expectEnvelope(res);
    }
    expect(await memberState(server, alice.id)).toEqual(before);
  });

  it('needs a signed-in member', async () => {
    expectRefusal(
      await server.api.post('/member/user/profile/update', { json: { nickname: '某人' } }),
      Code.NOT_SIGNED_IN,
    );
    expectRefusal(await uploadAvatar(server, undefined, png(64, 64)), Code.NOT_SIGNED_IN);
  });
});

describe('avatar', () => {
  it('stores a square PNG under a server-made name, serves it, and user/current shows it', async () => {
    const bytes = png(128, 128);
    const res = await uploadAvatar(server, alice.accessToken, bytes, '../../etc/passwd.png');
    expectEnvelope(res);
    expect(res.code).toBe(0);
    const url: string = res.data.avatar;
    expect(url).toMatch(/^\/static\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    expect((await current()).avatar).toBe(url);
    const served = await fetch(server.url + url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect(avatarFiles()).toEqual([path.basename(url)]);
  });

  it('takes JPEG and WebP by their bytes whatever the name says, and removes the previous file', async () => {
    const jpg = await uploadAvatar(server, alice.accessToken, jpegHeader(200, 200), 'photo.png', 'image/png');
    expect(jpg.code).toBe(0);
    expect(jpg.data.avatar).toMatch(/\.jpg$/);
    const webp = await uploadAvatar(server, alice.accessToken, webpVp8x(256, 256), 'x.gif', 'image/gif');
    expect(webp.code).toBe(0);
    expect(webp.data.avatar).toMatch(/\.webp$/);
    expect(avatarFiles()).toEqual([path.basename(webp.data.avatar)]);
    expect((await fetch(server.url + jpg.data.avatar)).status).toBe(404);
  });

  it.each([
    ['wrong magic bytes (a GIF)', Buffer.from('GIF89a\x80\x00\x80\x00\x00\x00\x00', 'latin1'), 'JPEG、PNG、WebP'],
    [
      'an SVG named .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script></svg>'),
      'JPEG、PNG、WebP',
    ],
    ['an empty file', Buffer.alloc(0), 'JPEG、PNG、WebP'],
    ['a non-square PNG', png(200, 100), '正方形'],
    ['a non-square JPEG', jpegHeader(640, 480), '正方形'],
    ['a tiny PNG', png(8, 8), '像素'],
    ['more than 5 MB', Buffer.concat([png(64, 64), Buffer.alloc(5 * 1024 * 1024)]), '5 MB'],
  ])('refuses %s and keeps the avatar', async (_label, bytes, words) => {
    const before = await memberState(server, alice.id);
    const files = avatarFiles();
    const res = await uploadAvatar(server, alice.accessToken, bytes);
    expectRefusal(res, Code.UPLOAD_INVALID);
    expect(res.message).toContain(words);
    expect(await memberState(server, alice.id)).toEqual(before);
    expect(avatarFiles()).toEqual(files);
  });

  it('refuses a request without a file, or not multipart', async () => {
    expectRefusal(
      await server.api.post('/member/user/profile/avatar', {
        token: alice.accessToken,
        json: { avatar: 'http://evil/x.png' },
      }),
      Code.UPLOAD_INVALID,
    );
    const form = new FormData();
    form.append('note', 'no file');
    const res = await fetch(`${server.url}/member/user/profile/avatar`, {
      method: 'POST',
      headers: { Authorization: alice.accessToken },
      body: form,
    });
    expect(await res.json()).toMatchObject({ code: Code.UPLOAD_INVALID, message: '请选择要上传的头像图片' });
  });

  it('serves only server-made names', async () => {
    for (const name of ['..%2F..%2Fsecrets.json', 'abc.png', `${'0'.repeat(32)}.png`, `${'0'.repeat(32)}.svg`]) {
      const res = await fetch(`${server.url}/static/uploads/avatars/${name}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
