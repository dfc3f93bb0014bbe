import { useState } from 'react';
import { App, Button, Space } from 'antd';
import type { ConsoleApplication } from '@mall/shared';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { useApproveApplication, useRejectApplication } from '../api/distribution.ts';
import { TextDialog } from './TextDialog.tsx';

/**
 * 通过 / 驳回 of one application, only as its `actions` allow. 通过 asks first; 驳回 asks for the
 * reason the member will read. A refusal (a colleague decided first) shows the server's message and
 * the list is read again.
 */
export function ApplicationActions({
  a,
  size = 'small',
  type = 'link',
}: {
  a: ConsoleApplication;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}) {
  const { message } = App.useApp();
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const [rejecting, setRejecting] = useState(false);
  if (!a.actions.length) return null;
  const who = `${a.realName}（${a.programmeText}）`;
  return (
    <Space size={type === 'link' ? 0 : 8} wrap>
      {a.actions.includes('approve') ? (
        <ConfirmButton
          type={type === 'link' ? 'link' : 'primary'}
          size={size}
          danger={false}
          title={`通过 ${who} 的申请？`}
          description={`通过后该会员成为${a.programmeText}员，获得专属分享码。`}
          okText="通过"
          placement="topRight"
          onConfirm={async () => {
            const done = await approve.mutateAsync({ id: a.id });
            void message.success(`已通过，${done.realName} 成为${done.programmeText}员`);
          }}
        >
          通过
        </ConfirmButton>
      ) : null}
      {a.actions.includes('reject') ? (
        <Button type={type} size={size} danger onClick={() => setRejecting(true)}>
          驳回
        </Button>
      ) : null}
      <TextDialog
        open={rejecting}
        title="驳回申请"
        summary={`驳回 ${who} 的申请，会员会看到驳回原因，可修改后重新申请。`}
        label="驳回原因"
        okText="确认驳回"
        danger
        multiline
        max={200}
        placeholder="如：分享渠道不符合要求，请补充说明后重新申请"
        pending={reject.isPending}
        onSubmit={async (reason) => {
          await reject.mutateAsync({ id: a.id, reason });
          void message.success('已驳回');
        }}
        onClose={() => setRejecting(false)}
      />
    </Space>
  );
}
