import { useEffect, useState, type CSSProperties } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select, type UploadFile } from 'antd';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { useNavigate } from 'react-router';
import { formatFen, type AfterSaleType, type AfterSaleUpload } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { StickyBar } from '../../../components/phone/StickyBar.tsx';
import { Loading } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useApplyAfterSale, useApplyInfo } from '../api/applyAfterSale.ts';
import { refundEstimate } from '../lib/refundEstimate.ts';
import { EvidenceUpload } from './EvidenceUpload.tsx';
import { useFeedback } from '../../../lib/feedback.ts';

interface Values {
  type: AfterSaleType;
  reason: string;
  description: string;
  quantity: number;
}

/** 申请售后 for one order item: type, reason, description, quantity, pictures; the refund is the server's. */
export function ApplyAfterSaleModal({ orderItemId, onClose }: { orderItemId: string | undefined; onClose: () => void }) {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const info = useApplyInfo(orderItemId);
  const apply = useApplyAfterSale();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile<AfterSaleUpload>[]>([]);
  const quantity = Form.useWatch('quantity', form) ?? info.data?.maxQuantity ?? 1;
  const data = info.data;

  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({ type: data.types[0]?.value, reason: undefined, description: '', quantity: data.maxQuantity || 1 });
    setFiles([]);
  }, [data, form]);

  const uploading = files.some((f) => f.status === 'uploading');
  const submit = async () => {
    const v = await form.validateFields();
    if (uploading) return void message.warning('图片上传中，请稍候');
    const images = files.filter((f) => f.status === 'done' && f.response).map((f) => f.response!.name);
    const created = await apply.mutateAsync({ orderItemId: orderItemId!, ...v, description: v.description?.trim() ?? '', images });
    void message.success('售后申请已提交');
    onClose();
    void navigate(`/user/order/afterSaleOrderDetail/${created.id}`);
  };

  return (
    <Modal
      title="申请售后"
      open={Boolean(orderItemId)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={640}
      // The dialog covers the phone tab bar, so its action bar sits at the very bottom.
      styles={{ body: { '--phone-tabbar-height': '0px' } as CSSProperties }}
    >
      {info.isLoading ? (
        <Loading />
      ) : info.isError || !data ? (
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', background: '#fafafa', padding: 12, borderRadius: 8, marginBottom: 16 }}>
            <GoodsThumb src={data.goods.image} alt={data.goods.name} size={56} />
            <div style={{ flex: 1 }}>
              <div>{data.goods.name}</div>
              <div style={{ color: '#6b6b6b', fontSize: 12 }}>
                {data.goods.specText} 购买 {data.goods.boughtQuantity} 件，实付 {formatFen(data.paidShare)}
              </div>
            </div>
          </div>
          {data.maxQuantity === 0 ? (
            <Alert type="warning" showIcon title="该商品已全部申请售后，请勿重复申请" />
          ) : (
            <Form form={form} layout="vertical" name="afterSale">
              <Form.Item name="type" label="售后类型" rules={[{ required: true, message: '请选择售后类型' }]}>
                <Radio.Group optionType="button" options={data.types.map((t) => ({ value: t.value, label: t.label }))} />
              </Form.Item>
              <Form.Item name="reason" label="售后原因" rules={[{ required: true, message: '请选择售后原因' }]}>
                <Select placeholder="请选择售后原因" aria-label="售后原因" options={data.reasons.map((r) => ({ value: r, label: r }))} />
              </Form.Item>
              <Form.Item name="quantity" label={`申请数量（最多 ${data.maxQuantity} 件）`} rules={[{ required: true, message: '请填写申请数量' }]}>
                <NumberInput min={1} max={data.maxQuantity} precision={0} aria-label="申请数量" />
              </Form.Item>
              <Form.Item label="退款金额">
                <span style={{ color: '#d0252b', fontSize: 18, fontWeight: 600 }} data-testid="refund-estimate">
                  {formatFen(refundEstimate(data, Math.max(1, Math.min(quantity, data.maxQuantity))))}
                </span>
                <span style={{ color: '#6b6b6b', marginLeft: 8 }}>最多可退 {formatFen(data.maxRefund)}（含运费与优惠分摊，以实际退款为准）</span>
              </Form.Item>
              <Form.Item name="description" label="问题描述" rules={[{ max: 500, message: '问题描述最多 500 个字' }]}>
                <Input.TextArea rows={3} maxLength={500} showCount placeholder="请描述遇到的问题（选填）" />
              </Form.Item>
              <Form.Item label="上传凭证（最多 6 张，JPG/PNG/WebP，单张不超过 5MB）">
                <EvidenceUpload files={files} onChange={setFiles} />
              </Form.Item>
              {data.windowEndsAt ? <div style={{ color: '#6b6b6b', fontSize: 12 }}>售后申请截止：{formatTime(data.windowEndsAt, 'YYYY-MM-DD HH:mm')}</div> : null}
            </Form>
          )}
        </>
      )}
      {/* The form is taller than a screen: 提交申请 stays in view as the page's action bars do. */}
      <StickyBar label="提交申请栏">
        <span style={{ flex: 1 }} />
        <Button onClick={onClose}>取消</Button>
        <Button
          type="primary"
          loading={apply.isPending}
          disabled={!data || data.maxQuantity === 0 || uploading}
          onClick={() => void submit().catch(() => undefined)}
        >
          提交申请
        </Button>
      </StickyBar>
    </Modal>
  );
}
