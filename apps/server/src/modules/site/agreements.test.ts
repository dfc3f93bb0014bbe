/**
 * 《用户协议》 and 《隐私政策》: readable by anyone at GET /member/site/agreement, their texts set by
 * operators through 站点设置 under a typed schema (plain text, 20–20,000 characters, no markup);
 * bad values and bad queries refused in Chinese with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { asOps, expectRefusal, startTestServer, type TestServer } from '../../test/kit/index.ts';

const OPS_TOKEN = 'agreements-ops-token-0123456789abcdef';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN, LOG_LEVEL: 'error' });
});
afterAll(() => server?.close());

const read = (type: unknown) => server.api.get('/member/site/agreement', { query: type === undefined ? {} : { type: String(type) } });
const save = (key: string, value: unknown) => server.api.post('/ops/settings/save', { json: { key, value }, ...asOps(OPS_TOKEN) });

describe('GET /member/site/agreement', () => {
  it('answers the demo texts to a visitor, each with its title', async () => {
    const user = await read('user');
    expect(user).toMatchObject({ code: 0, data: { type: 'user', title: '用户协议' } });
    expect(user.data.content).toContain('账号注册与使用');
    const privacy = await read('privacy');
    expect(privacy).toMatchObject({ code: 0, data: { type: 'privacy', title: '隐私政策' } });
    expect(privacy.data.content).toContain('个人信息保护法');
    // long texts stay out of the start-up call
    const site = await server.api.get('/member/site/site');
    expect(site.data).not.toHaveProperty('userAgreement');
    expect(site.data).not.toHaveProperty('privacyPolicy');
  });

  it.each([undefined, '', 'terms', 'USER', "user' OR 1=1 --", '<script>', '用户', 'x'.repeat(5000)])(
    'refuses the type %j',
    async (type) => {
      const res = await read(type);
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message).toMatch(/协议类型/);
    },
  );
});

describe('an operator sets the texts', () => {
  it('saves plain text with paragraphs and the buyer reads it at once', async () => {
    const text = '第一条 本协议由优选商城与用户订立。\n\n第二条 用户应妥善保管账号密码，“引号”和 & 符号照常显示。';
    expect((await save('userAgreement', `  ${text}  `)).code).toBe(0);
    expect((await read('user')).data.content).toBe(text);
    expect((await save('privacyPolicy', `隐私政策：${'我们保护您的个人信息。'.repeat(10)}`)).code).toBe(0);
    expect((await read('privacy')).data.content).toMatch(/^隐私政策：/);
  });

  it.each<[string, unknown, RegExp]>([
    ['empty', '   ', /用户协议至少 20 个字/],
    ['too short', '本协议很短', /用户协议至少 20 个字/],
    ['too long', '协'.repeat(20_001), /用户协议不能超过 20000 个字/],
    ['a number', 12345, /用户协议格式不正确/],
    ['an array', ['第一条', '第二条'], /用户协议格式不正确/],
    ['an object', { text: '第一条' }, /用户协议格式不正确/],
    ['null', null, /用户协议格式不正确/],
    ['markup', `<script>alert(1)</script>${'协议内容'.repeat(10)}`, /不能包含 HTML 标签/],
    ['a link tag', `${'协议内容'.repeat(10)}<a href="https://evil.example">点此</a>`, /不能包含 HTML 标签/],
    ['NUL', `${'协议内容'.repeat(10)}\u0000`, /无效字符/],
  ])('refuses %s and changes nothing', async (_name, value, message) => {
    const before = (await read('user')).data.content;
    const res = await save('userAgreement', value);
    expectRefusal(res, Code.BAD_REQUEST);
    expect(res.message).toMatch(message);
    expect((await read('user')).data.content).toBe(before);
  });

  it('keeps a comparison such as 1 < 2 or an emoji (not markup)', async () => {
    const text = `满 99 元包邮，当 1 < 2 且 3 > 2 时成立 🎁。${'条款内容'.repeat(5)}`;
    expect((await save('privacyPolicy', text)).code).toBe(0);
    expect((await read('privacy')).data.content).toBe(text);
  });
});
