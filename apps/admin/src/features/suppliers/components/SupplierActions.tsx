import { App } from 'antd';
import { ReviewActions } from '../../../components/ReviewActions.tsx';
import { TextDialog } from '../../../components/TextDialog.tsx';
import { useApproveSupplier, useRejectSupplier } from '../api/suppliers.ts';

/** What 通过 / 驳回 need to know of an application (a list row or the detail). */
export interface ReviewTarget {
  id: string;
  status: string;
  companyName: string | null;
  storeName: string | null;
}

/** 通过 / 驳回 of a 待审核 application; 驳回 opens the screen's reason dialog. */
export function SupplierActions({
  a,
  onReject,
  type = 'link',
}: {
  a: ReviewTarget;
  onReject: (a: ReviewTarget) => void;
  type?: 'link' | 'default';
}) {
  const { message } = App.useApp();
  const approve = useApproveSupplier();
  if (a.status !== 'PENDING') return null;
  return (
    <ReviewActions
      type={type}
      approve={{
        title: `通过「${a.storeName ?? a.companyName ?? ''}」的入驻申请？`,
        description: '通过后开通店铺，供应商可用会员账号登录管理后台上传商品。',
        onConfirm: async () => {
          const done = await approve.mutateAsync({ id: a.id });
          void message.success(`已通过，店铺「${done.storeName}」已开通`);
        },
      }}
      onReject={() => onReject(a)}
    />
  );
}

/** 驳回申请: the reason the applicant will read (1–200); the server's refusal stays in the dialog. */
export function RejectSupplierDialog({ a, onClose }: { a: ReviewTarget | null; onClose: () => void }) {
  const { message } = App.useApp();
  const reject = useRejectSupplier();
  return (
    <TextDialog
      open={Boolean(a)}
      title="驳回入驻申请"
      summary={
        a
          ? `驳回「${a.companyName ?? ''}」（店铺「${a.storeName ?? ''}」）的入驻申请，申请人会看到驳回原因，修改后可重新提交。`
          : null
      }
      label="驳回原因"
      okText="确认驳回"
      danger
      multiline
      max={200}
      placeholder="如：营业执照照片不清晰，请重新上传"
      pending={reject.isPending}
      onSubmit={async (reason) => {
        await reject.mutateAsync({ id: a!.id, reason });
        void message.success('已驳回');
      }}
      onClose={onClose}
    />
  );
}
