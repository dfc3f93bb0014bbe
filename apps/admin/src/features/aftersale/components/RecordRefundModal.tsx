import { useEffect, useState } from 'react';
import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import type { ConsoleManualRefund } from '@mall/shared';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useRecordManualRefund } from '../api/recordManualRefund.ts';
import styles from './aftersale.module.css';

/**
 * 登记已退款: after giving the money back outside the shop (the provider's merchant console, a bank
 * transfer), the operator records how; the payment then counts as refunded, once.
 */
export function RecordRefundModal({ payment, onClose }: { payment: ConsoleManualRefund | null; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  const record = useRecordManualRefund();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (payment) {
      form.resetFields();
      setError(null);
    }
  }, [payment, form]);

  const submit = async ({ note }: { note: string }) => {
    if (!payment) return;
    setError(null);
    try {
      await record.mutateAsync({ paymentId: payment.id, note: note.trim() });
      void message.success(`已登记退款 ${formatFen(payment.amount)}`);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      title="登记已退款"
      open={Boolean(payment)}
      onCancel={onClose}
      okText={payment ? `确认已退回 ${formatFen(payment.amount)}` : '确认'}
      onOk={() => form.submit()}
      confirmLoading={record.isPending}
      destroyOnHidden
      width={520}
    >
      {payment ? (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="请先在支付平台（或通过银行转账）把款项退给买家，再在此登记。登记后不能撤销。"
          />
          <Descriptions
            size="small"
            column={1}
            colon={false}
            styles={{ label: { width: 84, color: 'rgba(0, 0, 0, 0.6)' } }}
          >
            <Descriptions.Item label="订单号">
              <span className={styles.mono}>{payment.orderNo}</span>
            </Descriptions.Item>
            <Descriptions.Item label="退款金额">
              <span className={styles.refundAmount}>{formatFen(payment.amount)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="支付方式">{payment.providerText}</Descriptions.Item>
            <Descriptions.Item label="交易号">
              <span className={styles.mono}>{payment.tradeNo ?? '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="收款时间">{formatTime(payment.paidAt ?? payment.createdAt)}</Descriptions.Item>
          </Descriptions>
        </>
      ) : null}
      <Form form={form} layout="vertical" onFinish={submit} style={{ marginTop: 12 }}>
        <Form.Item
          name="note"
          label="退款说明"
          rules={[
            { required: true, whitespace: true, message: '请填写退款说明' },
            { min: 2, message: '退款说明至少 2 个字符' },
            { max: 200, message: '退款说明不能超过 200 个字符' },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder="如：已在支付宝商家后台原路退款，退款单号 2026112322001"
          />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
