import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { smsSignIn, startTestServer, type TestServer, addressBody, BEIJING } from '../../test/kit/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const create = (token: string, json: unknown) => server.api.post('/member/trade/address/create', { token, json });
const list = async (token: string) => (await server.api.get('/member/trade/address/list', { token })).data as any[];

describe('addresses', () => {
  test('regions feed the cascader with GB/T 2260 codes', async () => {
    const res = await server.api.get('/member/trade/address/regions');
    expect(res.code).toBe(0);
    expect(res.data.length).toBe(31);
    const beijing = res.data.find((p: any) => p.value === '11');
    expect(beijing.label).toBe('北京市');
    expect(beijing.children[0].children.some((d: any) => d.value === '110105' && d.label === '朝阳区')).toBe(true);
  });

  test('create, list, edit, default rules and delete', async () => {
    const { accessToken: token } = await smsSignIn(server.api);
    const first = await create(token, addressBody());
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({
      provinceName: '北京市',
      districtName: '朝阳区',
      isDefault: true,
      fullAddress: '北京市 朝阳区 建国路 88 号 SOHO 现代城 1 号楼',
    });

    const second = await create(
      token,
      addressBody({ receiverName: '李四', provinceCode: '44', cityCode: '4403', districtCode: '440305' }),
    );
    expect(second.data).toMatchObject({
      provinceName: '广东省',
      cityName: '深圳市',
      districtName: '南山区',
      isDefault: false,
    });

    const third = await create(token, addressBody({ receiverName: '王五', isDefault: true }));
    expect(third.data.isDefault).toBe(true);
    let all = await list(token);
    expect(all.filter((a) => a.isDefault).map((a) => a.id)).toEqual([third.data.id]);
    expect(all[0].id).toBe(third.data.id); // default first

    const edited = await server.api.post('/member/trade/address/update', {
      token,
      json: {
        id: second.data.id,
        ...addressBody({ receiverName: '李四四', detail: '科技园 1 号' }),
        provinceCode: '44',
        cityCode: '4403',
        districtCode: '440305',
      },
    });
    expect(edited.code).toBe(0);
    expect(edited.data).toMatchObject({ receiverName: '李四四', detail: '科技园 1 号', isDefault: false });

    const setDefault = await server.api.post('/member/trade/address/setDefault', {
      token,
      json: { id: second.data.id },
    });
    expect(setDefault.data.isDefault).toBe(true);
    all = await list(token);
    expect(all.filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.data.id]);

    // Deleting the default promotes another one.
    const del = await server.api.post('/member/trade/address/delete', { token, json: { id: second.data.id } });
    expect(del.code).toBe(0);
    all = await list(token);
    expect(all).toHaveLength(2);
    expect(all.filter((a) => a.isDefault)).toHaveLength(1);

    const detail = await server.api.get('/member/trade/address/detail', { token, query: { id: first.data.id } });
    expect(detail.data.receiverName).toBe('张三');
  });

  test('at most 20 per member', async () => {
    const { accessToken: token } = await smsSignIn(server.api);
    for (let i = 0; i < 20; i++)
      expect((await create(token, addressBody({ receiverName: `收货人${i}` }))).code).toBe(0);
    const over = await create(token, addressBody());
    expect(over.code).toBe(Code.ADDRESS_LIMIT);
    expect(over.message).toContain('最多 20 个');
    expect(await list(token)).toHaveLength(20);
  });

  test('bad input answers in Chinese and stores nothing', async () => {
    const { accessToken: token } = await smsSignIn(server.api);
    const long = '长'.repeat(10_000);
    const cases: [Record<string, unknown>, string][] = [
      [{ receiverName: undefined }, '请填写收货人'],
      [{ receiverName: '   ' }, '请填写收货人'],
      [{ receiverName: 123 }, '收货人格式不正确'],
      [{ receiverName: ['张三'] }, '收货人格式不正确'],
      [{ receiverName: long }, '收货人不能超过 20 个字符'],
      [{ receiverName: '张三😀' }, '收货人不能包含表情符号'],
      [{ receiverName: '<script>x</script>' }, '收货人不能包含 < 或 > 符号'],
      [{ mobile: '12345' }, '手机号格式不正确'],
      [{ mobile: "13800138000' OR 1=1" }, '手机号'],
      [{ mobile: 13800138000 }, '手机号格式不正确'],
      [{ detail: undefined }, '请填写详细地址'],
      [{ detail: long }, '详细地址不能超过 120 个字符'],
      [{ detail: '建国路🏠88号' }, '详细地址不能包含表情符号'],
      [{ provinceCode: '99' }, '所在省份不正确'],
      [{ cityCode: '4403' }, '所在城市不正确'], // 深圳 is not in 北京
      [{ districtCode: '440305' }, '所在区县不正确'],
      [{ districtCode: "110105'; DROP TABLE addresses; --" }, '所在区县'],
      [{ provinceCode: undefined }, '请填写所在省份'],
      [{ isDefault: 'maybe' }, '默认地址格式不正确'],
    ];
    for (const [patch, message] of cases) {
      const res = await create(token, { ...addressBody(), ...patch });
      expect(res.code, JSON.stringify(patch).slice(0, 80)).toBe(Code.BAD_REQUEST);
      expect(res.message).toContain(message);
    }
    expect(
      (
        await server.api.post('/member/trade/address/create', {
          token,
          rawBody: 'not json',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(await list(token)).toHaveLength(0);

    // SQL-shaped text is only text: stored as typed, nothing else happens.
    const sqlish = await create(token, addressBody({ detail: "1 号'; DROP TABLE addresses; --" }));
    expect(sqlish.code).toBe(0);
    expect((await list(token))[0].detail).toBe("1 号'; DROP TABLE addresses; --");
  });

  test("another member's address answers as not found and is left alone", async () => {
    const owner = await smsSignIn(server.api);
    const mine = await create(owner.accessToken, addressBody());
    const other = await smsSignIn(server.api);
    const id = mine.data.id;
    const tries = [
      server.api.get('/member/trade/address/detail', { token: other.accessToken, query: { id } }),
      server.api.post('/member/trade/address/update', {
        token: other.accessToken,
        json: { id, ...addressBody({ receiverName: '黑客' }) },
      }),
      server.api.post('/member/trade/address/setDefault', { token: other.accessToken, json: { id } }),
      server.api.post('/member/trade/address/delete', { token: other.accessToken, json: { id } }),
      server.api.post('/member/trade/address/delete', { token: other.accessToken, json: { id: 'not-a-uuid' } }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.code).toBe(Code.NOT_FOUND);
      expect(res.message).toBe('收货地址不存在');
    }
    expect(await list(owner.accessToken)).toEqual([
      expect.objectContaining({ id, receiverName: '张三', isDefault: true }),
    ]);
    expect(await list(other.accessToken)).toEqual([]);
  });

  test('a visitor is asked to sign in', async () => {
    const res = await server.api.post('/member/trade/address/create', { json: { ...addressBody(), ...BEIJING } });
    expect(res.code).toBe(Code.NOT_SIGNED_IN);
  });
});
