import { useState } from 'react';
import { Modal, Radio, Space } from 'antd';
import { CANCEL_REASONS } from '../types.ts';

/** 取消订单 asks why (the reason goes on the order's timeline). */
export function CancelOrderModal({ open, loading, onCancel, onConfirm }: { open: boolean; loading: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const [reason, setReason] = useState(CANCEL_REASONS[0]!);
  return (
    <Modal
      title="取消订单"
      open={open}
      onCancel={onCancel}
      onOk={() => onConfirm(reason)}
      okText="确定取消"
      cancelText="再想想"
      confirmLoading={loading}
      okButtonProps={{ danger: true }}
      destroyOnHidden
    >
      <p style={{ color: '#666' }}>订单取消后无法恢复，商品库存将被释放。请选择取消原因：</p>
      <Radio.Group value={reason} onChange={(e) => setReason(e.target.value as string)} aria-label="取消原因">
        <Space direction="vertical">
          {CANCEL_REASONS.map((r) => (
            <Radio key={r} value={r}>
              {r}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
