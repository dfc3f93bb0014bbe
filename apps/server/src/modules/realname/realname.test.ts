/**
 * 实名信息 over HTTP: add, list, update, set default, delete; GB 11643 refusals; at most 5, one
 * default, no duplicates; another member's records are out of reach; every reply masked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  registeredMember,
  startTestServer,
  type TestServer,
  HOSTILE,
  expectEnvelope,
  expectRefusal,
  idNumber,
  idNumberEndingX,
  memberIdOf,
  memberState,
  withWrongCheck,
} from '../../test/kit/index.ts';
import { getRealNameForOrder } from './realname.service.ts';

let server: TestServer;
type Member = Awaited<ReturnType<typeof registeredMember>> & { id: string };
let alice: Member;
let bob: Member;

const P = {
  add: '/member/user/realName/add',
  update: '/member/user/realName/update',
  remove: '/member/user/realName/delete',
  setDefault: '/member/user/realName/setDefault',
  list: '/member/user/realName/list',
};

async function member(): Promise<Member> {
  const m = await registeredMember(server.api);
  return { ...m, id: await memberIdOf(server.api, m.accessToken) };
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await member();
  bob = await member();
});
afterAll(() => server?.close());

const add = (m: Member, body: unknown) => server.api.post(P.add, { token: m.accessToken, json: body });
const list = async (m: Member) => {
  const res = await server.api.get(P.list, { token: m.accessToken });
  expect(res.code).toBe(0);
  return res.data as { id: string; name: string; idNumberMasked: string; isDefault: boolean }[];
};
const clear = async (m: Member) => {
  for (const r of await list(m)) await server.api.post(P.remove, { token: m.accessToken, json: { id: r.id } });
};

describe('adding and listing', () => {
  it('adds a record, masks the number in the reply and the list, and makes the first one default', async () => {
    const id = idNumber('110105', '19491231', '002');
    const res = await add(alice, { name: '张三', idNumber: id });
    expectEnvelope(res);
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      id: expect.any(String),
      name: '张三',
      idNumberMasked: '1****************X',
      isDefault: true,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(res)).not.toContain(id.slice(0, 17));
    const rows = await list(alice);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(id.slice(0, 17));
    await clear(alice);
  });

  it('reads a lowercase x as X, and refuses the same number again in either case', async () => {
    const id = idNumberEndingX();
    const res = await add(alice, { name: '李四', idNumber: id.toLowerCase() });
    expect(res.code).toBe(0);
    expect(res.data.idNumberMasked).toBe(`${id[0]}${'*'.repeat(16)}X`);
    expectRefusal(await add(alice, { name: '李四', idNumber: id }), Code.REAL_NAME_DUPLICATE);
    expectRefusal(await add(alice, { name: '王五', idNumber: ` ${id.toLowerCase()} ` }), Code.REAL_NAME_DUPLICATE);
    // Another member may hold the same number (a parent buying for a child, say).
    expect((await add(bob, { name: '李四', idNumber: id })).code).toBe(0);
    await clear(alice);
    await clear(bob);
  });

  it('accepts minority names with a middle dot', async () => {
    const res = await add(alice, { name: '阿依古丽•买买提', idNumber: idNumber('650102', '19880808', '021') });
    expect(res.code).toBe(0);
    expect(res.data.name).toBe('阿依古丽·买买提');
    await clear(alice);
  });

  it('keeps at most 5 per member', async () => {
    for (let i = 0; i < 5; i++)
      expect((await add(alice, { name: '赵六', idNumber: idNumber('310101', '19800101', `10${i}`) })).code).toBe(0);
    const before = await memberState(server, alice.id);
    const res = await add(alice, { name: '赵六', idNumber: idNumber('310101', '19800101', '109') });
    expectRefusal(res, Code.REAL_NAME_LIMIT);
    expect(await memberState(server, alice.id)).toEqual(before);
    await clear(alice);
  });

  it("does not read another member's records", async () => {
    await add(bob, { name: '钱七', idNumber: idNumber('320102', '19750505', '033') });
    expect(await list(alice)).toEqual([]);
    expect((await list(bob)).map((r) => r.name)).toEqual(['钱七']);
    await clear(bob);
  });
});

describe('refusing ID numbers (GB 11643)', () => {
  const good = idNumber('110105', '19900101', '123');
  it.each([
    ['a wrong check character', withWrongCheck(good), '校验位'],
    ['a future birth date', idNumber('110105', '20991231', '123'), '出生日期'],
    ['a birth date before 1900', idNumber('110105', '18991231', '123'), '出生日期'],
    ['an impossible date', idNumber('110105', '19900231', '123'), '出生日期'],
    ['17 digits', good.slice(0, 17), '18 位'],
    ['letters', 'ABCDEFGHIJKLMNOPQR', '数字'],
    ['an unknown province code', idNumber('990105', '19900101', '123'), '地区代码'],
  ])('refuses %s with a Chinese message, nothing stored', async (_label, value, words) => {
    const before = await memberState(server, alice.id);
    const res = await add(alice, { name: '张三', idNumber: value });
    expectRefusal(res, Code.REAL_NAME_INVALID);
    expect(res.message).toContain(words);
    expect(res.message).not.toContain(value.slice(0, 10));
    expect(await memberState(server, alice.id)).toEqual(before);
  });
});

describe('bad input on every call', () => {
  const hostile = Object.values(HOSTILE);

  it('add: missing, wrong types, long, SQL-, script- and emoji-shaped names and numbers', async () => {
    const before = await memberState(server, alice.id);
    const bodies: unknown[] = [
      {},
      { name: '张三' },
      { idNumber: idNumber() },
      ...hostile.map((v) => ({ name: v, idNumber: idNumber() })),
      ...hostile.map((v) => ({ name: '张三', idNumber: v })),
      { name: '张', idNumber: idNumber() },
      { name: 'Zhang San', idNumber: idNumber() },
      { name: '·张三', idNumber: idNumber() },
      { name: '张三'.repeat(11), idNumber: idNumber() },
      { name: '张三', idNumber: idNumber(), isDefault: 'maybe' },
    ];
    for (const body of bodies) {
      const res = await add(alice, body);
      expect(res.code, JSON.stringify(body).slice(0, 80)).not.toBe(0);
      expectEnvelope(res);
      expect(res.status).toBe(200);
    }
    expect(await memberState(server, alice.id)).toEqual(before);
  });

  it("update, delete, setDefault: bad ids, another member's id, hostile values", async () => {
    const mine = (await add(alice, { name: '张三', idNumber: idNumber('110105', '19700101', '011') })).data;
    const bobs = (await add(bob, { name: '李四', idNumber: idNumber('110105', '19700101', '022') })).data;
    const aliceBefore = await memberState(server, alice.id);
    const bobBefore = await memberState(server, bob.id);
    for (const path of [P.update, P.remove, P.setDefault]) {
      for (const id of [undefined, ...hostile, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
        const res = await server.api.post(path, { token: alice.accessToken, json: { id, name: '王五' } });
        expect(res.code).not.toBe(0);
        expectEnvelope(res);
      }
      const res = await server.api.post(path, {
        token: alice.accessToken,
        json: { id: bobs.id, name: '王五', idNumber: idNumber('110105', '19700101', '033') },
      });
      expectRefusal(res, Code.NOT_FOUND);
      expect(res.message).toBe('实名信息不存在或已删除');
    }
    for (const body of [
      { id: mine.id },
      ...hostile.map((v) => ({ id: mine.id, name: v })),
      ...hostile.map((v) => ({ id: mine.id, idNumber: v })),
      { id: mine.id, idNumber: withWrongCheck(idNumber()) },
      { id: mine.id, isDefault: false },
    ]) {
      const res = await server.api.post(P.update, { token: alice.accessToken, json: body });
      expect(res.code, JSON.stringify(body).slice(0, 80)).not.toBe(0);
      expectEnvelope(res);
    }
    expect(await memberState(server, alice.id)).toEqual(aliceBefore);
    expect(await memberState(server, bob.id)).toEqual(bobBefore);
    expect(await getRealNameForOrder(server.running.database.db, alice.id, bobs.id)).toBeUndefined();
    expect(await getRealNameForOrder(server.running.database.db, alice.id, 'x')).toBeUndefined();
    await clear(alice);
    await clear(bob);
  });

  it('needs a signed-in member', async () => {
    expectRefusal(await server.api.get(P.list), Code.NOT_SIGNED_IN);
    expectRefusal(await server.api.post(P.add, { json: { name: '张三', idNumber: idNumber() } }), Code.NOT_SIGNED_IN);
  });
});

describe('update, default and delete', () => {
  it('updates the name and number, keeping duplicates out', async () => {
    const a = (await add(alice, { name: '张三', idNumber: idNumber('110105', '19600101', '001') })).data;
    const b = (await add(alice, { name: '李四', idNumber: idNumber('110105', '19600101', '002') })).data;
    expectRefusal(
      await server.api.post(P.update, {
        token: alice.accessToken,
        json: { id: b.id, idNumber: idNumber('110105', '19600101', '001') },
      }),
      Code.REAL_NAME_DUPLICATE,
    );
    const changed = idNumber('120101', '19600101', '003');
    const res = await server.api.post(P.update, {
      token: alice.accessToken,
      json: { id: b.id, name: '李小四', idNumber: changed },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id: b.id,
      name: '李小四',
      idNumberMasked: `1${'*'.repeat(16)}${changed[17]}`,
      isDefault: false,
    });
    // Its own number again is not a duplicate of itself.
    expect(
      (await server.api.post(P.update, { token: alice.accessToken, json: { id: b.id, idNumber: changed } })).code,
    ).toBe(0);
    expect((await list(alice)).map((r) => [r.name, r.isDefault])).toEqual([
      ['张三', true],
      ['李小四', false],
    ]);
    expect(a.isDefault).toBe(true);
    await clear(alice);
  });

  it('keeps exactly one default, and moves it when the default is deleted', async () => {
    const a = (await add(alice, { name: '张三', idNumber: idNumber('110105', '19600101', '011') })).data;
    const b = (await add(alice, { name: '李四', idNumber: idNumber('110105', '19600101', '012') })).data;
    const c = (await add(alice, { name: '王五', idNumber: idNumber('110105', '19600101', '013'), isDefault: true }))
      .data;
    expect(c.isDefault).toBe(true);
    expect((await list(alice)).filter((r) => r.isDefault).map((r) => r.id)).toEqual([c.id]);
    const res = await server.api.post(P.setDefault, { token: alice.accessToken, json: { id: b.id } });
    expect(res).toMatchObject({ code: 0, data: { id: b.id, isDefault: true } });
    expect((await list(alice)).filter((r) => r.isDefault).map((r) => r.id)).toEqual([b.id]);
    expect((await server.api.post(P.remove, { token: alice.accessToken, json: { id: b.id } })).code).toBe(0);
    const left = await list(alice);
    expect(left.map((r) => r.id).sort()).toEqual([a.id, c.id].sort());
    expect(left.filter((r) => r.isDefault).map((r) => r.id)).toEqual([a.id]);
    expectRefusal(await server.api.post(P.remove, { token: alice.accessToken, json: { id: b.id } }), Code.NOT_FOUND);
    expect(await getRealNameForOrder(server.running.database.db, alice.id, a.id)).toEqual({
      id: a.id,
      name: '张三',
      masked: expect.stringMatching(/^1\*{16}.$/),
    });
    await clear(alice);
  });

  it('keeps one default when several adds race', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7].map((i) =>
        add(alice, { name: '孙八', idNumber: idNumber('110105', '19610101', `20${i}`), isDefault: true }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(5);
    expect(results.filter((r) => r.code === Code.REAL_NAME_LIMIT)).toHaveLength(2);
    const rows = await list(alice);
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
    await clear(alice);
  });
});
