import { Form, Input } from 'antd';
import { creditCodeProblem, MOBILE_PATTERN, normaliseCreditCode, SUPPLIER_LIMITS as L } from '@mall/shared';
import { RegionCascader } from '../../../components/RegionCascader.tsx';
import { idNumberProblem, normaliseIdNumber } from '../../../lib/idNumber.ts';
import { saveCompany } from '../api/application.ts';
import { problemRule, textRules, trimmed } from '../lib/rules.ts';
import { useStepSave } from '../lib/useStepSave.ts';
import type { SupplierApplicationView } from '../types.ts';
import { ImageField } from './ImageField.tsx';
import { StepActions } from './StepActions.tsx';

interface Values {
  companyName: string;
  creditCode: string;
  licenceImage?: string;
  legalName: string;
  legalIdNumber: string;
  region: string[];
  addressDetail: string;
  contactName: string;
  contactMobile: string;
}

const FIELDS = ['companyName', 'creditCode', 'licenceImage', 'legalName', 'legalIdNumber', 'region', 'addressDetail', 'contactName', 'contactMobile'];

function toInput(v: Values) {
  const [provinceCode, cityCode, districtCode] = v.region;
  return {
    companyName: trimmed(v.companyName),
    creditCode: normaliseCreditCode(v.creditCode),
    licenceImage: v.licenceImage ?? '',
    legalName: trimmed(v.legalName),
    legalIdNumber: normaliseIdNumber(v.legalIdNumber),
    provinceCode: provinceCode!,
    cityCode: cityCode!,
    districtCode: districtCode!,
    addressDetail: trimmed(v.addressDetail),
    contactName: trimmed(v.contactName),
    contactMobile: trimmed(v.contactMobile),
  };
}

/** Step 1 企业信息: the company, its licence, the legal person, the registered address and the contact. */
export function CompanyStep({ app, onSaved }: { app: SupplierApplicationView | null; onSaved: (view: SupplierApplicationView) => void }) {
  const [form] = Form.useForm<Values>();
  const actions = useStepSave(form, FIELDS, saveCompany, toInput, onSaved);
  const c = app?.company ?? null;

  return (
    <Form
      form={form}
      layout="vertical"
      name="supplier-company"
      requiredMark
      initialValues={
        c
          ? {
              companyName: c.companyName,
              creditCode: c.creditCode,
              licenceImage: c.licenceImage,
              legalName: c.legalName,
              region: [c.provinceCode, c.cityCode, c.districtCode],
              addressDetail: c.addressDetail,
              contactName: c.contactName,
              contactMobile: c.contactMobile,
            }
          : undefined
      }
    >
      <Form.Item name="companyName" label="公司名称" extra="与营业执照上的名称一致" rules={textRules('公司名称', ...L.companyName)}>
        <Input maxLength={60} placeholder="如：杭州山野茶业有限公司" autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="creditCode"
        label="统一社会信用代码"
        rules={[problemRule(creditCodeProblem)]}
        required
      >
        <Input maxLength={22} placeholder="18 位，见营业执照" />
      </Form.Item>
      <Form.Item name="licenceImage" label="营业执照" extra="清晰的营业执照照片或扫描件，JPG、PNG 或 WebP，不超过 5MB；仅平台审核人员可见" rules={[{ required: true, message: '请上传营业执照' }]}>
        <ImageField uploadUrl="/member/supplier/upload?kind=licence" savedUrl={c?.licenceUrl} label="上传营业执照" />
      </Form.Item>
      <Form.Item name="legalName" label="法人姓名" rules={textRules('法人姓名', ...L.legalName)}>
        <Input maxLength={30} placeholder="与营业执照一致" />
      </Form.Item>
      <Form.Item
        name="legalIdNumber"
        label="法人身份证号"
        extra={c ? `已保存的号码为 ${c.legalIdMasked}；为保护信息安全不再完整显示，保存本步时请重新填写` : '加密保存，仅显示部分号码'}
        rules={[problemRule(idNumberProblem)]}
        required
      >
        <Input maxLength={22} placeholder="18 位居民身份证号码" autoComplete="off" />
      </Form.Item>
      <Form.Item name="region" label="注册地址" rules={[{ required: true, type: 'array', len: 3, message: '请选择省 / 市 / 区县' }]}>
        <RegionCascader label="注册地址" />
      </Form.Item>
      <Form.Item name="addressDetail" label="详细地址" rules={textRules('详细地址', ...L.addressDetail)}>
        <Input.TextArea maxLength={130} rows={2} placeholder="街道、门牌号、楼栋、室" />
      </Form.Item>
      <Form.Item name="contactName" label="联系人" rules={textRules('联系人', ...L.contactName)}>
        <Input maxLength={30} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="contactMobile"
        label="联系手机"
        extra="审核中如需核实资料，平台将拨打此号码"
        rules={[
          { required: true, whitespace: true, message: '请填写联系手机' },
          { pattern: MOBILE_PATTERN, message: '联系手机格式不正确' },
        ]}
      >
        <Input maxLength={11} inputMode="numeric" autoComplete="tel" placeholder="11 位手机号" />
      </Form.Item>
      <StepActions {...actions} primary="保存并下一步" />
    </Form>
  );
}
