import { SUPPLIER_LIMITS as L } from '@mall/shared';
import { Form, Input } from 'antd';
import { saveBank } from '../api/application.ts';
import { textRules, trimmed } from '../lib/rules.ts';
import { useStepSave } from '../lib/useStepSave.ts';
import type { SupplierApplicationView } from '../types.ts';
import { StepActions } from './StepActions.tsx';

interface Values {
  bankName: string;
  bankBranch: string;
  bankAccount: string;
}

const FIELDS = ['bankName', 'bankBranch', 'bankAccount'];
/** Digits only; the buyer may type it in groups of four as the card shows it. */
const normaliseAccount = (v: string | undefined) => (v ?? '').replace(/[\s-]+/g, '');

/** Step 2 结算账户: the company's own bank account (its name is the company's), where sales are paid. */
export function BankStep({
  app,
  onSaved,
  onBack,
}: {
  app: SupplierApplicationView;
  onSaved: (view: SupplierApplicationView) => void;
  onBack: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const actions = useStepSave(
    form,
    FIELDS,
    saveBank,
    (v: Values) => ({ bankName: trimmed(v.bankName), bankBranch: trimmed(v.bankBranch), bankAccount: normaliseAccount(v.bankAccount) }),
    onSaved,
  );
  const b = app.bank;

  return (
    <Form form={form} layout="vertical" name="supplier-bank" requiredMark initialValues={b ? { bankName: b.bankName, bankBranch: b.bankBranch } : undefined}>
      <Form.Item label="开户名" extra="结算账户须为企业对公账户，开户名即公司名称">
        <Input value={app.company?.companyName ?? ''} disabled aria-label="开户名" />
      </Form.Item>
      <Form.Item name="bankName" label="开户银行" rules={textRules('开户银行', ...L.bankName)}>
        <Input maxLength={40} placeholder="如：中国工商银行" />
      </Form.Item>
      <Form.Item name="bankBranch" label="开户支行" rules={textRules('开户支行', ...L.bankBranch)}>
        <Input maxLength={60} placeholder="如：中国工商银行杭州西湖支行" />
      </Form.Item>
      <Form.Item
        name="bankAccount"
        label="银行账号"
        extra={b ? `已保存的账号为 ${b.accountMasked}；为保护信息安全不再完整显示，保存本步时请重新填写` : '加密保存，仅显示末 4 位'}
        rules={[
          { required: true, whitespace: true, message: '请填写银行账号' },
          {
            validator: (_, v: string | undefined) => {
              const digits = normaliseAccount(v);
              if (!digits) return Promise.resolve();
              return /^\d{12,30}$/.test(digits) ? Promise.resolve() : Promise.reject(new Error('银行账号应为 12–30 位数字'));
            },
          },
        ]}
      >
        <Input maxLength={40} inputMode="numeric" autoComplete="off" placeholder="12–30 位数字" />
      </Form.Item>
      <StepActions {...actions} onBack={onBack} primary="保存并下一步" />
    </Form>
  );
}
