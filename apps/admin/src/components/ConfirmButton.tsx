import { useState, type ReactNode } from 'react';
import { App, Button, Popconfirm, type ButtonProps, type PopconfirmProps } from 'antd';

/**
 * A button that asks before it acts: everything destructive or hard to undo in the console (下线,
 * 禁用, 删除, 退款, 驳回) goes through one. `onConfirm` may return a promise: the button spins until
 * it settles, and a refusal stays with the request helper's toast.
 *
 * `mode="popconfirm"` (default) asks beside the button, for row actions; `mode="modal"` asks in a
 * dialog, for page-level actions that deserve more words.
 */
export function ConfirmButton({
  title,
  description,
  okText = '确定',
  cancelText = '取消',
  danger = true,
  mode = 'popconfirm',
  placement,
  onConfirm,
  children,
  ...buttonProps
}: Omit<ButtonProps, 'onClick' | 'title'> & {
  title: ReactNode;
  description?: ReactNode;
  okText?: string;
  cancelText?: string;
  mode?: 'popconfirm' | 'modal';
  /** Where the popconfirm opens; `topRight` for actions in a table's last column. */
  placement?: PopconfirmProps['placement'];
  onConfirm: () => unknown;
  children: ReactNode;
}) {
  const { modal } = App.useApp();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };

  if (mode === 'modal') {
    return (
      <Button
        danger={danger}
        loading={busy}
        {...buttonProps}
        onClick={() =>
          modal.confirm({
            title,
            content: description,
            okText,
            cancelText,
            okButtonProps: { danger },
            // Returning the promise keeps the dialog open (its OK button spinning) until the call ends.
            onOk: () => run().catch(() => undefined),
          })
        }
      >
        {children}
      </Button>
    );
  }
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText={cancelText}
      placement={placement}
      okButtonProps={{ danger, loading: busy }}
      onConfirm={() => run().catch(() => undefined)}
    >
      <Button danger={danger} loading={busy} {...buttonProps}>
        {children}
      </Button>
    </Popconfirm>
  );
}
