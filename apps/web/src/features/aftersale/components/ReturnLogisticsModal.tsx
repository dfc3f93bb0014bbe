import { Form, Input, Modal, Select } from 'antd';
import { useSubmitReturn } from '../api/afterSaleActions.ts';
import { useFeedback } from '../../../lib/feedback.ts';

const COMPANIES = ['顺丰速运', '中通快递', '圆通速递', '韵达快递', '申通快递', '京东物流', '邮政EMS', '极兔速递'];

/** 填写退货物流: the carrier and tracking number of the parcel sent back. */
export function ReturnLogisticsModal({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<{ company: string; trackingNo: string }>();
  const submit = useSubmitReturn();
  const onOk = async () => {
    const v = await form.validateFields();
    await submit.mutateAsync({ id, company: v.company, trackingNo: v.trackingNo.trim() });
    void message.success('退货物流已提交');
    onClose();
  };
  return (
    <Modal title="填写退货物流" open={open} onCancel={onClose} onOk={() => void onOk().catch(() => undefined)} okText="提交" cancelText="取消" confirmLoading={submit.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" name="returnLogistics">
        <Form.Item name="company" label="物流公司" rules={[{ required: true, message: '请选择物流公司' }]}>
          <Select placeholder="请选择物流公司" options={COMPANIES.map((c) => ({ value: c, label: c }))} showSearch />
        </Form.Item>
        <Form.Item
          name="trackingNo"
          label="物流单号"
          rules={[
            { required: true, whitespace: true, message: '请填写物流单号' },
            { pattern: /^[A-Za-z0-9-]{4,40}$/, message: '物流单号为 4–40 位字母、数字或短横线' },
          ]}
        >
          <Input placeholder="请填写物流单号" maxLength={40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
