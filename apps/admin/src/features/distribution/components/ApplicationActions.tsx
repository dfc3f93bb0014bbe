import { App } from 'antd';
import type { ConsoleApplication } from '@mall/shared';
import { ReviewActions } from '../../../components/ReviewActions.tsx';
import { TextDialog } from '../../../components/TextDialog.tsx';
import { useApproveApplication, useRejectApplication } from '../api/distribution.ts';

/**
 * 通过 / 驳回 of one application, only as its `actions` allow; 驳回 opens the screen's reason dialog.
 */
export function ApplicationActions({
  a,
  onReject,
  type = 'link',
}: {
  a: ConsoleApplication;
  onReject: (a: ConsoleApplication) => void;
  type?: 'link' | 'default';
}) {
  const { message } = App.useApp();
  const approve = useApproveApplication();
  return (
    <ReviewActions
      type={type}
      approve={
        a.actions.includes('approve')
          ? {
              title: `通过 ${a.realName}（${a.programmeText}）的申请？`,
              description: `通过后该会员成为${a.programmeText}员，获得专属分享码。`,
              onConfirm: async () => {
                const done = await approve.mutateAsync({ id: a.id });
                void message.success(`已通过，${done.realName} 成为${done.programmeText}员`);
              },
            }
          : undefined
      }
      onReject={a.actions.includes('reject') ? () => onReject(a) : undefined}
    />
  );
}

/** 驳回申请: the reason the member will read (≤ 200); the server's refusal stays in the dialog. */
export function RejectApplicationDialog({ a, onClose }: { a: ConsoleApplication | null; onClose: () => void }) {
  const { message } = App.useApp();
  const reject = useRejectApplication();
  return (
    <TextDialog
      open={Boolean(a)}
      title="驳回申请"
      summary={a ? `驳回 ${a.realName}（${a.programmeText}）的申请，会员会看到驳回原因，可修改后重新申请。` : null}
      label="驳回原因"
      okText="确认驳回"
      danger
      multiline
      max={200}
      placeholder="如：分享渠道不符合要求，请补充说明后重新申请"
      pending={reject.isPending}
      onSubmit={async (reason) => {
        await reject.mutateAsync({ id: a!.id, reason });
        void message.success('已驳回');
      }}
      onClose={onClose}
    />
  );
}
