/**
 * Which form field a server refusal is about. The server names the field in its Chinese message
 * (`公司名称不能超过 50 个字`, `统一社会信用代码校验位不正确`, `店铺名称已被使用`); the first field whose
 * words the message holds gets it, so more specific words come first. Null: shown above the buttons.
 */
const FIELD_WORDS: [field: string, words: string[]][] = [
  ['creditCode', ['统一社会信用代码', '信用代码']],
  ['licenceImage', ['营业执照']],
  ['legalIdNumber', ['身份证']],
  ['legalName', ['法人姓名', '法人']],
  ['addressDetail', ['详细地址']],
  ['region', ['注册地址', '省份', '城市', '区县', '地区']],
  ['contactMobile', ['联系手机', '手机']],
  ['contactName', ['联系人']],
  ['companyName', ['公司名称', '企业名称']],
  ['bankAccount', ['银行账号', '账号']],
  ['bankBranch', ['开户支行', '支行']],
  ['bankName', ['开户银行', '银行']],
  ['storeLogo', ['Logo', 'logo', 'LOGO']],
  ['storeName', ['店铺名称']],
  ['categoryIds', ['经营类目', '类目']],
  ['storeDescription', ['店铺简介', '简介']],
];

export function fieldOfMessage(message: string, fields: readonly string[], named?: unknown): string | null {
  if (typeof named === 'string' && fields.includes(named)) return named;
  for (const [field, words] of FIELD_WORDS) {
    if (fields.includes(field) && words.some((w) => message.includes(w))) return field;
  }
  return null;
}
