import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { errorMessage } from '../../../lib/request.ts';
import { useSaveRemark } from '../api/saveRemark.ts';

export interface RemarkTarget {
  orderNo: string;
  remark: string;
}

/** 备注: the operators' own note on an order, never shown to the buyer; empty clears it. */
export function RemarkModal({ target, onClose }: { target: RemarkTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<{ remark: string }>();
  const save = useSaveRemark();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (target) {
      form.setFieldsValue({ remark: target.remark });
      setError(null);
    }
  }, [target, form]);

  const submit = async ({ remark }: { remark: string }) => {
    if (!target) return;
    setError(null);
    try {
      await save.mutateAsync({ orderNo: target.orderNo, remark: remark?.trim() ?? '' });
      void message.success(remark?.trim() ? '备注已保存' : '备注已清除');
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      title="运营备注"
      open={Boolean(target)}
      onCancel={onClose}
      okText="保存"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={480}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="remark"
          label="备注仅运营人员可见，买家看不到"
          rules={[{ max: 200, message: '备注不能超过 200 个字符' }]}
        >
          <Input.TextArea rows={4} maxLength={200} showCount placeholder="如：买家来电要求周末送货" />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
