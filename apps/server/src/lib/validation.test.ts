/**
 * The zod builders every endpoint validates with: each failure is one Chinese sentence naming the
 * field, raised as a 400 AppError by parse().
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code } from '@mall/shared';
import { AppError } from './errors.ts';
import { enumOf, fen, flag, int, intId, INT4_MAX, pageQuery, parse, text } from './validation.ts';

function refusal(schema: z.ZodType, input: unknown): string {
  try {
    parse(schema, input);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(Code.BAD_REQUEST);
    return (err as AppError).message;
  }
  throw new Error('expected a refusal');
}

describe('text', () => {
  const nickname = z.object({ nickname: text('昵称', { min: 1, max: 5, pattern: /^[^<>]*$/ }) });
  it('trims, and names the field in every refusal', () => {
    expect(parse(nickname, { nickname: '  小紫 ' })).toEqual({ nickname: '小紫' });
    expect(refusal(nickname, {})).toBe('请填写昵称');
    expect(refusal(nickname, { nickname: '   ' })).toBe('请填写昵称');
    expect(refusal(nickname, { nickname: 5 })).toBe('昵称格式不正确');
    expect(refusal(nickname, { nickname: ['a', 'b'] })).toBe('昵称格式不正确');
    expect(refusal(nickname, { nickname: 'abcdef' })).toBe('昵称不能超过 5 个字符');
    expect(refusal(nickname, { nickname: '<b>' })).toBe('昵称格式不正确');
  });
  it('refuses NUL, which PostgreSQL text cannot hold', () => {
    expect(refusal(nickname, { nickname: 'a\u0000b' })).toBe('昵称含有不允许的字符');
  });
});

describe('int, flag, enumOf', () => {
  const schema = z.object({
    qty: int('数量', { min: 1, max: 99 }),
    on: flag('开关'),
    kind: enumOf('类型', ['a', 'b']),
  });
  it('reads form strings as numbers and flags', () => {
    expect(parse(schema, { qty: '12', on: 'true', kind: 'a' })).toEqual({ qty: 12, on: true, kind: 'a' });
    expect(parse(schema, { qty: 3, on: '0', kind: 'b' })).toEqual({ qty: 3, on: false, kind: 'b' });
  });
  it.each([
    [{ on: '1', kind: 'a' }, '请填写数量'],
    [{ qty: '1.5', on: '1', kind: 'a' }, '数量必须是整数'],
    [{ qty: '0', on: '1', kind: 'a' }, '数量不能小于 1'],
    [{ qty: '1e9', on: '1', kind: 'a' }, '数量必须是整数'],
    [{ qty: '100', on: '1', kind: 'a' }, '数量不能大于 99'],
    [{ qty: ['1', '2'], on: '1', kind: 'a' }, '数量必须是整数'],
    [{ qty: 1, on: 'yes please', kind: 'a' }, '开关格式不正确'],
    [{ qty: 1, on: true, kind: 'c' }, '类型取值不正确'],
    [{ qty: 1, on: true }, '请选择类型'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(refusal(schema, input)).toBe(message);
  });
});

describe('int4 bounds: intId, fen, int', () => {
  const schema = z.object({ id: intId('商品').optional(), price: fen('价格').optional(), n: int('数量').optional() });
  it('takes the whole int4 range and nothing beyond it', () => {
    expect(parse(schema, { id: INT4_MAX, price: '2147483647', n: -2_147_483_648 })).toEqual({
      id: INT4_MAX,
      price: INT4_MAX,
      n: -2_147_483_648,
    });
    expect(refusal(schema, { n: 2_147_483_648 })).toBe('数量不能大于 2147483647');
    expect(refusal(schema, { n: '-2147483649' })).toBe('数量不能小于 -2147483648');
  });
  it.each([
    [{ id: 0 }, '商品不能小于 1'],
    [{ id: 3_000_000_000 }, '商品不能大于 2147483647'],
    [{ id: '99999999999999999999' }, '商品不能大于 2147483647'],
    [{ id: 1e20 }, '商品不能大于 2147483647'],
    [{ id: 2.5 }, '商品必须是整数'],
    [{ id: 0.5 }, '商品必须是整数'], // a fraction below the minimum is still a fraction
    [{ price: 3_000_000_000.5 }, '价格必须是整数'],
    [{ price: -1 }, '价格不能为负数'],
    [{ price: 99_999_999_999 }, '价格不能超过 ¥21474836.47'],
    [{ price: '12.5' }, '价格必须是整数'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(refusal(schema, input)).toBe(message);
  });
  it('refuses, when written, bounds that an int4 column cannot hold', () => {
    expect(() => int('金额', { max: 100_000_000_000 })).toThrow(/int4/);
    expect(() => fen('金额', { max: INT4_MAX + 1 })).toThrow(/int4/);
    expect(refusal(z.object({ p: fen('运费', { max: 100_00 }) }), { p: 100_01 })).toBe('运费不能超过 ¥100.00');
  });
});

describe('parse', () => {
  it('refuses a body that is not an object with one Chinese sentence', () => {
    const schema = z.object({ a: text('甲', { max: 3 }).optional() });
    expect(refusal(schema, [1, 2])).toBe('请求参数格式不正确');
    expect(refusal(schema, 'text')).toBe('请求参数格式不正确');
    expect(parse(schema, undefined)).toEqual({});
  });
  it('applies the pagination defaults and cap', () => {
    const page = z.object(pageQuery);
    expect(parse(page, {})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(refusal(page, { pageSize: '51' })).toBe('每页条数不能大于 50');
  });
});
