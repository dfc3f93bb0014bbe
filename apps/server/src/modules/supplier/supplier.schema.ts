import { z } from 'zod';
import { checkCreditCode, SUPPLIER_LIMITS as L } from '@mall/shared';
import { IMAGE_NAME } from '../../lib/image-kind.ts';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { enumOf, int, pageQuery } from '../../lib/validation.ts';

/**
 * Request schemas of supplier onboarding. Every text is trimmed; control characters are refused;
 * lengths count characters; each failure is one Chinese sentence naming the field.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
/** Names of people: Chinese, Latin letters and the middle dot of transliterated names. */
const PERSON = /^[\u4e00-\u9fa5A-Za-z·• ]+$/;
/** Names of companies, banks and stores: Chinese, letters, digits and the punctuation they carry. */
const ORG = /^[\u4e00-\u9fa5A-Za-z0-9（）()·&＆\-—_. ]+$/;

const chars = (v: string) => Array.from(v).length;

function field(
  label: string,
  [min, max]: readonly [number, number],
  opts: { allow?: RegExp; allowMessage?: string; newlines?: boolean } = {},
) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? `请填写${label}` : `${label}格式不正确`) })
    .trim()
    .superRefine((v, c) => {
      const say = (message: string) => c.addIssue({ code: 'custom', message });
      if (min > 0 && v.length === 0) return say(`请填写${label}`);
      if ((opts.newlines ? CONTROL_BUT_NEWLINE : CONTROL).test(v)) return say(`${label}含有不允许的字符`);
      if (chars(v) > max) return say(`${label}不能超过 ${max} 个字`);
      if (chars(v) < min) return say(`${label}至少 ${min} 个字`);
      if (opts.allow && v && !opts.allow.test(v)) return say(opts.allowMessage ?? `${label}含有不允许的字符`);
    });
}

const imageName = (label: string) => {
  const wrong = `${label}${/[A-Za-z]$/.test(label) ? ' ' : ''}不正确，请重新上传`;
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? `请上传${label}` : wrong) })
    .trim()
    .min(1, `请上传${label}`)
    .max(60, wrong)
    .regex(IMAGE_NAME, wrong);
};

const code = (label: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? `请选择${label}` : `${label}不正确`) })
    .trim()
    .min(1, `请选择${label}`)
    .max(12, `${label}不正确`)
    .regex(/^\d+$/, `${label}不正确`);

export const companyBody = z.object({
  companyName: field('公司名称', L.companyName, { allow: ORG }),
  creditCode: z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? '请填写统一社会信用代码' : '统一社会信用代码格式不正确') })
    .max(40, '统一社会信用代码应为 18 位')
    .transform((v, c) => {
      const r = checkCreditCode(v);
      if (r.ok) return r.value;
      c.addIssue({ code: 'custom', message: v.trim() ? r.message : '请填写统一社会信用代码' });
      return z.NEVER;
    }),
  licenceImage: imageName('营业执照'),
  legalName: field('法人姓名', L.legalName, { allow: PERSON, allowMessage: '法人姓名只能包含中文、字母和“·”' }),
  legalIdNumber: z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? '请填写法人身份证号' : '法人身份证号格式不正确') })
    .trim()
    .min(1, '请填写法人身份证号')
    .max(40, '身份证号码应为 18 位'),
  provinceCode: code('所在省份'),
  cityCode: code('所在城市'),
  districtCode: code('所在区县'),
  addressDetail: field('详细地址', L.addressDetail),
  contactName: field('联系人', L.contactName, { allow: PERSON, allowMessage: '联系人只能包含中文、字母和“·”' }),
  contactMobile: z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? '请填写联系手机' : '联系手机格式不正确') })
    .trim()
    .min(1, '请填写联系手机')
    .regex(/^1[3-9]\d{9}$/, '联系手机格式不正确'),
});
export type CompanyInput = z.output<typeof companyBody>;

export const bankBody = z.object({
  bankName: field('开户银行', L.bankName, { allow: ORG }),
  bankBranch: field('开户支行', L.bankBranch, { allow: ORG }),
  bankAccount: z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? '请填写银行账号' : '银行账号格式不正确') })
    .max(60, `银行账号应为 ${L.bankAccount[0]}–${L.bankAccount[1]} 位数字`)
    // People copy account numbers with spaces between groups of four.
    .transform((v) => v.replace(/[ \u3000]/g, ''))
    .pipe(
      z
        .string()
        .min(1, '请填写银行账号')
        .regex(
          new RegExp(`^\\d{${L.bankAccount[0]},${L.bankAccount[1]}}$`),
          `银行账号应为 ${L.bankAccount[0]}–${L.bankAccount[1]} 位数字`,
        ),
    ),
});
export type BankInput = z.output<typeof bankBody>;

export const storeBody = z.object({
  storeName: field('店铺名称', L.storeName, {
    allow: ORG,
    allowMessage: '店铺名称只能包含中文、字母、数字和常用标点',
  }),
  storeLogo: imageName('店铺 Logo'),
  categoryIds: z
    .array(int('经营类目', { min: 1, maxMessage: '经营类目不存在', minMessage: '经营类目不存在' }), {
      error: (iss) => (iss.input === undefined || iss.input === null ? '请选择经营类目' : '经营类目格式不正确'),
    })
    .min(L.categories[0], '请选择经营类目')
    .max(L.categories[1], `经营类目最多选择 ${L.categories[1]} 个`)
    .refine((a) => new Set(a).size === a.length, '经营类目重复'),
  storeDescription: field('店铺简介', L.storeDescription, { newlines: true }).default(''),
});
export type StoreInput = z.output<typeof storeBody>;

export const uploadQuery = z.object({ kind: enumOf('图片类型', ['licence', 'logo']) });

export const fileQuery = z.object({
  exp: z.string().max(20).regex(/^\d+$/),
  sig: z.string().max(128).regex(/^[0-9a-f]+$/),
});

/* ---- the console ---- */

const uuid = (label: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? `请选择${label}` : `${label}不存在`) })
    .trim()
    .min(1, `请选择${label}`)
    .max(36, `${label}不存在`)
    .regex(UUID_PATTERN, `${label}不存在`);

export const opsPageQuery = z.object({
  ...pageQuery,
  status: enumOf('申请状态', ['PENDING', 'APPROVED', 'REJECTED']).optional(),
  keyword: field('搜索关键词', [0, 50]).optional(),
});
export const opsIdQuery = z.object({ id: uuid('申请') });
export const opsRejectBody = z.object({ id: uuid('申请'), reason: field('驳回原因', L.rejectReason, { newlines: true }) });
export const opsStorePageQuery = z.object({
  ...pageQuery,
  keyword: field('搜索关键词', [0, 50]).optional(),
  status: enumOf('店铺状态', ['ACTIVE', 'DISABLED']).optional(),
});
