import { z } from 'zod';
import { formatFen } from '@mall/shared';
import { badRequest } from './errors.ts';

/**
 * Zod builders whose every failure reads as one Chinese sentence naming the field,
 * so a reply's message can be shown to the buyer as it is.
 */
export function text(label: string, opts: { min?: number; max: number; pattern?: RegExp; patternMessage?: string }) {
  let s = z.string({ error: (iss) => (iss.input === undefined ? `请填写${label}` : `${label}格式不正确`) }).trim();
  if (opts.min) s = s.min(opts.min, opts.min === 1 ? `请填写${label}` : `${label}至少 ${opts.min} 个字符`);
  s = s.max(opts.max, `${label}不能超过 ${opts.max} 个字符`);
  if (opts.pattern) s = s.regex(opts.pattern, opts.patternMessage ?? `${label}格式不正确`);
  // PostgreSQL text cannot hold U+0000: refused here, or the query would fail as a server fault.
  return s.refine((v) => !v.includes('\u0000'), `${label}含有不允许的字符`);
}

/** The range of PostgreSQL's integer (int4): every id, quantity, count and fen amount is stored in one. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * An integer that may arrive as a form string ("12") or JSON number, bounded so that it always fits
 * the int4 column it is compared with or stored in (a larger one would make the query fail as a
 * server fault). A fraction reads as "must be an integer" (0.5 件), a huge number as "too large"
 * (1e20, beyond what JavaScript holds exactly, is not asked whether it is whole).
 */
export function int(
  label: string,
  opts: { min?: number; max?: number; minMessage?: string; maxMessage?: string } = {},
) {
  const { min = INT4_MIN, max = INT4_MAX } = opts;
  if (min < INT4_MIN || max > INT4_MAX || min > max)
    throw new Error(`int(${label}): bounds ${min}..${max} do not fit an int4 column`);
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? `请填写${label}` : `${label}必须是整数`) })
      .refine((v) => Number.isInteger(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER, `${label}必须是整数`)
      .min(min, opts.minMessage ?? `${label}不能小于 ${min}`)
      .max(max, opts.maxMessage ?? `${label}不能大于 ${max}`),
  );
}

/** A database id (a positive int4): catalogue, category, brand, SKU and history ids. */
export const intId = (label: string) => int(label, { min: 1, max: INT4_MAX });

/** An amount of money in integer fen, from 0 up to what an int4 column holds (or a lower cap). */
export function fen(label: string, opts: { max?: number } = {}) {
  const max = opts.max ?? INT4_MAX;
  return int(label, {
    min: 0,
    max,
    minMessage: `${label}不能为负数`,
    maxMessage: `${label}不能超过 ${formatFen(max)}`,
  });
}

/** A boolean that may arrive as a form string ("true"/"false"/"1"/"0"). */
export function flag(label: string) {
  return z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
    z.boolean({ error: `${label}格式不正确` }),
  );
}

export function enumOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}取值不正确`) });
}

/** Pagination of the conventions: pageNum from 1, pageSize default 10, at most 50. */
export const pageQuery = {
  pageNum: int('页码', { min: 1, max: 100_000 }).default(1),
  pageSize: int('每页条数', { min: 1, max: 50 }).default(10),
};

/** Parses input against a schema; the first problem becomes a 400 reply with a Chinese message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'invalid_type' && issue.path.length === 0) throw badRequest('请求参数格式不正确');
  throw badRequest(issue?.message ?? '参数错误');
}
