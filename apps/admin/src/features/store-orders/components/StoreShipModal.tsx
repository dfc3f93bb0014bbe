import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { CARRIERS, TRACKING_NO_PATTERN } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { useShipStoreOrder } from '../api/storeOrders.ts';
import styles from './store-orders.module.css';

export interface StoreShipTarget {
  orderNo: string;
  receiver: string;
  address: string;
  afterSaleOpen?: boolean;
}

interface Values {
  company: string;
  trackingNo: string;
}

/**
 * 发货 of this store's lines: a carrier from the shared list and the tracking number, checked as the
 * console's 订单发货 checks them; the server's refusal (shipped already, not paid) stays in the dialog.
 */
export function StoreShipModal({ target, onClose }: { target: StoreShipTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const ship = useShipStoreOrder();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (target) {
      form.resetFields();
      setError(null);
    }
  }, [target, form]);

  const submit = async (values: Values) => {
    if (!target) return;
    setError(null);
    try {
      await ship.mutateAsync({
        orderNo: target.orderNo,
        company: values.company,
        trackingNo: values.trackingNo.trim(),
      });
      void message.success('已发货，买家可在订单详情中查看物流');
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      title="本店发货"
      open={Boolean(target)}
      onCancel={onClose}
      okText="确认发货"
      cancelText="取消"
      onOk={() => form.submit()}
      confirmLoading={ship.isPending}
      destroyOnHidden
      width={480}
    >
      {target ? (
        <div className={styles.shipTarget}>
          <div>
            订单号 <Typography.Text className={styles.mono}>{target.orderNo}</Typography.Text>
          </div>
          <div className={styles.muted}>
            {target.receiver} · {target.address}
          </div>
        </div>
      ) : null}
      {target?.afterSaleOpen ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="该订单有售后申请正在处理，发货前请先确认售后进度"
        />
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item name="company" label="快递公司" rules={[{ required: true, message: '请选择快递公司' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择快递公司"
            aria-label="快递公司"
            options={CARRIERS.map((c) => ({ value: c.name, label: c.name }))}
          />
        </Form.Item>
        <Form.Item
          name="trackingNo"
          label="运单号"
          rules={[
            { required: true, whitespace: true, message: '请填写运单号' },
            { max: 40, message: '运单号不能超过 40 个字符' },
            { pattern: TRACKING_NO_PATTERN, message: '运单号只能包含字母、数字和短横线' },
          ]}
        >
          <Input placeholder="如 SF1234567890" maxLength={40} autoComplete="off" aria-label="运单号" />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="dialog-error" /> : null}
    </Modal>
  );
}
