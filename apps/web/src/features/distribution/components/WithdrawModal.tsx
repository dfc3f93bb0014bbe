import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { formatFen, WITHDRAWAL_METHOD_NAMES, yuanToFen, type DistributionIncome, type WithdrawalMethod } from '@mall/shared';
import { useFeedback } from '../../../lib/feedback.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useWithdraw, type WithdrawInput } from '../api/income.ts';

interface Values {
  amount: string;
  method: WithdrawalMethod;
  accountName: string;
  bankName?: string;
  accountNo: string;
}

/** 提现: an amount between the minimum and 可提现, to Alipay or a bank card; the server has the last word. */
export function WithdrawModal({ income, open, onClose }: { income: DistributionIncome; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const method = Form.useWatch('method', form) ?? 'ALIPAY';
  const withdraw = useWithdraw(income.programme);
  const { message } = useFeedback();
  const phone = useIsPhone();
  const [error, setError] = useState<string | null>(null);
  const available = income.balances.availableFen;
  const min = income.minWithdrawFen;

  const submit = async (v: Values) => {
    setError(null);
    const input: WithdrawInput = {
      programme: income.programme,
      amountFen: yuanToFen(v.amount)!,
      method: v.method,
      accountName: v.accountName.trim(),
      accountNo: v.accountNo.replace(/\s+/g, ''),
    };
    if (v.method === 'BANK') input.bankName = v.bankName?.trim();
    try {
      await withdraw.mutateAsync(input);
      void message.success('提现申请已提交，请等待审核');
      form.resetFields();
      onClose();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '提现失败，请稍后重试');
    }
  };

  return (
    <Modal
      title="申请提现"
      open={open}
      onCancel={onClose}
      okText="提交申请"
      cancelText="取消"
      confirmLoading={withdraw.isPending}
      onOk={() => form.submit()}
      width={phone ? 'calc(100vw - 24px)' : 480}
      destroyOnHidden
    >
      <p style={{ color: '#555' }}>
        可提现 <strong style={{ color: '#c41d24' }}>{formatFen(available)}</strong>，单笔最低 {formatFen(min)}
      </p>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ method: 'ALIPAY' }}
        onFinish={(v) => void submit(v)}
        aria-label="提现"
      >
        <Form.Item
          label="提现金额（元）"
          name="amount"
          rules={[
            { required: true, message: '请输入提现金额' },
            {
              validator: (_, value: string | undefined) => {
                if (!value) return Promise.resolve();
                const fen = yuanToFen(value);
                if (fen === null || fen <= 0) return Promise.reject(new Error('请输入正确的金额，最多两位小数'));
                if (fen < min) return Promise.reject(new Error(`单笔提现不能低于 ${formatFen(min)}`));
                if (fen > available) return Promise.reject(new Error(`不能超过可提现金额 ${formatFen(available)}`));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input
            inputMode="decimal"
            placeholder={`${(min / 100).toFixed(2)} 起`}
            suffix={
              <a
                onClick={(e) => {
                  e.preventDefault();
                  form.setFieldValue('amount', (available / 100).toFixed(2));
                }}
                href="#all"
                style={{ color: '#7b5a98' }}
              >
                全部提现
              </a>
            }
          />
        </Form.Item>
        <Form.Item label="提现方式" name="method">
          <Radio.Group
            options={(Object.keys(WITHDRAWAL_METHOD_NAMES) as WithdrawalMethod[]).map((m) => ({
              value: m,
              label: WITHDRAWAL_METHOD_NAMES[m],
            }))}
          />
        </Form.Item>
        <Form.Item
          label="收款人姓名"
          name="accountName"
          rules={[{ required: true, whitespace: true, message: '请输入收款人姓名' }]}
        >
          <Input maxLength={30} autoComplete="name" />
        </Form.Item>
        {method === 'BANK' ? (
          <Form.Item
            label="开户银行"
            name="bankName"
            rules={[{ required: true, whitespace: true, message: '请填写开户银行' }]}
          >
            <Input maxLength={30} placeholder="如：招商银行上海分行" />
          </Form.Item>
        ) : null}
        <Form.Item
          label={method === 'BANK' ? '银行卡号' : '支付宝账号'}
          name="accountNo"
          rules={[
            { required: true, whitespace: true, message: method === 'BANK' ? '请输入银行卡号' : '请输入支付宝账号' },
            method === 'BANK'
              ? {
                  // Spaces are for reading (6225 8888 …); the digits themselves are what counts.
                  validator: (_, value: string | undefined) =>
                    !value?.trim() || /^\d{12,19}$/.test(value.replace(/\s+/g, ''))
                      ? Promise.resolve()
                      : Promise.reject(new Error('银行卡号应为 12–19 位数字')),
                }
              : { max: 120, message: '账号太长' },
          ]}
        >
          <Input
            maxLength={method === 'BANK' ? 23 : 120}
            inputMode={method === 'BANK' ? 'numeric' : 'email'}
            placeholder={method === 'BANK' ? '12–19 位银行卡号' : '手机号或邮箱'}
          />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Form>
    </Modal>
  );
}
