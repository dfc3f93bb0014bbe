import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import type { ConsoleReview } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { useHideReview, useReplyReview } from '../api/reviews.ts';

/** One text field in a dialog; the server's refusal shows under it. */
function TextDialog({
  open,
  title,
  label,
  okText,
  danger,
  min,
  max,
  initial,
  placeholder,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  okText: string;
  danger?: boolean;
  min: number;
  max: number;
  initial?: string;
  placeholder: string;
  pending: boolean;
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ text: string }>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      form.setFieldsValue({ text: initial ?? '' });
      setError(null);
    }
  }, [open, initial, form]);

  const submit = async ({ text }: { text: string }) => {
    setError(null);
    try {
      await onSubmit(text.trim());
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      okText={okText}
      okButtonProps={{ danger }}
      cancelText="取消"
      onOk={() => form.submit()}
      confirmLoading={pending}
      destroyOnHidden
      width={520}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="text"
          label={label}
          rules={[
            { required: true, whitespace: true, message: `请填写${label}` },
            { min, message: `${label}至少 ${min} 个字符` },
            { max, message: `${label}不能超过 ${max} 个字符` },
          ]}
        >
          <Input.TextArea rows={4} maxLength={max} showCount placeholder={placeholder} aria-label={label} />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}

/** 隐藏评价: the review leaves the goods page at once; the reason stays in the console and the log. */
export function HideReviewModal({ review, onClose }: { review: ConsoleReview | null; onClose: () => void }) {
  const hide = useHideReview();
  const { message } = App.useApp();
  return (
    <TextDialog
      open={Boolean(review)}
      title="隐藏评价"
      label="隐藏原因"
      okText="确认隐藏"
      danger
      min={2}
      max={100}
      placeholder="如：含广告或联系方式、与商品无关、辱骂他人"
      pending={hide.isPending}
      onSubmit={async (reason) => {
        await hide.mutateAsync({ id: review!.id, reason });
        void message.success('评价已隐藏，买家端不再展示');
      }}
      onClose={onClose}
    />
  );
}

/** 回复评价: shown under the review on the goods page as 商家回复; a new reply replaces the old one. */
export function ReplyReviewModal({ review, onClose }: { review: ConsoleReview | null; onClose: () => void }) {
  const reply = useReplyReview();
  const { message } = App.useApp();
  return (
    <TextDialog
      open={Boolean(review)}
      title={review?.reply ? '修改回复' : '回复评价'}
      label="回复内容"
      okText="发布回复"
      min={1}
      max={500}
      initial={review?.reply?.content}
      placeholder="买家和其他顾客都能在商品评价中看到这条回复"
      pending={reply.isPending}
      onSubmit={async (content) => {
        await reply.mutateAsync({ id: review!.id, content });
        void message.success('回复已发布');
      }}
      onClose={onClose}
    />
  );
}
