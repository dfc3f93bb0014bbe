import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { errorMessage } from '../../../lib/request.ts';
import { useRejectAfterSale } from '../api/rejectAfterSale.ts';

/** 拒绝: the reason (2–100 characters) is what the buyer reads on the request. */
export function RejectModal({ afterSaleNo, onClose }: { afterSaleNo: string | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectAfterSale();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (afterSaleNo) {
      form.resetFields();
      setError(null);
    }
  }, [afterSaleNo, form]);

  const submit = async ({ reason }: { reason: string }) => {
    if (!afterSaleNo) return;
    setError(null);
    try {
      await reject.mutateAsync({ afterSaleNo, reason: reason.trim() });
      void message.success('已拒绝该售后申请');
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      title="拒绝售后申请"
      open={Boolean(afterSaleNo)}
      onCancel={onClose}
      okText="确认拒绝"
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      confirmLoading={reject.isPending}
      destroyOnHidden
      width={480}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label="拒绝原因（买家可见）"
          rules={[
            { required: true, whitespace: true, message: '请填写拒绝原因' },
            { min: 2, message: '拒绝原因至少 2 个字符' },
            { max: 100, message: '拒绝原因不能超过 100 个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={100} showCount placeholder="如：商品已拆封使用，不符合无理由退货条件" />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
