import { describe, expect, it } from 'vitest';
import { fieldOfMessage } from './fieldErrors.ts';

const COMPANY = ['companyName', 'creditCode', 'licenceImage', 'legalName', 'legalIdNumber', 'region', 'addressDetail', 'contactName', 'contactMobile'];
const BANK = ['bankName', 'bankBranch', 'bankAccount'];
const STORE = ['storeName', 'storeLogo', 'categoryIds', 'storeDescription'];

describe('a server refusal goes beside its field', () => {
  it.each([
    ['统一社会信用代码校验位不正确', COMPANY, 'creditCode'],
    ['公司名称不能超过 50 个字', COMPANY, 'companyName'],
    ['身份证号码校验位不正确，请核对', COMPANY, 'legalIdNumber'],
    ['法人身份证号格式不正确', COMPANY, 'legalIdNumber'],
    ['法人姓名不能超过 20 个字', COMPANY, 'legalName'],
    ['请上传营业执照', COMPANY, 'licenceImage'],
    ['详细地址不能超过 120 个字', COMPANY, 'addressDetail'],
    ['注册地址的区县不正确', COMPANY, 'region'],
    ['联系手机格式不正确', COMPANY, 'contactMobile'],
    ['联系人不能超过 20 个字', COMPANY, 'contactName'],
    ['银行账号应为 12–30 位数字', BANK, 'bankAccount'],
    ['开户支行不能超过 50 个字', BANK, 'bankBranch'],
    ['开户银行不能超过 30 个字', BANK, 'bankName'],
    ['店铺名称已被使用', STORE, 'storeName'],
    ['请上传店铺 Logo', STORE, 'storeLogo'],
    ['经营类目最多选 10 个', STORE, 'categoryIds'],
    ['店铺简介不能超过 500 个字', STORE, 'storeDescription'],
  ])('%s → %s', (message, fields, field) => {
    expect(fieldOfMessage(message, fields)).toBe(field);
  });

  it('a message about no field of this step stays above the buttons', () => {
    expect(fieldOfMessage('申请审核中，不能修改', COMPANY)).toBeNull();
    expect(fieldOfMessage('店铺名称已被使用', COMPANY)).toBeNull();
    expect(fieldOfMessage('系统繁忙，请稍后再试', STORE)).toBeNull();
  });

  it('a field the server names wins', () => {
    expect(fieldOfMessage('参数错误', BANK, 'bankBranch')).toBe('bankBranch');
    expect(fieldOfMessage('参数错误', BANK, 'nope')).toBeNull();
  });
});
