import { useState } from 'react';
import { Checkbox, Form, Input, Modal, Rate, type UploadFile } from 'antd';
import { REVIEW_MAX_IMAGES, REVIEW_MAX_TEXT, REVIEW_RATING_TEXT } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { ImageUpload, uploadedNames, type UploadedImage } from '../../../components/ImageUpload.tsx';
import { REVIEW_UPLOAD_URL, useCreateReview, useFollowUp, type TodoState } from '../api/reviews.ts';
import { useFeedback } from '../../../lib/feedback.ts';

/** The order line being reviewed, as the list shows it. */
export interface ReviewTarget {
  orderItemId: string;
  name: string;
  image: string | null;
  specText: string;
  mode: TodoState;
}

interface Values {
  rating: number;
  content: string;
  anonymous: boolean;
}

/** 评价 (stars, text, up to 9 photos, 匿名) or 追评 (text and photos) of one order line. */
export function ReviewModal({ target, onClose }: { target: ReviewTarget | null; onClose: () => void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile<UploadedImage>[]>([]);
  const create = useCreateReview();
  const followUp = useFollowUp();
  const rating = Form.useWatch('rating', form) ?? 5;
  const isFollowUp = target?.mode === 'FOLLOW_UP';
  const uploading = files.some((f) => f.status === 'uploading');

  const close = () => {
    setFiles([]);
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    const v = await form.validateFields();
    if (uploading) return void message.warning('图片上传中，请稍候');
    const base = { orderItemId: target!.orderItemId, content: v.content.trim(), images: uploadedNames(files) };
    if (isFollowUp) await followUp.mutateAsync(base);
    else await create.mutateAsync({ ...base, rating: v.rating, anonymous: Boolean(v.anonymous) });
    void message.success(isFollowUp ? '追评成功' : '评价成功');
    close();
  };

  return (
    <Modal
      title={isFollowUp ? '追加评价' : '评价晒单'}
      open={Boolean(target)}
      onCancel={close}
      onOk={() => void submit().catch(() => undefined)}
      okText={isFollowUp ? '提交追评' : '提交评价'}
      cancelText="取消"
      confirmLoading={create.isPending || followUp.isPending}
      okButtonProps={{ disabled: uploading }}
      destroyOnHidden
      width={600}
    >
      {target ? (
        <>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', background: '#fafafa', padding: 12, borderRadius: 8, marginBottom: 16 }}>
            <GoodsThumb src={target.image} alt={target.name} size={56} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ overflowWrap: 'anywhere' }}>{target.name}</div>
              {target.specText ? <div style={{ color: '#6b6b6b', fontSize: 12 }}>{target.specText}</div> : null}
            </div>
          </div>
          <Form form={form} layout="vertical" name="review" initialValues={{ rating: 5, content: '', anonymous: false }}>
            {isFollowUp ? null : (
              <Form.Item name="rating" label="商品评分" rules={[{ required: true, message: '请选择评分' }]} extra={REVIEW_RATING_TEXT[rating]}>
                <Rate allowClear={false} aria-label="商品评分" tooltips={['非常差', '差', '一般', '好', '非常好']} />
              </Form.Item>
            )}
            <Form.Item
              name="content"
              label={isFollowUp ? '追评内容' : '评价内容'}
              rules={[
                { required: true, whitespace: true, message: isFollowUp ? '请填写追评内容' : '请填写评价内容' },
                { max: REVIEW_MAX_TEXT, message: `最多 ${REVIEW_MAX_TEXT} 个字` },
              ]}
            >
              <Input.TextArea
                rows={4}
                maxLength={REVIEW_MAX_TEXT}
                showCount
                aria-label={isFollowUp ? '追评内容' : '评价内容'}
                placeholder={isFollowUp ? '用了一段时间，说说使用感受吧' : '说说商品的优点和不足，帮助其他买家做决定'}
              />
            </Form.Item>
            <Form.Item label={`晒图（最多 ${REVIEW_MAX_IMAGES} 张，JPG/PNG/WebP，单张不超过 5MB）`}>
              <ImageUpload url={REVIEW_UPLOAD_URL} max={REVIEW_MAX_IMAGES} files={files} onChange={setFiles} label="添加图片" />
            </Form.Item>
            {isFollowUp ? null : (
              <Form.Item name="anonymous" valuePropName="checked" style={{ marginBottom: 0 }}>
                <Checkbox>匿名评价（昵称将显示为首字加 ***）</Checkbox>
              </Form.Item>
            )}
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
