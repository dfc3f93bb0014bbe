import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { CARRIERS, TRACKING_NO_PATTERN } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import styles from './ShipModal.module.css';

export interface ShipTarget {
  orderNo: string;
  receiver: string;
  address: string;
  /** An after-sale is being handled on the order: said before shipping. */
  afterSaleOpen?: boolean;
}

/** What a ship call sends: the carrier's name from the shared list and the tracking number, trimmed. */
export interface ShipInput {
  orderNo: string;
  company: string;
  trackingNo: string;
}

interface Values {
  company: string;
  trackingNo: string;
}

/** The screen's names for the two fields. */
export interface ShipWords {
  carrier: string;
  trackingNo: string;
}
const SHOP_WORDS: ShipWords = { carrier: '物流公司', trackingNo: '物流单号' };

/**
 * 发货: a carrier from the shared list and the tracking number, checked as the server checks them;
 * the buyer sees both at once. The screen brings its own ship call (the whole order, or a store's
 * lines); the server's refusal (shipped already, not paid) stays in the dialog.
 */
export function ShipModal({
  target,
  onClose,
  ship,
  title,
  words = SHOP_WORDS,
}: {
  target: ShipTarget | null;
  onClose: () => void;
  ship: { mutateAsync: (input: ShipInput) => Promise<unknown>; isPending: boolean };
  title: string;
  words?: ShipWords;
}) {
  const [form] = Form.useForm<Values>();
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
      title={title}
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
        <div className={styles.target}>
          <div>
            订单号 <Typography.Text className={styles.orderNo}>{target.orderNo}</Typography.Text>
          </div>
          <div className={styles.receiver}>
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
        <Form.Item name="company" label={words.carrier} rules={[{ required: true, message: `请选择${words.carrier}` }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={`选择${words.carrier}`}
            aria-label={words.carrier}
            options={CARRIERS.map((c) => ({ value: c.name, label: c.name }))}
          />
        </Form.Item>
        <Form.Item
          name="trackingNo"
          label={words.trackingNo}
          rules={[
            { required: true, whitespace: true, message: `请填写${words.trackingNo}` },
            { max: 40, message: `${words.trackingNo}不能超过 40 个字符` },
            { pattern: TRACKING_NO_PATTERN, message: `${words.trackingNo}只能包含字母、数字和短横线` },
          ]}
        >
          <Input placeholder="如 SF1234567890" maxLength={40} autoComplete="off" aria-label={words.trackingNo} />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="dialog-error" /> : null}
    </Modal>
  );
}
