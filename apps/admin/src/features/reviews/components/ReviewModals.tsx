import { App } from 'antd';
import type { ConsoleReview } from '@mall/shared';
import { TextDialog } from '../../../components/TextDialog.tsx';
import { useHideReview, useReplyReview } from '../api/reviews.ts';

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
      multiline
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
      multiline
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
