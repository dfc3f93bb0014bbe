import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { errorMessage } from '../../../lib/request.ts';
import { useSetMemberStatus } from '../api/setMemberStatus.ts';
import type { MemberStatus } from '../../../entities/member/types.ts';

export interface MemberStatusTarget {
  id: string;
  name: string;
  /** What the member becomes. */
  status: MemberStatus;
}

const REASON_MAX = 200;

/**
 * 禁用 / 启用 a member: the dialog is the confirmation, and asks for the reason the audit log keeps.
 * Disabling signs the member out everywhere at once.
 */
export function MemberStatusModal({ target, onClose }: { target: MemberStatusTarget | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const mutation = useSetMemberStatus();
  const [serverError, setServerError] = useState<string | null>(null);
  const disabling = target?.status === 'disabled';

  useEffect(() => {
    if (target) {
      form.resetFields();
      setServerError(null);
    }
  }, [target, form]);

  const submit = async () => {
    if (!target) return;
    const { reason } = await form.validateFields();
    setServerError(null);
    try {
      const done = await mutation.mutateAsync({ memberId: target.id, status: target.status, reason: reason.trim() });
      void message.success(
        disabling ? `已禁用「${target.name}」，${done.sessionsEnded} 个登录设备已下线` : `已恢复「${target.name}」`,
      );
      onClose();
    } catch (err) {
      setServerError(errorMessage(err));
    }
  };

  return (
    <Modal
      open={Boolean(target)}
      title={disabling ? `禁用会员「${target?.name ?? ''}」` : `启用会员「${target?.name ?? ''}」`}
      okText={disabling ? '确认禁用' : '确认启用'}
      okButtonProps={{ danger: disabling, loading: mutation.isPending }}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Alert
        type={disabling ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        title={
          disabling
            ? '禁用后，该会员所有设备立即下线，且无法再登录，直到重新启用。'
            : '启用后，该会员可以重新登录和下单。'
        }
      />
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label="原因（记入操作日志）"
          rules={[
            { required: true, whitespace: true, message: '请填写原因' },
            { max: REASON_MAX, message: `原因不能超过 ${REASON_MAX} 个字符` },
          ]}
          validateStatus={serverError ? 'error' : undefined}
          help={serverError ?? undefined}
        >
          <Input.TextArea
            rows={3}
            maxLength={REASON_MAX}
            showCount
            placeholder={disabling ? '例如：恶意刷单、盗号风险' : '例如：申诉核实无误'}
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
