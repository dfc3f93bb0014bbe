import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, InputNumber, Modal, Segmented, Tag } from 'antd';
import { STOCK_ADJUST_MAX, type ConsoleSkuStock } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { useAdjustStock } from '../api/adjustStock.ts';
import styles from './inventory.module.css';

interface Values {
  direction: 'add' | 'remove';
  quantity: number | null;
  reason: string;
}

const QUICK_REASONS = ['盘点差异', '报损：破损或过期', '补货入库', '线下退货入库', '样品领用'];

/** 调整库存: add or take away units with a reason; the ledger keeps who, why and the stock after. */
export function AdjustStockModal({ sku, onClose }: { sku: ConsoleSkuStock | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const adjust = useAdjustStock();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const direction = Form.useWatch('direction', form) ?? 'add';
  const quantity = Form.useWatch('quantity', form) ?? 0;

  useEffect(() => {
    if (sku) {
      form.setFieldsValue({ direction: 'add', quantity: null, reason: '' });
      setError(null);
    }
  }, [sku, form]);

  const change = (direction === 'add' ? 1 : -1) * (quantity || 0);
  const after = (sku?.stock ?? 0) + change;

  const submit = async (v: Values) => {
    if (!sku || !v.quantity) return;
    setError(null);
    try {
      const done = await adjust.mutateAsync({
        skuId: sku.skuId,
        change: (v.direction === 'add' ? 1 : -1) * v.quantity,
        reason: v.reason.trim(),
      });
      void message.success(`库存已调整：${done.before} → ${done.after}`);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      title="调整库存"
      open={Boolean(sku)}
      onCancel={onClose}
      okText="确认调整"
      onOk={() => form.submit()}
      confirmLoading={adjust.isPending}
      destroyOnHidden
      width={520}
    >
      {sku ? (
        <div className={styles.skuBox}>
          {sku.image ? <img className={styles.thumb} src={sku.image} alt="" /> : null}
          <div style={{ minWidth: 0, flex: 1 }}>
            <div className={styles.goodsName}>{sku.goodsName}</div>
            <div className={styles.sub}>
              {sku.specText || '默认规格'} · 规格编号 {sku.skuId}
            </div>
          </div>
          <div style={{ textAlign: 'right' }}>
            <div className={styles.sub}>当前库存</div>
            <div className={styles.stock}>{sku.stock}</div>
          </div>
        </div>
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ direction: 'add' }}
        requiredMark={false}
      >
        <Form.Item label="调整方式" name="direction">
          <Segmented
            options={[
              { value: 'add', label: '增加库存' },
              { value: 'remove', label: '减少库存' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="数量（件）"
          name="quantity"
          rules={[
            { required: true, message: '请填写调整数量' },
            {
              validator: (_, v: number | null) =>
                v && direction === 'remove' && sku && v > sku.stock
                  ? Promise.reject(new Error(`当前库存 ${sku.stock} 件，最多减少 ${sku.stock} 件`))
                  : Promise.resolve(),
            },
          ]}
        >
          <InputNumber min={1} max={STOCK_ADJUST_MAX} precision={0} style={{ width: 200 }} placeholder="1 - 1000000" />
        </Form.Item>
        {sku && quantity ? (
          <div className={styles.preview}>
            调整后库存
            <span className={after < 0 ? styles.previewBad : styles.previewValue}>{after}</span>
            <span className={change > 0 ? styles.plus : styles.minus}>
              （{change > 0 ? '+' : ''}
              {change}）
            </span>
          </div>
        ) : null}
        <Form.Item
          label="调整原因"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: '请填写调整原因' },
            { min: 2, message: '调整原因至少 2 个字符' },
            { max: 100, message: '调整原因不能超过 100 个字符' },
          ]}
          extra={
            <div className={styles.chips}>
              {QUICK_REASONS.map((r) => (
                <Tag key={r} style={{ cursor: 'pointer' }} onClick={() => form.setFieldValue('reason', r)}>
                  {r}
                </Tag>
              ))}
            </div>
          }
        >
          <Input.TextArea rows={2} maxLength={100} showCount placeholder="如：月末盘点，实物比系统少 2 件" />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
