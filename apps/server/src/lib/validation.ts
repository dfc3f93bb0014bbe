import { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Zod builders whose every failure reads as one Chinese sentence naming the field,
 * so a reply's message can be shown to the buyer as it is.
 */
export function text(label: string, opts: { min?: number; max: number; pattern?: RegExp; patternMessage?: string }) {
  let s = z
    .string({ error: (iss) => (iss.input === undefined ? `请填写${label}` : `${label}格式不正确`) })
    .trim();
  if (opts.min) s = s.min(opts.min, opts.min === 1 ? `请填写${label}` : `${label}至少 ${opts.min} 个字符`);
  s = s.max(opts.max, `${label}不能超过 ${opts.max} 个字符`);
  if (opts.pattern) s = s.regex(opts.pattern, opts.patternMessage ?? `${label}格式不正确`);
  // PostgreSQL text cannot hold U+0000: refused here, or the query would fail as a server fault.
  return s.refine((v) => !v.includes('\u0000'), `${label}含有不允许的字符`);
}

/** An integer that may arrive as a form string ("12") or JSON number. */
export function int(label: string, opts: { min?: number; max?: number } = {}) {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = opts;
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,16}$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? `请填写${label}` : `${label}必须是整数`) })
      .int(`${label}必须是整数`)
      .min(min, `${label}不能小于 ${min}`)
      .max(max, `${label}不能大于 ${max}`),
  );
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
